//! Downloads for slides: the rate chart as SVG (its colours and fonts written into the file, since the
//! page's stylesheet does not travel with it) or PNG, and the bit array as PNG drawn from the filter
//! itself. Everything happens in the browser; files are handed over as `blob:`/`data:` URLs.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, Element, HtmlAnchorElement, HtmlCanvasElement,
    HtmlImageElement, Url,
};

use crate::bloom::chart::grid_cells;
use crate::bloom::playground::Playground;

/// The style properties copied onto each element of an exported SVG.
const SVG_STYLE: [&str; 9] = [
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "font-size",
    "font-family",
    "font-weight",
    "opacity",
    "display",
];

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Offers `url` as a file named `filename`.
fn offer(url: &str, filename: &str) -> Result<(), JsValue> {
    let document = document().ok_or("no document")?;
    let link: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(url);
    link.set_download(filename);
    link.click();
    Ok(())
}

/// Offers `text` as a file.
pub fn download_text(text: &str, mime: &str, filename: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let result = offer(&url, filename);
    Url::revoke_object_url(&url)?;
    result
}

/// A standalone SVG document of `svg`: computed styles inlined, a background of `background`.
pub fn standalone_svg(svg: &Element, background: &str) -> Result<String, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let copy: Element = svg.clone_node_with_deep(true)?.dyn_into()?;
    let originals = svg.query_selector_all("*")?;
    let copies = copy.query_selector_all("*")?;
    for index in 0..originals.length() {
        let (Some(original), Some(target)) = (originals.item(index), copies.item(index)) else {
            continue;
        };
        let (original, target): (Element, Element) = (original.dyn_into()?, target.dyn_into()?);
        if let Some(style) = window.get_computed_style(&original)? {
            let inline: Vec<String> = SVG_STYLE
                .iter()
                .filter_map(|name| {
                    style
                        .get_property_value(name)
                        .ok()
                        .map(|value| format!("{name}:{value}"))
                })
                .collect();
            target.set_attribute("style", &inline.join(";"))?;
        }
        target.remove_attribute("class")?;
    }
    copy.set_attribute("xmlns", "http://www.w3.org/2000/svg")?;
    if let Some(view_box) = svg.get_attribute("viewBox") {
        let size: Vec<&str> = view_box.split_whitespace().collect();
        if let [_, _, width, height] = size[..] {
            copy.set_attribute("width", width)?;
            copy.set_attribute("height", height)?;
        }
    }
    copy.set_attribute("style", &format!("background:{background}"))?;
    // A solid background rectangle, so the chart reads on any slide.
    let rect = document()
        .ok_or("no document")?
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "rect")?;
    rect.set_attribute("width", "100%")?;
    rect.set_attribute("height", "100%")?;
    rect.set_attribute("fill", background)?;
    copy.insert_before(&rect, copy.first_child().as_ref())?;
    web_sys::XmlSerializer::new()?.serialize_to_string(&copy)
}

/// Renders an SVG document to a PNG data URL at `scale` × its size.
pub async fn svg_to_png(
    svg_text: &str,
    width: f64,
    height: f64,
    scale: f64,
) -> Result<String, JsValue> {
    let document = document().ok_or("no document")?;
    let image: HtmlImageElement = document.create_element("img")?.dyn_into()?;
    let encoded = js_sys::encode_uri_component(svg_text);
    image.set_src(&format!("data:image/svg+xml;charset=utf-8,{encoded}"));
    JsFuture::from(image.decode()).await?;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    canvas.set_width((width * scale).round() as u32);
    canvas.set_height((height * scale).round() as u32);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    context.scale(scale, scale)?;
    context.draw_image_with_html_image_element_and_dw_and_dh(&image, 0.0, 0.0, width, height)?;
    canvas.to_data_url_with_type("image/png")
}

/// Offers a PNG data URL as a file.
pub fn download_data_url(url: &str, filename: &str) -> Result<(), JsValue> {
    offer(url, filename)
}

/// Colours for drawing the bit array, read from the page's theme.
pub struct ArrayColours {
    /// Page background.
    pub background: String,
    /// A 0 cell.
    pub cell: String,
    /// A 1 cell.
    pub set: String,
    /// Text on a 0 cell.
    pub cell_text: String,
    /// Text on a 1 cell.
    pub set_text: String,
    /// Cell borders.
    pub border: String,
}

impl ArrayColours {
    /// The current theme's colours (custom properties on the document element).
    pub fn from_page() -> Self {
        let read = page_colour;
        Self {
            background: read("--panel", "#ffffff"),
            cell: read("--cell-bg", "#ffffff"),
            set: read("--set-bg", "#1f3a5f"),
            cell_text: read("--cell-text", "#5a5a5a"),
            set_text: read("--set-text", "#ffffff"),
            border: read("--border", "#8a8a8a"),
        }
    }
}

/// The colour a custom property (`--panel`) stands for on this page now, as `rgb(…)`: the stylesheet
/// writes colours as `light-dark(…, …)`, which only an element can resolve, so a hidden probe element
/// wears it for a moment. `fallback` when there is no page.
pub fn page_colour(name: &str, fallback: &str) -> String {
    let resolve = || -> Option<String> {
        let window = web_sys::window()?;
        let document = window.document()?;
        let probe = document.create_element("span").ok()?;
        probe
            .set_attribute("style", &format!("display:none;color:var({name})"))
            .ok()?;
        document.body()?.append_child(&probe).ok()?;
        let colour = window
            .get_computed_style(&probe)
            .ok()
            .flatten()
            .and_then(|style| style.get_property_value("color").ok());
        probe.remove();
        colour.filter(|colour| !colour.trim().is_empty())
    };
    resolve().unwrap_or_else(|| fallback.to_owned())
}

/// Draws the bit array (index above, value inside each cell) and returns a PNG data URL.
pub fn bit_array_png(playground: &Playground, colours: &ArrayColours) -> Result<String, JsValue> {
    const CELL: f64 = 48.0;
    const GAP: f64 = 6.0;
    const SCALE: f64 = 2.0;
    let m = playground.params().bits;
    let columns = if m <= 64 { 16 } else { 32 };
    let (width, height, corners) = grid_cells(m, columns, CELL, GAP);
    let document = document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    canvas.set_width((width * SCALE) as u32);
    canvas.set_height((height * SCALE) as u32);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    context.scale(SCALE, SCALE)?;
    context.set_fill_style_str(&colours.background);
    context.fill_rect(0.0, 0.0, width, height);
    context.set_text_align("center");
    for (index, &(x, y)) in corners.iter().enumerate() {
        let set = playground.filter().bits().get(index as u32);
        context.set_fill_style_str(if set { &colours.set } else { &colours.cell });
        context.fill_rect(x, y, CELL, CELL);
        context.set_stroke_style_str(&colours.border);
        context.stroke_rect(x + 0.5, y + 0.5, CELL - 1.0, CELL - 1.0);
        context.set_fill_style_str(if set {
            &colours.set_text
        } else {
            &colours.cell_text
        });
        context.set_font("11px system-ui, sans-serif");
        context.fill_text(&index.to_string(), x + CELL / 2.0, y + 13.0)?;
        context.set_font("bold 22px system-ui, sans-serif");
        context.fill_text(if set { "1" } else { "0" }, x + CELL / 2.0, y + 38.0)?;
    }
    canvas.to_data_url_with_type("image/png")
}
