//! Prints QR codes as JSON lines for an independent decoder to read back (`e2e/qr-code.test.mjs`):
//! `{"text":…,"version":…,"level":…,"mask":…,"size":…,"rows":["0101…",…]}`, `1` for a dark module.
//!
//! - `cargo run -p qr-code --example matrices` encodes each line of stdin (taken literally, without
//!   escapes) with `encode`;
//! - `… matrices L` (or M, Q, H) encodes each line at that level with `encode_with`;
//! - `… matrices full L` ignores stdin and prints, for each version 1 to 40, a code holding exactly
//!   that version's capacity at level L, so that a decoder checks every entry of the block table.

use qr_code::{capacity, encode, encode_with, EcLevel, QrCode};
use std::io::{self, BufRead, Write};

fn level(name: &str) -> EcLevel {
    match name {
        "L" => EcLevel::L,
        "M" => EcLevel::M,
        "Q" => EcLevel::Q,
        "H" => EcLevel::H,
        _ => panic!("unknown level {name:?}: use L, M, Q or H"),
    }
}

/// A JSON string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
fn json_string(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn print(out: &mut impl Write, text: &str, code: &QrCode) -> io::Result<()> {
    let size = code.size();
    let rows: Vec<String> = (0..size)
        .map(|y| {
            let row: String = (0..size)
                .map(|x| if code.is_dark(x, y) { '1' } else { '0' })
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    writeln!(
        out,
        "{{\"text\":{},\"version\":{},\"level\":\"{:?}\",\"mask\":{},\"size\":{},\"rows\":[{}]}}",
        json_string(text),
        code.version(),
        code.level(),
        code.mask(),
        size,
        rows.join(",")
    )
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let [mode, name] = args.as_slice() {
        assert_eq!(mode, "full", "usage: matrices [L|M|Q|H | full L|M|Q|H]");
        let level = level(name);
        for version in 1..=40 {
            // Printable ASCII that varies from version to version.
            let text: String = (0..capacity(version, level))
                .map(|i| char::from(b'!' + ((i * 7 + usize::from(version)) % 94) as u8))
                .collect();
            let code = encode_with(text.as_bytes(), level).expect("a full symbol fits");
            assert_eq!(code.version(), version);
            print(&mut out, &text, &code)?;
        }
        return out.flush();
    }
    let forced = args.first().map(|name| level(name));
    for line in io::stdin().lock().lines() {
        let text = line?;
        let code = match forced {
            Some(level) => encode_with(text.as_bytes(), level),
            None => encode(text.as_bytes()),
        };
        match code {
            Ok(code) => print(&mut out, &text, &code)?,
            Err(error) => writeln!(
                out,
                "{{\"text\":{},\"error\":{}}}",
                json_string(&text),
                json_string(&error.to_string())
            )?,
        }
    }
    out.flush()
}
