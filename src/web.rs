//! The browser window, where there is one. A page rendered to HTML outside a browser (prerendered at
//! build time, or in a host test) has none, and everything that reads the window falls back to its
//! default; the one thing such a page must still know is its way up to the site's root, which the
//! build sets for each page it renders.

/// The window (`None` outside a browser).
pub fn window() -> Option<web_sys::Window> {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static RENDERED_ROOT: std::cell::RefCell<String> = std::cell::RefCell::new("./".into());
}

/// Outside a browser: the way up to the site's root from the page being rendered (`./`, `../../`).
#[cfg(not(target_arch = "wasm32"))]
pub fn set_rendered_root(root: &str) {
    RENDERED_ROOT.with(|rendered| *rendered.borrow_mut() = root.to_owned());
}

/// The way up to the site's root when the page itself cannot say: `./` in a browser (every page
/// says), the build's setting outside one.
pub fn default_root() -> String {
    #[cfg(target_arch = "wasm32")]
    return "./".into();
    #[cfg(not(target_arch = "wasm32"))]
    RENDERED_ROOT.with(|rendered| rendered.borrow().clone())
}
