//! The lab's worker (`lab/lab-worker-loader.js`): runs the lab's cells off the page's thread.

fn main() {
    #[cfg(target_arch = "wasm32")]
    bloom_tutorial::lab_worker::start();
}
