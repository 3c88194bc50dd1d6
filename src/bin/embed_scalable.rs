//! Mounts the embeddable scalable filter (the `embed/scalable/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedScalable>::with_root(root).render();
    }
}
