//! Mounts the tutorial (`learn/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::LearnApp>::with_root(root).render();
    }
}
