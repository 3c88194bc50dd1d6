//! Mounts the embeddable playground (the `embed/playground/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedPlayground>::with_root(root).render();
    }
}
