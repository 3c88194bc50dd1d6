//! Mounts the playground, the site's root page.

fn main() {
    yew::Renderer::<bloom_tutorial::app::PlaygroundApp>::new().render();
}
