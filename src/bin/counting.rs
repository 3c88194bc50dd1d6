//! Mounts the counting entry: the counting Bloom filter (`counting/`) or the count-min sketch
//! (`count-min/`), as the page's folder says.

fn main() {
    if let Some(root) = bloom_tutorial::web::app_root() {
        yew::Renderer::<bloom_tutorial::app::CountingApp>::with_root(root).render();
    }
}
