//! Mounts the embeddable lab table (the `embed/lab/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedLab>::with_root(root).render();
    }
}
