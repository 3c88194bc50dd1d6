//! Mounts the embed page (`embed/`), where a blog author gets a widget's code.

fn main() {
    yew::Renderer::<bloom_tutorial::app::EmbedBuilderApp>::new().render();
}
