//! Query strings, so that a page's state can live in its link: `n=1e6&p=0.1%25`. Values are UTF-8,
//! percent-encoded; `+` reads as a space, as browsers write it in forms. Malformed escapes and invalid
//! UTF-8 are reported, not guessed at.

/// Why a query parameter could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// A `%` not followed by two hex digits.
    BadEscape,
    /// The decoded bytes are not UTF-8.
    NotUtf8,
}

/// Decodes one percent-encoded component.
pub fn decode_component(text: &str) -> Result<String, QueryError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut position = 0;
    while position < bytes.len() {
        match bytes[position] {
            b'%' => {
                let hex = bytes
                    .get(position + 1..position + 3)
                    .ok_or(QueryError::BadEscape)?;
                let hex = std::str::from_utf8(hex).map_err(|_| QueryError::BadEscape)?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| QueryError::BadEscape)?);
                position += 3;
            }
            b'+' => {
                out.push(b' ');
                position += 1;
            }
            byte => {
                out.push(byte);
                position += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| QueryError::NotUtf8)
}

/// Percent-encodes everything but unreserved characters (RFC 3986: letters, digits, `-._~`).
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The `key=value` pairs of a query string (a leading `?` is ignored), in order, each decoded.
pub fn parse_query(query: &str) -> Vec<(String, Result<String, QueryError>)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (
                decode_component(key).unwrap_or_else(|_| key.to_owned()),
                decode_component(value),
            )
        })
        .collect()
}

/// `key=value&…` from pairs, values encoded.
pub fn build_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    pairs
        .into_iter()
        .map(|(key, value)| format!("{}={}", encode_component(key), encode_component(value)))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn decodes_what_browsers_write() {
        assert_eq!(decode_component("1%20in%201000"), Ok("1 in 1000".into()));
        assert_eq!(decode_component("1+in+1000"), Ok("1 in 1000".into()));
        assert_eq!(decode_component("0.1%25"), Ok("0.1%".into()));
        assert_eq!(decode_component("%E5%B8%83%E9%9A%86"), Ok("布隆".into()));
        assert_eq!(decode_component("%zz"), Err(QueryError::BadEscape));
        assert_eq!(decode_component("%4"), Err(QueryError::BadEscape));
        assert_eq!(decode_component("%FF"), Err(QueryError::NotUtf8));
    }

    #[test]
    fn parses_pairs_in_order() {
        let pairs = parse_query("?n=1e6&p=0.1%25&&m=&flag");
        let pairs: Vec<(String, String)> =
            pairs.into_iter().map(|(k, v)| (k, v.unwrap())).collect();
        assert_eq!(
            pairs,
            vec![
                ("n".into(), "1e6".into()),
                ("p".into(), "0.1%".into()),
                ("m".into(), String::new()),
                ("flag".into(), String::new())
            ]
        );
    }

    #[test]
    fn builds_queries() {
        assert_eq!(
            build_query([("n", "1,000"), ("p", "1 in 10")]),
            "n=1%2C000&p=1%20in%2010"
        );
    }

    proptest! {
        #[test]
        fn encoding_round_trips(text in ".*") {
            prop_assert_eq!(decode_component(&encode_component(&text)), Ok(text));
        }

        #[test]
        fn decoding_never_panics(text in ".*") {
            let _ = parse_query(&text);
        }
    }
}
