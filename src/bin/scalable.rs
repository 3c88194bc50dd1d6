//! Mounts the scalable filter page (`scalable/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::ScalableApp>::with_root(root).render();
    }
}
