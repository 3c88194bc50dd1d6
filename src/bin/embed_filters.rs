//! Mounts the embeddable filters of today (the `embed/filters/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedFilters>::with_root(root).render();
    }
}
