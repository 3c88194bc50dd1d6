//! Mounts the tutorial (`learn/`).

fn main() {
    yew::Renderer::<bloom_tutorial::app::LearnApp>::new().render();
}
