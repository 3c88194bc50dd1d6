//! Mounts the playground, the site's root page.

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::PlaygroundApp>::with_root(root).render();
    }
}
