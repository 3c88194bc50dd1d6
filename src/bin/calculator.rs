//! Mounts the calculator (`calculator/`).

fn main() {
    yew::Renderer::<bloom_tutorial::app::CalculatorApp>::new().render();
}
