//! Mounts the site.

fn main() {
    yew::Renderer::<bloom_tutorial::app::App>::new().render();
}
