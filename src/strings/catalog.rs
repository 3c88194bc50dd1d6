//! A language's texts as data: one JSON object per resource file, each key a message id and each value
//! either a string or, for texts that count something, an object of CLDR plural forms
//! (`{"one": "{n} byte", "other": "{n} bytes"}`). JSON because every translation tool reads it and the
//! browser caches it like any file; the parser below accepts exactly this shape and is small enough
//! that the wasm does not need a JSON library. The build reads the interface's files with this same
//! parser (`build.rs` includes this file), so this module imports nothing from the crate.

/// One text: the same for every count, or chosen by the count's plural category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A plain text.
    Text(String),
    /// Plural forms by CLDR category (`one`, `other`, …); `other` is always present.
    Plural(Vec<(String, String)>),
}

impl Entry {
    /// The text for `category`, falling back to `other`.
    pub fn form(&self, category: &str) -> &str {
        match self {
            Entry::Text(text) => text,
            Entry::Plural(forms) => forms
                .iter()
                .find(|(name, _)| name == category)
                .or_else(|| forms.iter().find(|(name, _)| name == "other"))
                .map_or("", |(_, text)| text),
        }
    }

    /// The form written for exactly `count` things (`"=1"`), if the language has one: Chinese and
    /// Japanese have a single plural category but still word one thing apart ("唯一的那一位").
    pub fn exact(&self, count: u64) -> Option<&str> {
        let Entry::Plural(forms) = self else {
            return None;
        };
        forms
            .iter()
            .find(|(name, _)| name.strip_prefix('=') == Some(count.to_string().as_str()))
            .map(|(_, text)| text.as_str())
    }

    /// Every form's text (one for a plain text).
    pub fn forms(&self) -> Vec<&str> {
        match self {
            Entry::Text(text) => vec![text],
            Entry::Plural(forms) => forms.iter().map(|(_, text)| text.as_str()).collect(),
        }
    }
}

/// The texts of one resource file, by key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalog {
    // In file order, searched from the end by name: a few hundred keys need neither a hash
    // table's nor a sort's code in the download, and a key given twice keeps its last text, as JSON
    // readers do. The interface's files list their messages in the order the build numbered them,
    // so the page finds its texts by position (see `Msg::place`).
    entries: Vec<(String, Entry)>,
}

/// Why a resource file could not be read: the byte offset and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset into the file.
    pub at: usize,
    /// What the parser expected.
    pub expected: &'static str,
}

impl Catalog {
    /// Reads a resource file.
    pub fn parse(json: &str) -> Result<Catalog, ParseError> {
        let mut reader = Reader {
            bytes: json.as_bytes(),
            at: 0,
        };
        let mut entries = Vec::new();
        reader.object(|reader, key| {
            let entry = if reader.peek() == Some(b'{') {
                let mut forms = Vec::new();
                reader.object(|reader, category| {
                    forms.push((category, reader.string()?));
                    Ok(())
                })?;
                if !forms.iter().any(|(name, _)| name == "other") {
                    return Err(reader.error("an \"other\" plural form"));
                }
                Entry::Plural(forms)
            } else {
                Entry::Text(reader.string()?)
            };
            entries.push((key, entry));
            Ok(())
        })?;
        reader.space();
        if reader.at != reader.bytes.len() {
            return Err(reader.error("the end of the file"));
        }
        Ok(Catalog { entries })
    }

    /// The entry for `key`.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .rev()
            .find(|(probe, _)| probe == key)
            .map(|(_, entry)| entry)
    }

    /// The entry at `position` in the file.
    pub fn nth(&self, position: usize) -> Option<&Entry> {
        self.entries.get(position).map(|(_, entry)| entry)
    }

    /// Every key with its entry, in file order (a key given twice appears twice).
    pub fn entries(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.entries
            .iter()
            .map(|(key, entry)| (key.as_str(), entry))
    }

    /// How many entries the file has (a key given twice counts twice).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the file has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every key once, in file order of their last appearance.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(index, (key, _))| {
                !self.entries[index + 1..]
                    .iter()
                    .any(|(later, _)| later == key)
            })
            .map(|(_, (key, _))| key.as_str())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &'static str) -> ParseError {
        ParseError {
            at: self.at,
            expected,
        }
    }

    fn space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.bytes.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// `{ "key": value, … }`, calling `value` after each key.
    fn object(
        &mut self,
        mut value: impl FnMut(&mut Self, String) -> Result<(), ParseError>,
    ) -> Result<(), ParseError> {
        self.expect(b'{', "{")?;
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(());
        }
        loop {
            let key = self.string()?;
            self.expect(b':', ":")?;
            value(self, key)?;
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(self.error(", or }")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|digits| std::str::from_utf8(digits).ok())
            .and_then(|digits| u32::from_str_radix(digits, 16).ok())
            .ok_or_else(|| self.error("four hex digits"))?;
        self.at += 4;
        Ok(digits)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.expect(b'"', "a string")?;
        let mut out = Vec::new();
        loop {
            let byte = *self.bytes.get(self.at).ok_or_else(|| self.error("\""))?;
            self.at += 1;
            match byte {
                b'"' => break,
                b'\\' => {
                    let escape = *self
                        .bytes
                        .get(self.at)
                        .ok_or_else(|| self.error("an escape"))?;
                    self.at += 1;
                    let decoded = match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                // A surrogate pair: characters beyond the BMP (emoji) take two escapes.
                                if self.bytes.get(self.at..self.at + 2) != Some(b"\\u") {
                                    return Err(self.error("a low surrogate"));
                                }
                                self.at += 2;
                                let low = self.hex4()?;
                                0x10000
                                    + ((high - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                high
                            };
                            char::from_u32(code).ok_or_else(|| self.error("a character"))?
                        }
                        _ => return Err(self.error("an escape")),
                    };
                    let mut buffer = [0; 4];
                    out.extend_from_slice(decoded.encode_utf8(&mut buffer).as_bytes());
                }
                byte if byte < 0x20 => return Err(self.error("no control character")),
                byte => out.push(byte),
            }
        }
        // The input was a &str and escapes decode to whole characters, so this cannot fail.
        String::from_utf8(out).map_err(|_| self.error("UTF-8"))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn reads_texts_and_plural_forms() {
        let catalog = Catalog::parse(
            r#"{ "A": "plain \"quoted\" \u00e9 \ud83d\ude00",
                 "B": {"one": "{n} byte", "other": "{n} bytes"} }"#,
        )
        .unwrap();
        assert_eq!(
            catalog.get("A"),
            Some(&Entry::Text("plain \"quoted\" é 😀".into()))
        );
        let b = catalog.get("B").unwrap();
        assert_eq!(b.form("one"), "{n} byte");
        assert_eq!(b.form("few"), "{n} bytes");
        assert_eq!(b.exact(1), None);
        let exact =
            Catalog::parse(r#"{"C": {"=1": "那一位为 1", "other": "{k} 位全部为 1"}}"#).unwrap();
        let c = exact.get("C").unwrap();
        assert_eq!(c.exact(1), Some("那一位为 1"));
        assert_eq!((c.exact(11), c.form("other")), (None, "{k} 位全部为 1"));
        assert_eq!(Entry::Text("x".into()).exact(1), None);
        assert_eq!(Catalog::parse("{}").unwrap(), Catalog::default());
        let twice = Catalog::parse(r#"{"A": "first", "B": "b", "A": "last"}"#).unwrap();
        assert_eq!(twice.get("A"), Some(&Entry::Text("last".into())));
        assert_eq!(twice.keys().collect::<Vec<_>>(), ["B", "A"]);
    }

    #[test]
    fn reports_where_a_file_is_broken() {
        assert_eq!(Catalog::parse(r#"{"A": 1}"#).unwrap_err().at, 6);
        assert!(Catalog::parse(r#"{"A": "x""#).is_err());
        assert!(Catalog::parse(r#"{"A": "x"} trailing"#).is_err());
        assert!(Catalog::parse(r#"{"A": {"one": "x"}}"#).is_err());
        assert!(Catalog::parse("{\"A\": \"line\nbreak\"}").is_err());
    }
}
