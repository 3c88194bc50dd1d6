//! Mounts the embeddable combining filters widget (the `embed/sets/` page).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::embed_app::EmbedSets>::with_root(root).render();
    }
}
