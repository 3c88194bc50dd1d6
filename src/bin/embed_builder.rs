//! Mounts the embed page (`embed/`), where a blog author gets a widget's code.

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::EmbedBuilderApp>::with_root(root).render();
    }
}
