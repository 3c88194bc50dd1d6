//! Mounts the embeddable calculator (the `embed/calculator/` page).

fn main() {
    yew::Renderer::<bloom_tutorial::embed_app::EmbedCalculator>::new().render();
}
