//! Templates and the forms a language gives them. A text names its blanks (`{item}`, `{bits}`) and
//! [`fill`] puts the values in, so each language orders them as its grammar needs; a text that counts
//! chooses a CLDR plural form (English has `one` and `other`, Chinese and Japanese only `other`);
//! sizes use each language's own unit words, lists its own separators, quotations its own marks.

use super::lang::Lang;
use super::loaded::installed;
use super::messages::Msg;
use crate::format::{self, binary_size, grouped, SizeUnit};

impl Lang {
    /// The CLDR plural category of a whole number: English says "1 item" but "0 items" and "2 items";
    /// Chinese and Japanese do not inflect ("1 个", "3 件").
    pub fn plural_category(self, count: u64) -> &'static str {
        match (self, count) {
            (Lang::English, 1) => "one",
            _ => "other",
        }
    }

    /// The text of `msg` in this language (its `other` form if it counts); empty until the language's
    /// file has arrived.
    pub fn text(self, msg: Msg) -> &'static str {
        installed(self, msg.resource())
            .and_then(|catalog| catalog.nth(msg.place().1))
            .map_or("", |entry| entry.form("other"))
    }

    /// The text of `msg` with its `{name}` blanks filled from `args`.
    pub fn fill(self, msg: Msg, args: &[(&str, &str)]) -> String {
        fill(self.text(msg), args)
    }

    /// The form of `msg` for `count` things, blanks filled from `args` (which name the count too): the
    /// form written for exactly that count (`"=1"`) if there is one, else its CLDR category's.
    pub fn plural(self, msg: Msg, count: u64, args: &[(&str, &str)]) -> String {
        let template = installed(self, msg.resource())
            .and_then(|catalog| catalog.nth(msg.place().1))
            .map_or("", |entry| {
                entry
                    .exact(count)
                    .unwrap_or_else(|| entry.form(self.plural_category(count)))
            });
        fill(template, args)
    }

    /// The unit a list of large round counts is read in, as the language counts: millions in
    /// English, 万 (ten thousand) in Chinese and Japanese — "0.5, 1, 3" million, "50、100、300" 万.
    pub fn large_unit(self) -> u64 {
        match self {
            Lang::English => 1_000_000,
            Lang::Chinese | Lang::Japanese => 10_000,
        }
    }

    /// What goes after a sentence or a label ("True count:") before more text: a space in English,
    /// nothing in Chinese and Japanese (after 。 and ：).
    pub fn punctuation_gap(self) -> &'static str {
        match self {
            Lang::English => " ",
            Lang::Chinese | Lang::Japanese => "",
        }
    }

    /// A value after its label, as "31: 4" in English and "31：4" in Chinese and Japanese.
    pub fn labelled(self, label: &str, value: &str) -> String {
        let colon = match self {
            Lang::English => ": ",
            Lang::Chinese | Lang::Japanese => "：",
        };
        [label, colon, value].concat()
    }

    /// A range of values: "5.6 – 9.6", "5.6 至 9.6", "5.6～9.6".
    pub fn range(self, low: &str, high: &str) -> String {
        let between = match self {
            Lang::English => " – ",
            Lang::Chinese => " 至 ",
            Lang::Japanese => "～",
        };
        [low, between, high].concat()
    }

    /// `text` in this language's quotation marks: “apple” in English and Chinese, 「apple」 in Japanese,
    /// with its spaces kept ([`keep_spaces`]).
    pub fn quote(self, text: &str) -> String {
        let (open, close) = match self {
            Lang::Japanese => ("「", "」"),
            Lang::English | Lang::Chinese => ("“", "”"),
        };
        [open, &keep_spaces(text), close].concat()
    }

    /// Words each in this language's quotation marks, joined for reading: “pear” and “mango”,
    /// “pear”和“mango”, 「pear」と「mango」.
    pub fn quoted_words(self, words: &[impl AsRef<str>]) -> String {
        let quoted: Vec<String> = words.iter().map(|word| self.quote(word.as_ref())).collect();
        self.list_words(&quoted)
    }

    /// Numbers joined for reading: "3, 17 and 31", "3、17 和 31", "3、17、31".
    pub fn list(self, numbers: &[u32]) -> String {
        let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
        self.list_words(&words)
    }

    /// Words joined for reading, as [`Lang::list`] joins numbers: "n, m and k", "n、m 和 k". Beside a
    /// quotation mark the last joiner is the quoted words' own, with no space beside a full-width
    /// mark: “pear”、“cherry”和“mango”, 「pear」と「mango」, 删除“pear”和插入“fig”.
    pub fn list_words(self, words: &[String]) -> String {
        let separator = self.text(Msg::ListSeparator);
        match words {
            [] => String::new(),
            [only] => only.clone(),
            [rest @ .., final_word] => {
                let quoted = final_word.starts_with(['“', '「'])
                    || rest.last().is_some_and(|word| word.ends_with(['”', '」']));
                let last = self.text(if quoted {
                    Msg::ListLastQuoted
                } else {
                    Msg::ListLastSeparator
                });
                format!("{}{last}{final_word}", rest.join(separator))
            }
        }
    }

    /// A size in bytes in this language's words, in powers of 1024: "1 byte", "3.43 MiB", "2.23 GiB".
    pub fn size(self, bytes: f64) -> String {
        let (value, unit) = binary_size(bytes);
        let msg = match unit {
            SizeUnit::Bytes => Msg::UnitBytes,
            SizeUnit::KiB => Msg::UnitKiB,
            SizeUnit::MiB => Msg::UnitMiB,
            SizeUnit::GiB => Msg::UnitGiB,
            SizeUnit::TiB => Msg::UnitTiB,
            SizeUnit::PiB => Msg::UnitPiB,
        };
        let whole = if unit == SizeUnit::Bytes {
            bytes.round() as u64
        } else {
            u64::MAX
        };
        self.plural(msg, whole, &[("n", &value)])
    }

    /// A whole number of bytes in this language's words: "1 byte", "999 bytes", "100 KiB".
    pub fn bytes(self, count: usize) -> String {
        self.size(count as f64)
    }

    /// A fraction as a percentage as this language writes it: "5.27%" (no space before the sign).
    pub fn percent(self, fraction: f64) -> String {
        format::percent(fraction, "")
    }

    /// A chance as the widgets write it, in this language's percent: "45.3%", and a power
    /// of ten below 0.1 % ("3.07 × 10⁻¹⁴").
    pub fn chance(self, probability: f64) -> String {
        format::chance(probability, "")
    }

    /// Chances read together (a rate and its interval) in one form: all percentages when the largest
    /// is 0.1 % or more ("0 % (95 %: 0 % to 0.0384 %)"), else all powers of ten ("0", "3.84 × 10⁻⁷"),
    /// never "0 % to 3.84 × 10⁻⁴".
    pub fn chances<const N: usize>(self, values: [f64; N]) -> [String; N] {
        let form = ChanceForm::for_largest(values.iter().copied().fold(0.0, f64::max));
        values.map(|value| self.chance_as(form, value))
    }

    /// A chance in the form chosen for those it is read with (see [`ChanceForm`]).
    pub fn chance_as(self, form: ChanceForm, value: f64) -> String {
        match form {
            // Far below the rest, a rate read as a percentage is "<0.001%", not "1.79 × 10⁻¹⁷%".
            ChanceForm::Percent if value > 0.0 && value < 1e-5 => {
                format!("<{}", self.percent(1e-5))
            }
            ChanceForm::Percent => self.percent(value),
            ChanceForm::PowerOfTen => format::significant(value),
        }
    }

    /// A count with thousands separators, the way the number reads in this language.
    pub fn count(self, count: u64) -> String {
        grouped(count)
    }
}

/// How chances read together are written, all one way: percentages when the largest is 0.1% or
/// more (below 0.001%, "<0.001%"), else powers of ten (the scalable filter's stages: "0.126%, 0.0981%", never "0.126%, 9.81 ×
/// 10⁻⁴").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceForm {
    /// "0.0981%".
    Percent,
    /// "9.81 × 10⁻⁴".
    PowerOfTen,
}

impl ChanceForm {
    /// The form for chances whose largest is `largest`.
    pub fn for_largest(largest: f64) -> ChanceForm {
        if largest >= 1e-3 {
            ChanceForm::Percent
        } else {
            ChanceForm::PowerOfTen
        }
    }
}

/// Replaces each `{name}` in `template` with its value from `args`; unknown blanks are left as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        match after.split_once('}') {
            Some((name, tail)) => {
                match args.iter().find(|(key, _)| *key == name) {
                    Some((_, value)) => out.push_str(value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = tail;
            }
            None => {
                out.push('{');
                out.push_str(after);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{names}` a template uses, sorted and without repeats.
pub fn blanks(template: &str) -> Vec<&str> {
    let mut names: Vec<&str> = template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// `text` with the spaces a page would fold away (at either end, or after another) as no-break
/// spaces: a quoted “␣␣spaced␣␣” shows the item's own spaces, which its bytes and its bits are made
/// of.
pub fn keep_spaces(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut after_space = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let folded = c == ' ' && (after_space || chars.peek().is_none());
        kept.push(if folded { '\u{a0}' } else { c });
        after_space = c == ' ';
    }
    kept
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn chances_read_together_share_one_form() {
        // A scalable filter's stages: 0.5%, then 0.0781% (not 7.81 × 10⁻⁴), then a rate far below.
        let form = ChanceForm::for_largest(0.005);
        assert_eq!(
            [0.005, 0.000_781_25, 1.79e-19, 0.0].map(|value| Lang::English.chance_as(form, value)),
            ["0.5%", "0.0781%", "<0.001%", "0%"]
        );
        let form = ChanceForm::for_largest(0.000_781_25);
        assert_eq!(
            Lang::English.chance_as(form, 0.000_781_25),
            "7.81\u{a0}×\u{a0}10⁻⁴"
        );
        assert_eq!(
            Lang::English.chances([0.2, 0.000_321, 0.0]),
            ["20%", "0.0321%", "0%"]
        );
    }

    #[test]
    fn a_quote_keeps_the_spaces_a_page_would_fold() {
        let nbsp = '\u{a0}';
        assert_eq!(
            Lang::English.quote("  spaced  "),
            format!("“{nbsp}{nbsp}spaced {nbsp}”")
        );
        assert_eq!(Lang::Japanese.quote("a b"), "「a b」");
        assert_eq!(Lang::Chinese.quote("a   b"), format!("“a {nbsp}{nbsp}b”"));
        assert_eq!(keep_spaces(" "), nbsp.to_string());
        assert_eq!(keep_spaces(""), "");
    }

    #[test]
    fn fill_replaces_named_blanks() {
        assert_eq!(
            fill("bit {bit} of {m}", &[("bit", "3"), ("m", "32")]),
            "bit 3 of 32"
        );
        assert_eq!(fill("{a}{a}", &[("a", "x")]), "xx");
        assert_eq!(fill("keep {unknown} and {", &[]), "keep {unknown} and {");
    }

    #[test]
    fn values_are_not_reinterpreted() {
        // A value that looks like a blank stays as typed.
        assert_eq!(fill("“{item}”", &[("item", "{item}")]), "“{item}”");
    }

    #[test]
    fn blanks_are_named_once_in_order() {
        assert_eq!(blanks("{m} bits, {k} hashes, {m} again"), ["k", "m"]);
        assert!(blanks("no blank, and { unclosed").is_empty());
    }
}
