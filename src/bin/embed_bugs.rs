//! Mounts one embeddable case of the bug museum (the `embed/bugs/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedBugs>::with_root(root).render();
    }
}
