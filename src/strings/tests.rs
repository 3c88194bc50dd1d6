//! The resource files, checked against the code that uses them, and the helpers other modules'
//! tests use to read them.

use super::catalog::Catalog;
use super::lang::Lang;
use super::loaded::install;
use super::messages::{Msg, CALCULATOR, DETAILS, RESOURCES, SITE, WIDGETS};
use super::templates::blanks;

/// A resource file of `lang`, as shipped.
pub fn resource_json(lang: Lang, name: &str) -> String {
    let path = format!(
        "{}/static/locales/{}/{name}.json",
        env!("CARGO_MANIFEST_DIR"),
        lang.param()
    );
    std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} is missing"))
}

/// Installs every language's texts, as the page does once its files arrive.
pub fn install_all() {
    for lang in Lang::ALL {
        for name in RESOURCES {
            install(lang, name, &resource_json(lang, name)).expect("a resource file parses");
        }
    }
}

#[test]
fn every_language_lists_each_files_messages_in_the_order_the_ids_are_numbered() {
    // The build checks this before anything compiles; the test reads the files as the page does.
    for lang in Lang::ALL {
        for name in RESOURCES {
            let catalog = Catalog::parse(&resource_json(lang, name)).unwrap();
            let wanted: Vec<&str> = Msg::ALL
                .iter()
                .filter(|msg| msg.resource() == name)
                .map(|msg| msg.key())
                .collect();
            let found: Vec<&str> = catalog.keys().collect();
            assert_eq!(found, wanted, "{lang:?} {name}");
            assert_eq!(catalog.len(), wanted.len(), "{lang:?} {name}: no key twice");
            for msg in Msg::ALL.iter().filter(|msg| msg.resource() == name) {
                assert_eq!(catalog.nth(msg.place().1), catalog.get(msg.key()));
            }
        }
    }
}

#[test]
fn every_message_is_in_its_file_in_every_language_and_fills_only_the_blanks_its_callers_give() {
    for lang in Lang::ALL {
        for name in RESOURCES {
            let catalog = Catalog::parse(&resource_json(lang, name)).unwrap();
            for &msg in Msg::ALL.iter().filter(|msg| msg.resource() == name) {
                let entry = catalog
                    .get(msg.key())
                    .unwrap_or_else(|| panic!("{} is missing in {lang:?} {name}", msg.key()));
                for form in entry.forms() {
                    // A separator may be only spaces; everything else must say something.
                    if !matches!(
                        msg,
                        Msg::ListSeparator | Msg::ListLastSeparator | Msg::ListLastQuoted
                    ) {
                        assert!(!form.trim().is_empty(), "{msg:?} in {lang:?}");
                    }
                    for blank in blanks(form) {
                        assert!(
                            msg.blanks().contains(&blank),
                            "{msg:?} in {lang:?} uses {{{blank}}}, which no caller fills"
                        );
                    }
                }
                // The main form says everything the code provides (a "one" form may leave out
                // the 1).
                assert_eq!(
                    blanks(entry.form("other")),
                    msg.blanks(),
                    "{msg:?} in {lang:?}"
                );
            }
            // Nothing in the file is left over, or belongs in the other file.
            for key in catalog.keys() {
                assert!(
                    Msg::ALL
                        .iter()
                        .any(|msg| msg.key() == key && msg.resource() == name),
                    "{key} in {lang:?} {name} is not a message of that file"
                );
            }
        }
    }
}

/// The source files of the playground and chart widgets, which fetch only [`WIDGETS`].
const WIDGET_SOURCES: [&str; 23] = [
    include_str!("../embed_app.rs"),
    include_str!("../pages/playground.rs"),
    include_str!("../pages/playground/slots.rs"),
    include_str!("../pages/chart_embed.rs"),
    include_str!("../hooks/use_lang.rs"),
    include_str!("../hooks/use_saved_playground.rs"),
    include_str!("../hooks/use_embed.rs"),
    include_str!("../shortcuts.rs"),
    include_str!("../components/bit_array.rs"),
    include_str!("../components/bit_cell.rs"),
    include_str!("../components/hash_workings.rs"),
    include_str!("../components/number_field.rs"),
    include_str!("../components/outcome_panel.rs"),
    include_str!("../components/rate_chart.rs"),
    include_str!("../components/rate_chart/axes.rs"),
    include_str!("../components/rate_chart/curves.rs"),
    include_str!("../components/rate_chart/legend.rs"),
    include_str!("../components/rate_chart/points.rs"),
    include_str!("../components/rate_chart/readouts.rs"),
    include_str!("../components/rate_chart/table.rs"),
    include_str!("../components/rate_point.rs"),
    include_str!("../components/state_error.rs"),
    include_str!("../components/step_through.rs"),
];

/// The source files of the calculator widget, which fetches [`WIDGETS`] and [`CALCULATOR`].
const CALCULATOR_SOURCES: [&str; 4] = [
    include_str!("../pages/calculator.rs"),
    include_str!("../components/calculator_field.rs"),
    include_str!("../components/calculator_result.rs"),
    include_str!("../components/memory_chart.rs"),
];

/// What the site's playground page adds to the widgets, which fetches [`WIDGETS`] and [`SITE`].
const PLAYGROUND_PAGE_SOURCES: [&str; 9] = [
    include_str!("../app.rs"),
    include_str!("../pages/playground/site_parts.rs"),
    include_str!("../components/compared_rate_chart.rs"),
    include_str!("../components/optimal_k.rs"),
    include_str!("../components/share_panel.rs"),
    include_str!("../components/stats_panel.rs"),
    include_str!("../components/item_list.rs"),
    include_str!("../components/shortcut_help.rs"),
    include_str!("../hooks/use_presenter.rs"),
];

/// The messages `source` names.
fn messages_in(source: &str) -> Vec<Msg> {
    source
        .split("Msg::")
        .skip(1)
        .filter_map(|used| {
            let name: String = used
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            Msg::ALL.iter().copied().find(|msg| msg.key() == name)
        })
        .collect()
}

#[test]
fn every_text_a_page_or_widget_shows_is_in_the_files_it_fetches() {
    // What this module's own code shows (units, list separators, scheme names) every widget may.
    let messages = include_str!("messages.rs");
    let own = [
        include_str!("lang.rs"),
        include_str!("loaded.rs"),
        include_str!("templates.rs"),
        &messages[..messages.find("macro_rules! messages").unwrap()],
    ];
    let checks: [(&[&str], &[&str]); 4] = [
        (&WIDGET_SOURCES, &[WIDGETS]),
        (&own, &[WIDGETS]),
        (&CALCULATOR_SOURCES, &[WIDGETS, CALCULATOR]),
        (&PLAYGROUND_PAGE_SOURCES, &[WIDGETS, SITE]),
    ];
    for (sources, files) in checks {
        for source in sources {
            // A component that fetches the details itself when it opens may show them.
            let fetches_details = source.contains("vec![DETAILS.to_owned()]");
            for msg in messages_in(source) {
                assert!(
                    files.contains(&msg.resource())
                        || (fetches_details && msg.resource() == DETAILS),
                    "{msg:?} is shown where only {files:?} are fetched"
                );
            }
        }
    }
}

#[test]
fn translations_are_really_translated() {
    install_all();
    let same = |lang: Lang| {
        Msg::ALL
            .iter()
            .filter(|&&msg| lang.text(msg) == Lang::English.text(msg))
            .count()
    };
    // Formulas, symbols and names stay as they are (m, k, A OR B, (X/m)^k, DEFLATE, the
    // calculator's worked formulas, the units KiB to PiB: 40 today); everything else differs.
    assert!(
        same(Lang::Chinese) < 45,
        "{} untranslated",
        same(Lang::Chinese)
    );
    assert!(
        same(Lang::Japanese) < 45,
        "{} untranslated",
        same(Lang::Japanese)
    );
    assert_eq!(Lang::Chinese.text(Msg::InsertButton), "插入");
    assert_eq!(Lang::Japanese.text(Msg::ChartAxisRate), "偽陽性率");
}

#[test]
fn counts_take_each_languages_plural_forms() {
    install_all();
    let items = |lang: Lang, count: u64| {
        lang.plural(
            Msg::IgnoredBlankItems,
            count,
            &[("count", &lang.count(count))],
        )
    };
    assert_eq!(items(Lang::English, 0), "0 empty items");
    assert_eq!(items(Lang::English, 1), "1 empty item");
    assert_eq!(items(Lang::English, 2), "2 empty items");
    assert_eq!(items(Lang::English, 21), "21 empty items");
    for count in [0, 1, 2, 21] {
        assert_eq!(items(Lang::Chinese, count), format!("{count} 个空元素"));
        assert_eq!(items(Lang::Japanese, count), format!("空の要素 {count} 個"));
    }
}

#[test]
fn sizes_in_each_languages_words() {
    install_all();
    assert_eq!(Lang::English.bytes(1), "1 byte");
    assert_eq!(Lang::English.bytes(0), "0 bytes");
    assert_eq!(Lang::English.bytes(21), "21 bytes");
    assert_eq!(Lang::Japanese.quote("apple"), "「apple」");
    assert_eq!(Lang::Chinese.quote("苹果"), "“苹果”");
    assert_eq!(Lang::English.bytes(102_400), "100 KiB");
    assert_eq!(Lang::English.size(2_396_264_595.0), "2.23 GiB");
    assert_eq!(Lang::Chinese.bytes(1), "1 字节");
    assert_eq!(Lang::Chinese.bytes(21), "21 字节");
    assert_eq!(Lang::Chinese.size(3_594_397.0), "3.43 MiB");
    assert_eq!(Lang::Japanese.bytes(2), "2 バイト");
    assert_eq!(Lang::Japanese.bytes(1 << 20), "1 MiB");
    for lang in Lang::ALL {
        assert!(!lang.size(1e18).contains('{'), "{lang:?}");
    }
}

#[test]
fn lists_in_each_language() {
    install_all();
    assert_eq!(Lang::English.list(&[3, 17, 31]), "3, 17 and 31");
    assert_eq!(Lang::Chinese.list(&[3, 17, 31]), "3、17 和 31");
    assert_eq!(Lang::Japanese.list(&[3, 17, 31]), "3、17、31");
    assert_eq!(Lang::English.list(&[5]), "5");
    assert_eq!(Lang::English.labelled("31", "4"), "31: 4");
    assert_eq!(Lang::Chinese.labelled("31", "4"), "31：4");
    assert_eq!(Lang::Japanese.labelled("31", "4"), "31：4");
    assert_eq!(Lang::Chinese.range("5.6", "9.6"), "5.6 至 9.6");
    assert_eq!(Lang::Japanese.range("5.6", "9.6"), "5.6～9.6");
    assert_eq!(Lang::English.list(&[]), "");
    assert_eq!(
        Lang::English.quoted_words(&["pear", "mango"]),
        "“pear” and “mango”"
    );
    assert_eq!(
        Lang::Chinese.quoted_words(&["pear", "cherry", "mango"]),
        "“pear”、“cherry”和“mango”"
    );
    assert_eq!(
        Lang::Japanese.quoted_words(&["pear", "mango"]),
        "「pear」と「mango」"
    );
    assert_eq!(
        Lang::Japanese.quoted_words(&["pear", "cherry", "mango"]),
        "「pear」、「cherry」と「mango」"
    );
    assert_eq!(Lang::Japanese.quoted_words(&["pear"]), "「pear」");
}

#[test]
fn percentages_as_each_language_writes_them() {
    assert_eq!(Lang::English.percent(0.205), "20.5%");
    assert_eq!(Lang::Chinese.percent(0.205), "20.5%");
    assert_eq!(Lang::Japanese.percent(0.205), "20.5%");
    assert_eq!(Lang::Chinese.chance(0.4531), "45.3%");
    assert_eq!(Lang::Japanese.chance(1e-3), "0.1%");
    // Below 0.1 % a chance is a power of ten in every language.
    assert_eq!(Lang::Chinese.chance(3.07e-14), "3.07\u{a0}×\u{a0}10⁻¹⁴");
    // No space in English either: a line never breaks between a number and its sign.
    assert_eq!(Lang::English.chance(0.0016), "0.16%");
}
