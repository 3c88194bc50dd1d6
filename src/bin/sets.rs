//! Mounts the combining filters page (`sets/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::SetsApp>::with_root(root).render();
    }
}
