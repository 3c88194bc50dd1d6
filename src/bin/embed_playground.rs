//! Mounts the embeddable playground (the `embed/playground/` page).

fn main() {
    yew::Renderer::<bloom_tutorial::embed_app::EmbedPlayground>::new().render();
}
