//! Mounts the embeddable partitioned, compressed and cascaded filters (the `embed/shipping/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedShipping>::with_root(root).render();
    }
}
