//! Mounts the combining entry: the scalable filter (`scalable/`) or combining filters (`sets/`), as
//! the page's folder says.

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::CombineApp>::with_root(root).render();
    }
}
