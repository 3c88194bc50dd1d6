//! Component tests: the playground mounted in a real browser, driven through its elements as a visitor
//! would (type, click, press Enter), with every expected value computed by the core.
#![cfg(target_arch = "wasm32")]

use bloom_core::params::FilterParams;
use bloom_core::playground::{Playground, Verdict};
use bloom_core::words::WORDS;
use bloom_tutorial::pages::playground::SitePlayground;
use bloom_tutorial::strings::{install, Lang, CALCULATOR, DETAILS, PAGES, SITE, WIDGETS};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    Element, Event, EventInit, HtmlElement, HtmlInputElement, InputEvent, InputEventInit,
    KeyboardEvent, KeyboardEventInit,
};
use yew::scheduler::flush;

wasm_bindgen_test_configure!(run_in_browser);

// The end-to-end tests' independent JavaScript implementation of the hashes, indexes and rates: what
// the page shows is checked against it, not against the Rust core the components call.
#[wasm_bindgen::prelude::wasm_bindgen(module = "/e2e/reference.js")]
extern "C" {
    #[wasm_bindgen(js_name = bitIndexes)]
    fn reference_double(text: &str, m: u32, k: u32) -> js_sys::Array;
    #[wasm_bindgen(js_name = enhancedIndexes)]
    fn reference_enhanced(text: &str, m: u32, k: u32) -> js_sys::Array;
    #[wasm_bindgen(js_name = independentIndexes)]
    fn reference_independent(text: &str, m: u32, k: u32) -> js_sys::Array;
    #[wasm_bindgen(js_name = approximateRate)]
    fn reference_approximate(m: u32, k: u32, n: u32) -> f64;
}

/// Numbers from a JavaScript array.
fn numbers(array: js_sys::Array) -> Vec<u32> {
    array
        .iter()
        .map(|value| value.as_f64().unwrap() as u32)
        .collect()
}

/// The double-hashing indexes of `text`, by the independent reference.
fn bit_indexes(text: &str, m: u32, k: u32) -> Vec<u32> {
    numbers(reference_double(text, m, k))
}

/// The English texts, as the page would have fetched them.
fn install_english() {
    let files = [
        (WIDGETS, include_str!("../static/locales/en/widgets.json")),
        (
            CALCULATOR,
            include_str!("../static/locales/en/calculator.json"),
        ),
        (SITE, include_str!("../static/locales/en/site.json")),
        (DETAILS, include_str!("../static/locales/en/details.json")),
        (PAGES, include_str!("../static/locales/en/pages.json")),
    ];
    for (name, json) in files {
        install(Lang::English, name, json).unwrap();
    }
}

async fn mount() -> Element {
    mount_page::<SitePlayground>(&[]).await
}

/// `C` drawn into a new element of the page from nothing — its saved state cleared, the English
/// texts and `files` (more text files, by name and JSON) installed — after its first render.
async fn mount_page<C: yew::BaseComponent<Properties = ()>>(
    files: &[(&'static str, &'static str)],
) -> Element {
    install_english();
    for &(name, json) in files {
        install(Lang::English, name, json).unwrap();
    }
    // Each test starts from nothing: the page restores saved state otherwise.
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    let document = page_document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<C>::with_root(root.clone()).render();
    flush().await;
    root
}

fn page_document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn by_testid(root: &Element, testid: &str) -> Element {
    root.query_selector(&format!("[data-testid='{testid}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={testid}"))
}

fn all_by_testid(root: &Element, testid: &str) -> Vec<Element> {
    let list = root
        .query_selector_all(&format!("[data-testid='{testid}']"))
        .unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().dyn_into().unwrap())
        .collect()
}

/// The attribute `name` of the element `testid` (which must have it).
fn attribute_of(root: &Element, testid: &str, name: &str) -> String {
    by_testid(root, testid)
        .get_attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {testid}"))
}

async fn type_into(root: &Element, testid: &str, text: &str) {
    let init = InputEventInit::new();
    init.set_bubbles(true);
    let input = InputEvent::new_with_event_init_dict("input", &init).unwrap();
    set_value(root, testid, text, &input).await;
}

async fn set_number(root: &Element, testid: &str, value: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    set_value(
        root,
        testid,
        value,
        &Event::new_with_event_init_dict("change", &init).unwrap(),
    )
    .await;
}

/// Writes `value` into the field `testid` and tells the page with `event`, as typing does.
async fn set_value(root: &Element, testid: &str, value: &str, event: &Event) {
    let input: HtmlInputElement = by_testid(root, testid).dyn_into().unwrap();
    input.set_value(value);
    input.dispatch_event(event).unwrap();
    flush().await;
}

async fn click(root: &Element, testid: &str) {
    let element: HtmlElement = by_testid(root, testid).dyn_into().unwrap();
    element.click();
    flush().await;
}

async fn press_enter(root: &Element, testid: &str) {
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    by_testid(root, testid)
        .dispatch_event(
            &KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
    flush().await;
}

/// The indexes of the cells drawn as set, read from the page.
fn set_cells(root: &Element) -> Vec<u32> {
    all_by_testid(root, "bit")
        .iter()
        .filter(|cell| cell.get_attribute("data-set").as_deref() == Some("true"))
        .map(|cell| cell.get_attribute("data-index").unwrap().parse().unwrap())
        .collect()
}

fn sorted_distinct(mut indexes: Vec<u32>) -> Vec<u32> {
    indexes.sort_unstable();
    indexes.dedup();
    indexes
}

fn text_of(root: &Element, testid: &str) -> String {
    by_testid(root, testid).text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn draws_m_cells_in_index_order() {
    let root = mount().await;
    let cells = all_by_testid(&root, "bit");
    assert_eq!(cells.len(), 32);
    for (position, cell) in cells.iter().enumerate() {
        assert_eq!(
            cell.get_attribute("data-index").unwrap(),
            position.to_string()
        );
        assert_eq!(cell.get_attribute("data-set").unwrap(), "false");
    }
}

#[wasm_bindgen_test]
async fn insert_sets_exactly_the_computed_bits() {
    let root = mount().await;
    type_into(&root, "item-input", "banana").await;
    let expected = bit_indexes("banana", 32, 3);
    let shown: Vec<u32> = attribute_of(&root, "bit-indexes", "data-value")
        .split(',')
        .map(|part| part.parse().unwrap())
        .collect();
    assert_eq!(shown, expected);
    // Typing highlights the probe bits without setting them.
    assert!(set_cells(&root).is_empty());
    let probed: Vec<u32> = all_by_testid(&root, "bit")
        .iter()
        .filter(|cell| cell.has_attribute("data-probe"))
        .map(|cell| cell.get_attribute("data-index").unwrap().parse().unwrap())
        .collect();
    assert_eq!(probed, sorted_distinct(expected.clone()));

    click(&root, "insert-button").await;
    assert_eq!(set_cells(&root), sorted_distinct(expected.clone()));
    assert_eq!(attribute_of(&root, "stat-n", "data-value"), "1");
    assert_eq!(
        attribute_of(&root, "stat-set-bits", "data-value"),
        sorted_distinct(expected).len().to_string()
    );
    assert!(text_of(&root, "insert-outcome").contains("Inserted “banana”"));
}

#[wasm_bindgen_test]
async fn enter_inserts_and_duplicates_are_noted() {
    let root = mount().await;
    type_into(&root, "item-input", "cherry").await;
    press_enter(&root, "item-input").await;
    press_enter(&root, "item-input").await;
    let outcome = text_of(&root, "insert-outcome");
    assert!(outcome.contains("already inserted"), "{outcome}");
    assert!(outcome.contains("2 times"), "{outcome}");
    assert_eq!(attribute_of(&root, "stat-n", "data-value"), "1");
}

#[wasm_bindgen_test]
async fn blank_text_is_refused() {
    let root = mount().await;
    type_into(&root, "item-input", "   ").await;
    click(&root, "insert-button").await;
    assert!(text_of(&root, "refused").contains("Nothing to insert"));
    assert!(set_cells(&root).is_empty());
}

#[wasm_bindgen_test]
async fn query_gives_all_three_verdicts() {
    let root = mount().await;
    set_number(&root, "m-input", "8").await;
    set_number(&root, "k-input", "2").await;
    assert_eq!(all_by_testid(&root, "bit").len(), 8);
    type_into(&root, "item-input", "apple").await;
    click(&root, "insert-button").await;

    // Work out with the core which words are absent and which are false positives.
    let mut model = Playground::new(FilterParams {
        bits: 8,
        hashes: 2,
        ..FilterParams::default()
    });
    model.insert("apple").unwrap();
    let absent = WORDS
        .iter()
        .find(|word| matches!(model.query(word), Verdict::Absent { .. }))
        .unwrap();
    let false_positive = WORDS
        .iter()
        .find(|word| model.query(word) == Verdict::FalsePositive)
        .unwrap();

    click(&root, "query-button").await;
    let verdict = by_testid(&root, "verdict");
    assert_eq!(verdict.get_attribute("data-verdict").unwrap(), "present");
    assert!(verdict
        .text_content()
        .unwrap()
        .contains("The filter answers “maybe”: each of its 2 probes finds a 1. Here it is right: “apple” was inserted."));

    type_into(&root, "item-input", absent).await;
    click(&root, "query-button").await;
    let verdict = by_testid(&root, "verdict");
    assert_eq!(verdict.get_attribute("data-verdict").unwrap(), "absent");
    let Verdict::Absent { zero_bits } = model.query(absent) else {
        unreachable!()
    };
    assert!(verdict.text_content().unwrap().contains(&format!(
        "Definitely not in the set: bit{} {}",
        if zero_bits.len() == 1 { "" } else { "s" },
        zero_bits[0]
    )));

    type_into(&root, "item-input", false_positive).await;
    click(&root, "query-button").await;
    let verdict = by_testid(&root, "verdict");
    assert_eq!(
        verdict.get_attribute("data-verdict").unwrap(),
        "false-positive"
    );
    assert!(verdict.text_content().unwrap().contains("a false positive"));
    assert!(text_of(&root, "provenance").contains("“apple”"));
}

#[wasm_bindgen_test]
async fn out_of_range_m_is_refused_and_nothing_is_lost() {
    let root = mount().await;
    type_into(&root, "item-input", "grape").await;
    click(&root, "insert-button").await;
    let before = set_cells(&root);
    set_number(&root, "m-input", "0").await;
    let message = text_of(&root, "m-input-error");
    assert!(message.contains("m must be from 8 to 1024"), "{message}");
    assert!(message.contains("Still using m = 32"), "{message}");
    assert_eq!(all_by_testid(&root, "bit").len(), 32);
    assert_eq!(set_cells(&root), before);

    set_number(&root, "m-input", "64").await;
    assert!(root
        .query_selector("[data-testid='m-input-error']")
        .unwrap()
        .is_none());
    assert_eq!(all_by_testid(&root, "bit").len(), 64);
    assert_eq!(
        set_cells(&root),
        sorted_distinct(bit_indexes("grape", 64, 3))
    );
}

#[wasm_bindgen_test]
async fn random_words_follow_the_visible_seed() {
    let root = mount().await;
    set_number(&root, "seed-input", "42").await;
    click(&root, "random-words-button").await;
    let expected = bloom_core::words::pick(42, 10);
    let shown: Vec<String> = all_by_testid(&root, "item")
        .iter()
        .map(|item| item.text_content().unwrap())
        .collect();
    assert_eq!(shown, expected);
    assert!(text_of(&root, "words-outcome").contains("seed 42"));
    let seed: HtmlInputElement = by_testid(&root, "seed-input").dyn_into().unwrap();
    assert_eq!(seed.value(), "43");
}

#[wasm_bindgen_test]
async fn inserting_adds_a_live_point_and_moves_the_readouts() {
    let root = mount().await;
    assert!(all_by_testid(&root, "fpr-point").is_empty());
    let approx_before = attribute_of(&root, "fpr-approx", "data-value");
    for (count, word) in ["apple", "banana", "cherry"].iter().enumerate() {
        type_into(&root, "item-input", word).await;
        click(&root, "insert-button").await;
        let points = all_by_testid(&root, "fpr-point");
        assert_eq!(points.len(), count + 1);
        assert_eq!(
            points[count].get_attribute("data-n").unwrap(),
            (count + 1).to_string()
        );
    }
    let approx_after = attribute_of(&root, "fpr-approx", "data-value");
    assert_ne!(approx_before, approx_after);
    let expected = reference_approximate(32, 3, 3);
    let shown: f64 = approx_after.parse().unwrap();
    assert!(
        (shown - expected).abs() <= 1e-12 * expected,
        "{shown} against {expected}"
    );
    assert_eq!(attribute_of(&root, "fpr-measured", "data-probes"), "10000");
}

#[wasm_bindgen_test]
async fn switching_the_scheme_changes_the_bit_indexes() {
    use bloom_core::hashing::HashScheme;
    let root = mount().await;
    type_into(&root, "item-input", "banana").await;
    let shown = |root: &Element| attribute_of(root, "bit-indexes", "data-value");
    let joined = |indexes: Vec<u32>| {
        indexes
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    assert_eq!(shown(&root), joined(bit_indexes("banana", 32, 3)));
    let select: web_sys::HtmlSelectElement = by_testid(&root, "scheme-select").dyn_into().unwrap();
    for scheme in [
        HashScheme::Independent,
        HashScheme::EnhancedDoubleHashing,
        HashScheme::Murmur128Split,
    ] {
        select.set_value(scheme.id());
        let init = EventInit::new();
        init.set_bubbles(true);
        select
            .dispatch_event(&Event::new_with_event_init_dict("change", &init).unwrap())
            .unwrap();
        flush().await;
        let expected = match scheme {
            HashScheme::Independent => numbers(reference_independent("banana", 32, 3)),
            HashScheme::EnhancedDoubleHashing => numbers(reference_enhanced("banana", 32, 3)),
            // The reference has no 128-bit MurmurHash3; tests/indexes.rs pins this scheme's
            // values to the published x64_128 vectors instead.
            _ => scheme.indexes("banana", 32, 3),
        };
        assert_eq!(shown(&root), joined(expected), "{scheme:?}");
    }
}

async fn press_key(key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    page_document()
        .body()
        .unwrap()
        .dispatch_event(&event)
        .unwrap();
    flush().await;
}

/// Waits for the presenter style sheet's `<link>` under `root` to load or fail, then for Yew to draw.
async fn sheet_settled(root: &Element) {
    let link = root
        .query_selector("link[rel=stylesheet]")
        .unwrap()
        .expect("presenter mode asks for its style sheet");
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        link.add_event_listener_with_callback("load", &resolve)
            .unwrap();
        link.add_event_listener_with_callback("error", &resolve)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    flush().await;
}

// A debug build checks Yew's rules of hooks and panics when a component calls a different number of
// hooks from one render to the next (the site's frame once returned early for embeds).
#[wasm_bindgen_test]
async fn the_site_frame_keeps_its_hooks_through_presenter_mode_and_the_shortcut_list() {
    install_english();
    let document = page_document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<bloom_tutorial::app::PlaygroundApp>::with_root(root.clone()).render();
    flush().await;
    let presenting = |root: &Element| {
        let app = root
            .query_selector(".app")
            .unwrap()
            .expect("the frame is drawn");
        app.get_attribute("class")
            .unwrap_or_default()
            .split(' ')
            .any(|name| name == "presenter")
    };
    assert!(!presenting(&root));
    press_key("p").await;
    // Presenter mode is drawn once its style sheet has come, or could not (here it is not served).
    assert!(!presenting(&root), "not before its style sheet");
    sheet_settled(&root).await;
    assert!(presenting(&root));
    press_key("?").await;
    assert!(root.query_selector("[role=dialog]").unwrap().is_some());
    press_key("Escape").await;
    assert!(root.query_selector("[role=dialog]").unwrap().is_none());
    press_key("p").await;
    assert!(!presenting(&root));
    assert!(text_of(&root, "site-nav").contains("Tutorial"));
}

/// The lab mounted on its own (no worker is served here: its runs are the end-to-end tests'
/// business), with its English texts.
async fn mount_lab() -> Element {
    mount_page::<bloom_tutorial::pages::lab::SiteLab>(&[LAB_TEXTS]).await
}

/// The lab's English texts.
const LAB_TEXTS: (&str, &str) = (
    bloom_tutorial::strings::LAB,
    include_str!("../static/locales/en/lab.json"),
);

// Each of the slides' cells as the table draws it, checked against m = ⌈−n·ln p/(ln 2)²⌉ and
// k = round((m/n)·ln 2) written out here, and against the figures the slides printed.
#[wasm_bindgen_test]
async fn the_lab_table_shows_each_cell_beside_what_the_slides_printed() {
    let before = web_sys::window().unwrap().location().href().unwrap();
    let root = mount_lab().await;
    let rows = all_by_testid(&root, "lab-row");
    assert_eq!(rows.len(), 15);
    let printed_w = [
        958, 1917, 5751, 9585, 19170, 1198, 2396, 7188, 11981, 23962, 1677, 3355, 10064, 16773,
        33547,
    ];
    for (i, row) in rows.iter().enumerate() {
        let target = [1e-4, 1e-5, 1e-7][i / 5];
        let items = [500_000.0, 1e6, 3e6, 5e6, 1e7][i % 5];
        let bits = (-items * f64::ln(target) / (std::f64::consts::LN_2.powi(2))).ceil();
        let hashes = (bits / items * std::f64::consts::LN_2).round();
        assert_eq!(row.get_attribute("data-bits").unwrap(), format!("{bits}"));
        assert_eq!(
            row.get_attribute("data-hashes").unwrap(),
            format!("{hashes}")
        );
        assert_eq!(row.get_attribute("data-measured").unwrap(), "");
        let text = row.text_content().unwrap();
        assert!(
            text.contains(&format!("printed {}W ✓", {
                let w: u32 = printed_w[i];
                if w >= 1000 {
                    format!("{},{:03}", w / 1000, w % 1000)
                } else {
                    w.to_string()
                }
            })),
            "{text}"
        );
        assert!(text.contains("not run yet"), "{text}");
    }
    assert!(text_of(&root, "lab-status").starts_with("Nothing running."));
    assert_eq!(attribute_of(&root, "lab-progress", "data-value"), "0");
    // The crawler's claim in the words a reader gets: 18 MB, as the article wrote it, is
    // 18 × 10⁶ bytes × 8 / 10⁹ URLs.
    let claim = text_of(&root, "claim-figures");
    assert!(
        claim.contains(&format!(
            "18 MB for 10⁹ URLs is {:.3} bits per URL",
            18e6 * 8.0 / 1e9
        )),
        "{claim}"
    );
    assert!(claim.contains("19,170,116,754 bits"), "{claim}");
    restore_address(&before);
}

/// Puts the address back as it was: the lab writes its settings into it, and the other tests'
/// pages read it.
fn restore_address(address: &str) {
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(address))
        .unwrap();
}

// A smaller N is a setting: the rows follow it, and it is kept as the link holds it.
#[wasm_bindgen_test]
async fn the_lab_scale_divides_n_and_is_kept() {
    let window = web_sys::window().unwrap();
    let before = window.location().href().unwrap();
    let root = mount_lab().await;
    let select: web_sys::HtmlSelectElement = by_testid(&root, "lab-scale").dyn_into().unwrap();
    select.set_value("100");
    select
        .dispatch_event(
            &Event::new_with_event_init_dict("change", &{
                let init = EventInit::new();
                init.set_bubbles(true);
                init
            })
            .unwrap(),
        )
        .unwrap();
    flush().await;
    let first = &all_by_testid(&root, "lab-row")[0];
    assert_eq!(first.get_attribute("data-n").unwrap(), "5000");
    // ⌈5,000 · ln 10⁴ / (ln 2)²⌉.
    assert_eq!(first.get_attribute("data-bits").unwrap(), "95851");
    assert!(first
        .text_content()
        .unwrap()
        .contains("0.01% for 5,000 items"));
    // Saved for the next visit as the link holds it (outside the site's frame there is no address
    // bar to write to).
    let saved = window
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("bloom-tutorial.lab")
        .unwrap()
        .unwrap_or_default();
    assert!(saved.contains("scale=100"), "{saved}");
    restore_address(&before);
}

/// The bug museum mounted on its own, with its English texts (its worker runs are the end-to-end
/// tests' business; the two cases replayed in the page run here).
async fn mount_bugs() -> Element {
    let bugs = (
        bloom_tutorial::strings::BUGS,
        include_str!("../static/locales/en/bugs.json"),
    );
    mount_page::<bloom_tutorial::pages::bugs::SiteBugs>(&[bugs]).await
}

// Every case's promise, against (1 − e^(−kn/m))^k written out here from the n, m and k the case
// shows; then the wrapped size's replay, run in the page: every stranger answered "maybe".
#[wasm_bindgen_test]
async fn the_bug_museum_states_each_promise_and_replays_the_wrapped_size() {
    let root = mount_bugs().await;
    let cases = root.query_selector_all("[data-testid=bug-case]").unwrap();
    assert_eq!(cases.length(), 7);
    for index in 0..cases.length() {
        let case: Element = cases.item(index).unwrap().dyn_into().unwrap();
        let number = |name: &str| -> f64 {
            case.get_attribute(&format!("data-{name}"))
                .unwrap()
                .parse()
                .unwrap()
        };
        let (n, m, k) = (number("n"), number("m"), number("k"));
        let theory: f64 = case
            .query_selector("[data-testid=bug-rate][data-variant=theory]")
            .unwrap()
            .unwrap()
            .get_attribute("data-value")
            .unwrap()
            .parse()
            .unwrap();
        let expected = if case.get_attribute("data-case").unwrap() == "wrong-fnv" {
            0.0
        } else {
            (1.0 - (-k * n / m).exp()).powf(k)
        };
        assert!(
            (theory - expected).abs() <= expected * 1e-12,
            "{theory} {expected}"
        );
    }
    let wrapped: Element = root
        .query_selector("[data-case=size-overflow]")
        .unwrap()
        .unwrap();
    let run: web_sys::HtmlElement = wrapped
        .query_selector("[data-testid=bug-run]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    run.click();
    flush().await;
    let buggy = wrapped
        .query_selector("[data-testid=bug-rate][data-variant=buggy]")
        .unwrap()
        .unwrap();
    assert_eq!(buggy.get_attribute("data-value").unwrap(), "1");
    let text = buggy.text_content().unwrap();
    assert!(text.contains("100% — 10,000 of 10,000"), "{text}");
    assert!(
        text.contains("× the promise, outside what the theory allows."),
        "{text}"
    );
}

/// A page as the site's frame draws it: a part at once, two parts a turn later each (the second
/// holding a third that waits a turn of its own), and one the reader can take away before its turn.
#[yew::component]
fn StagedPage() -> yew::Html {
    use bloom_tutorial::hooks::use_prerendered::{use_replace_prerendered, use_turn};
    use yew::html;
    use_replace_prerendered();
    let keep = yew::use_state(|| true);
    let turns = [use_turn(), use_turn()];
    let drop_part = {
        let keep = keep.clone();
        yew::Callback::from(move |_: web_sys::MouseEvent| keep.set(false))
    };
    html! {
        <div>
            <button data-testid="drop" onclick={drop_part}>{ "drop" }</button>
            <p data-testid="first">{ "first" }</p>
            if turns[0] {
                <p data-testid="second">{ "second" }</p>
            }
            if turns[1] {
                <StagedPart testid="third" />
            }
            if *keep {
                <StagedPart testid="dropped" />
            }
        </div>
    }
}

#[derive(yew::Properties, PartialEq)]
struct StagedPartProps {
    testid: &'static str,
}

/// A part that waits its turn.
#[yew::component]
fn StagedPart(props: &StagedPartProps) -> yew::Html {
    if bloom_tutorial::hooks::use_prerendered::use_turn() {
        yew::html! { <p data-testid={props.testid}>{ props.testid }</p> }
    } else {
        yew::Html::default()
    }
}

/// Resolves in a task of its own, after the tasks queued before it.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    flush().await;
}

/// Mounts [`StagedPage`] beside a prerendered copy, as a page's entry does.
async fn mount_staged() -> Element {
    let document = page_document();
    let copy = document.create_element("div").unwrap();
    copy.set_id("prerendered");
    copy.set_text_content(Some("the page as the build wrote it"));
    document.body().unwrap().append_child(&copy).unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<StagedPage>::with_root(root.clone()).render();
    flush().await;
    root
}

fn shows(root: &Element, testid: &str) -> bool {
    root.query_selector(&format!("[data-testid='{testid}']"))
        .unwrap()
        .is_some()
}

fn copy_shown() -> bool {
    page_document().get_element_by_id("prerendered").is_some()
}

#[wasm_bindgen_test]
async fn costly_parts_are_drawn_a_task_each_behind_the_prerendered_copy() {
    let root = mount_staged().await;
    let drawn = |root: &Element| {
        ["first", "second", "third", "dropped"]
            .into_iter()
            .filter(|testid| shows(root, testid))
            .collect::<Vec<_>>()
    };
    // The first draw: the page without its costly parts, the copy still on screen.
    assert_eq!(drawn(&root), ["first"]);
    assert!(copy_shown());
    // One part per task, in the order they asked; a part inside a part asks when it appears.
    next_task().await;
    assert_eq!(drawn(&root), ["first", "second"]);
    next_task().await;
    assert_eq!(
        drawn(&root),
        ["first", "second"],
        "the third waits a turn of its own"
    );
    next_task().await;
    assert_eq!(drawn(&root), ["first", "second", "dropped"]);
    assert!(copy_shown());
    next_task().await;
    assert_eq!(drawn(&root), ["first", "second", "third", "dropped"]);
    assert!(copy_shown());
    // The task after the last part's takes the copy away.
    next_task().await;
    assert!(!copy_shown(), "the copy goes once every part is drawn");
    // Once the copy is gone, a part that appears is drawn at once.
    let later = page_document().create_element("div").unwrap();
    page_document()
        .body()
        .unwrap()
        .append_child(&later)
        .unwrap();
    yew::Renderer::<StagedPage>::with_root(later.clone()).render();
    flush().await;
    assert_eq!(drawn(&later), ["first", "second", "third", "dropped"]);
}

#[wasm_bindgen_test]
async fn a_part_taken_away_before_its_turn_does_not_keep_the_copy() {
    let root = mount_staged().await;
    assert!(!shows(&root, "dropped"));
    by_testid(&root, "drop")
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    flush().await;
    let mut tasks = 0;
    while copy_shown() && tasks < 10 {
        next_task().await;
        tasks += 1;
    }
    assert!(
        !copy_shown(),
        "the copy goes once the parts still there are drawn"
    );
    assert!(!shows(&root, "dropped"));
    assert!(shows(&root, "second") && shows(&root, "third"));
}
