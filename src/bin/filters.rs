//! Mounts the page of the filters the field uses today (`filters/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::FiltersApp>::with_root(root).render();
    }
}
