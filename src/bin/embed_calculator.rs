//! Mounts the embeddable calculator (the `embed/calculator/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedCalculator>::with_root(root).render();
    }
}
