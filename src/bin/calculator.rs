//! Mounts the calculator (`calculator/`).

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::CalculatorApp>::with_root(root).render();
    }
}
