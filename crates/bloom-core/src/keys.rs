//! The keys the lab and the bug museum feed their filters, written from a seed and a counter
//! rather than stored: `"7-0"`, `"7-1"`, … inserted and `"7-q0"`, … queried, or synthetic URLs
//! for the crawler. A run is then reproducible, and its timings measure the filter, not the copying of
//! strings. JavaScript writes the same keys for the race (`lab/race-worker.js`).

/// Which keys a run feeds its filter: inserted ones, or never-inserted probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRole {
    /// The n keys inserted.
    Member,
    /// The n keys queried, none of them inserted.
    Stranger,
}

/// The shape of the generated keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum KeyShape {
    /// Short keys: `"<seed>-<i>"` inserted, `"<seed>-q<i>"` queried (the race's keys too, which
    /// JavaScript writes the same way).
    #[default]
    Short,
    /// Synthetic URLs, for the crawler: `https://www.site<h>.example/page/<i>` inserted,
    /// `…/new/<i>` queried, with h one of 9,973 hosts.
    Url,
}

/// Writes the key number `index` of `role` into `out` (cleared first).
pub fn write_key(shape: KeyShape, role: KeyRole, seed: u32, index: u64, out: &mut Vec<u8>) {
    out.clear();
    match shape {
        KeyShape::Short => {
            push_decimal(out, u64::from(seed));
            out.push(b'-');
            if role == KeyRole::Stranger {
                out.push(b'q');
            }
            push_decimal(out, index);
        }
        KeyShape::Url => {
            out.extend_from_slice(b"https://www.site");
            push_decimal(out, (index ^ u64::from(seed)) % 9_973);
            out.extend_from_slice(match role {
                KeyRole::Member => b".example/page/",
                KeyRole::Stranger => b".example/new/",
            });
            push_decimal(out, index);
        }
    }
}

/// The key [`write_key`] writes, as text.
pub fn key(shape: KeyShape, role: KeyRole, seed: u32, index: u64) -> String {
    let mut out = Vec::new();
    write_key(shape, role, seed, index, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Appends the decimal digits of `value`. Values that fit in 32 bits (every key index the lab
/// uses) are divided in 32-bit arithmetic, which compilers turn into a multiplication; WebAssembly has
/// no such shortcut for 64-bit division.
fn push_decimal(out: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    match u32::try_from(value) {
        Ok(mut small) => loop {
            start -= 1;
            digits[start] = b'0' + (small % 10) as u8;
            small /= 10;
            if small == 0 {
                break;
            }
        },
        Err(_) => {
            let mut large = value;
            loop {
                start -= 1;
                digits[start] = b'0' + (large % 10) as u8;
                large /= 10;
                if large == 0 {
                    break;
                }
            }
        }
    }
    out.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_written_as_documented() {
        assert_eq!(key(KeyShape::Short, KeyRole::Member, 7, 0), "7-0");
        assert_eq!(
            key(KeyShape::Short, KeyRole::Stranger, 7, 1_234_567),
            "7-q1234567"
        );
        assert_eq!(
            key(KeyShape::Url, KeyRole::Member, 0, 10_000),
            format!("https://www.site{}.example/page/10000", 10_000 % 9_973)
        );
        assert_eq!(
            key(KeyShape::Url, KeyRole::Stranger, 5, 3),
            "https://www.site6.example/new/3"
        );
        assert_eq!(
            key(KeyShape::Short, KeyRole::Member, 1, u64::MAX),
            format!("1-{}", u64::MAX)
        );
    }
}
