//! Mounts the embeddable chart (the `embed/chart/` page).

fn main() {
    if let Some(root) = bloom_tutorial::crash::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedChart>::with_root(root).render();
    }
}
