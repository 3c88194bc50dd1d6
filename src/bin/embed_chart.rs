//! Mounts the embeddable chart (the `embed/chart/` page).

fn main() {
    yew::Renderer::<bloom_tutorial::embed_app::EmbedChart>::new().render();
}
