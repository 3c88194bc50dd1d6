//! The languages the page speaks, and how each is named: the BCP 47 code in `<html lang>`, the short
//! form in links and folder names, the folder its pages live in, and the name the switcher shows. A
//! browser's language tag (`zh-CN`, `ja_JP`, `en-GB`) is matched on its primary subtag only, so every
//! regional variant lands on the one translation there is.

/// A language the page can be shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    /// English.
    #[default]
    English,
    /// 简体中文.
    Chinese,
    /// 日本語.
    Japanese,
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 3] = [Lang::English, Lang::Chinese, Lang::Japanese];

    /// The BCP 47 code, for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh-Hans",
            Lang::Japanese => "ja",
        }
    }

    /// The short form used in links (`lang=zh`) and as the folder of its resource files.
    pub fn param(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh",
            Lang::Japanese => "ja",
        }
    }

    /// The folder the site's pages in this language live in, below the site's root: English at the
    /// root itself (where every link from before the other languages had pages still lands), Chinese
    /// in `zh/`, Japanese in `ja/`.
    pub fn folder(self) -> &'static str {
        match self {
            Lang::English => "",
            Lang::Chinese => "zh/",
            Lang::Japanese => "ja/",
        }
    }

    /// The language of a link parameter or a browser language tag (`zh-CN`, `ja-JP`, `en-GB`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|lang| primary.eq_ignore_ascii_case(lang.param()))
    }

    /// The language's name in itself, for the switcher (shown before any text file has arrived).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Chinese => "简体中文",
            Lang::Japanese => "日本語",
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn language_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Chinese));
        assert_eq!(Lang::from_tag("ja_JP"), Some(Lang::Japanese));
        assert_eq!(Lang::from_tag("EN-gb"), Some(Lang::English));
        assert_eq!(Lang::from_tag("fr"), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.param()), Some(lang));
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }
}
