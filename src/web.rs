//! The browser window, where there is one. A page rendered to HTML outside a browser (prerendered at
//! build time, or in a host test) has none, and everything that reads the window falls back to its
//! default; what such a page must still know is where it is — its folder, and so its language and its
//! way up to the site's root — which the build sets for each page it renders.

/// The window (`None` outside a browser).
pub fn window() -> Option<web_sys::Window> {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The browser's `localStorage`, where the site remembers a visitor's last state (`None` outside a
/// browser, or where storage is blocked).
pub fn storage() -> Option<web_sys::Storage> {
    window()?.local_storage().ok()?
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static RENDERED_FOLDER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Outside a browser: the folder of the page being rendered, below the site's root (`zh/learn/4/`).
#[cfg(not(target_arch = "wasm32"))]
pub fn set_rendered_page(folder: &str) {
    RENDERED_FOLDER.with(|rendered| *rendered.borrow_mut() = folder.to_owned());
}

/// The way up to the site's root when the page itself cannot say: `./` in a browser (every page
/// says), from the rendered page's folder outside one.
pub fn default_root() -> String {
    #[cfg(target_arch = "wasm32")]
    return "./".into();
    #[cfg(not(target_arch = "wasm32"))]
    RENDERED_FOLDER.with(|rendered| {
        let depth = rendered.borrow().matches('/').count();
        if depth == 0 {
            "./".into()
        } else {
            "../".repeat(depth)
        }
    })
}

/// The page's path: the address bar's in a browser, `/` and the rendered page's folder outside one.
pub fn page_path() -> String {
    #[cfg(target_arch = "wasm32")]
    return window()
        .and_then(|window| window.location().pathname().ok())
        .unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    RENDERED_FOLDER.with(|rendered| format!("/{}", rendered.borrow()))
}

/// Where an entry mounts its app: a new element at the end of the body. Yew empties the element it
/// mounts into, so the app gets one of its own, and the prerendered page beside it stays on screen
/// until the app has drawn the same page and takes it away (`hooks::use_prerendered`). `None` outside
/// a browser.
pub fn app_root() -> Option<web_sys::Element> {
    let document = window()?.document()?;
    let root = document.create_element("div").ok()?;
    root.set_id("app");
    document.body()?.append_child(&root).ok()?;
    Some(root)
}

/// The window's width in CSS pixels (`None` outside a browser).
pub fn window_width() -> Option<f64> {
    window()
        .and_then(|window| window.inner_width().ok())
        .and_then(|width| width.as_f64())
}

/// True on a screen at least as wide as the style sheets' 900 px break (a laptop or a projector, not
/// a phone).
pub fn wide_screen() -> bool {
    window_width().is_some_and(|width| width >= 900.0)
}

/// Scrolls `scroller` by most of its height, down (`direction` 1) or up (−1), as a remote's page keys
/// do; false when it did not move: less than a line more of it that way (a sliver of a panel's
/// padding is not worth a press a class would see do nothing), or a box whose content only
/// overflows (it does not scroll).
pub fn page_through(scroller: &web_sys::Element, direction: f64) -> bool {
    const SLIVER: f64 = 24.0;
    let (top, seen, whole) = (
        scroller.scroll_top(),
        f64::from(scroller.client_height()),
        f64::from(scroller.scroll_height()),
    );
    let more = if direction > 0.0 {
        f64::from(top) + seen < whole - SLIVER
    } else {
        top > 1
    };
    if more {
        scroller.scroll_by_with_x_and_y(0.0, direction * seen * 0.85);
    }
    more && scroller.scroll_top() != top
}

/// True when the element `node` holds is drawn (has a box): not in a hidden slide or panel.
pub fn drawn(node: &yew::NodeRef) -> bool {
    node.cast::<web_sys::Element>()
        .is_some_and(|element| element.client_height() > 0)
}

/// The page's first element that matches `selector`, if any.
pub fn find(selector: &str) -> Option<web_sys::Element> {
    window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()
}
