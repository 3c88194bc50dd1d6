//! Mounts the embeddable counting Bloom filter (the `embed/counting/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedCounting>::with_root(root).render();
    }
}
