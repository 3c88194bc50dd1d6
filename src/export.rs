//! Downloads for slides: the rate chart as SVG (its colours and fonts written into the file, since the
//! page's stylesheet does not travel with it) or PNG, and the bit array as PNG drawn from the filter
//! itself. Everything happens in the browser (`static/export.js`, fetched on the first download); the
//! layout of the array's cells comes from the core.

use wasm_bindgen::prelude::*;
use web_sys::Element;

use bloom_core::chart::grid_cells;
use bloom_core::playground::Playground;

// The downloads' code (`static/export.js`, at the site's root) is fetched the first time someone
// downloads: few readers do, and every page would otherwise carry it. The array's bytes are copied
// before the wait, since a view into the wasm memory does not outlive the call.
#[wasm_bindgen(inline_js = "
const later = (name) => (...args) => {
  const copies = args.map((arg) => (ArrayBuffer.isView(arg) ? arg.slice() : arg));
  const root = document.querySelector('meta[name=bloom-root]')?.content ?? './';
  import(new URL(root + 'export.js', document.baseURI).href).then((module) => module[name](...copies));
};
export const downloadChartSvg = later('downloadChartSvg');
export const downloadChartPng = later('downloadChartPng');
export const downloadBitsPng = later('downloadBitsPng');
")]
extern "C" {
    #[wasm_bindgen(js_name = downloadChartSvg)]
    fn download_chart_svg_js(figure: Option<Element>, filename: &str);
    #[wasm_bindgen(js_name = downloadChartPng)]
    fn download_chart_png_js(figure: Option<Element>, scale: f64, filename: &str);
    #[wasm_bindgen(js_name = downloadBitsPng)]
    fn download_bits_png_js(
        bits: &[u8],
        corners: &[f64],
        width: f64,
        height: f64,
        cell: f64,
        filename: &str,
    );
}

/// Offers the chart drawn in `figure` as an SVG file.
pub fn download_chart_svg(figure: Option<Element>) {
    download_chart_svg_js(figure, "bloom-filter-chart.svg");
}

/// Offers the chart drawn in `figure` as a PNG at twice its size.
pub fn download_chart_png(figure: Option<Element>) {
    download_chart_png_js(figure, 2.0, "bloom-filter-chart.png");
}

/// Offers the bit array as a PNG: 16 cells a row up to 64 bits, 32 beyond, each with its index above
/// and its value inside.
pub fn download_bits_png(playground: &Playground) {
    const CELL: f64 = 48.0;
    const GAP: f64 = 6.0;
    let m = playground.params().bits;
    let columns = if m <= 64 { 16 } else { 32 };
    let (width, height, corners) = grid_cells(m, columns, CELL, GAP);
    let bits: Vec<u8> = (0..m)
        .map(|index| u8::from(playground.filter().bits().get(index)))
        .collect();
    let corners: Vec<f64> = corners.into_iter().flat_map(|(x, y)| [x, y]).collect();
    download_bits_png_js(
        &bits,
        &corners,
        width,
        height,
        CELL,
        "bloom-filter-bits.png",
    );
}
