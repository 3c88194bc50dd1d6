//! Mounts the scalable filter page (`scalable/`).

fn main() {
    if let Some(root) = bloom_tutorial::crash::app_root() {
        yew::Renderer::<bloom_tutorial::app::ScalableApp>::with_root(root).render();
    }
}
