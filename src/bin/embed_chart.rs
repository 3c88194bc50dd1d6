//! Mounts the embeddable chart (the `embed/chart/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedChart>::with_root(root).render();
    }
}
