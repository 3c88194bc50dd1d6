//! Mounts the embeddable count-min sketch (the `embed/count-min/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedCountMin>::with_root(root).render();
    }
}
