//! Mounts the big-N lab (`lab/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::LabApp>::with_root(root).render();
    }
}
