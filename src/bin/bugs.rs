//! Mounts the bug museum (`bugs/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::BugsApp>::with_root(root).render();
    }
}
