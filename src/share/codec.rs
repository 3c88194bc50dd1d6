//! What every link reader shares. A link is a list of `key=value` parts; a widget declares its keys
//! once ([`Keys`]) and from that declaration come whether a query carries its state
//! ([`Keys::carried_by`]), which parts are someone else's (the shell's) and which are unknown and
//! reported ([`Keys::other`]). Items (the texts a visitor typed) are checked the same way everywhere
//! — blank, unreadable, too long or past the widget's limit — and counted by [`ItemCounts`], which
//! reports each kind once with its count rather than once per item.

use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::text::is_blank;

use super::{Ignored, SHELL_KEYS};

/// The parameters one widget's link may carry.
pub struct Keys(pub &'static [&'static str]);

impl Keys {
    /// True when `query` holds any of these parameters (so the link, not saved state, decides).
    pub fn carried_by(&self, query: &str) -> bool {
        crate::url::parse_query(query)
            .iter()
            .any(|(key, _)| self.0.contains(&key.as_str()))
    }

    /// A parameter this widget does not read: nothing when the shell reads it, else reported as
    /// unknown (its name cut to 40 characters, so a hostile link cannot fill the report).
    pub fn other(key: &str, ignored: &mut Vec<Ignored>) {
        if !SHELL_KEYS.contains(&key) {
            ignored.push(Ignored::Unknown(short(key)));
        }
    }
}

/// At most 40 characters of `text`, for a report.
pub fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// How many items a reader left out, by reason.
#[derive(Debug, Default, Clone, Copy)]
pub struct ItemCounts {
    /// Empty or only spaces.
    pub blank: usize,
    /// Not valid percent-encoded UTF-8.
    pub unreadable: usize,
    /// Longer than [`MAX_ITEM_BYTES`].
    pub long: usize,
    /// Past the widget's limit.
    pub dropped: usize,
}

impl ItemCounts {
    /// True when `text` may be kept: not past the limit (`full`), not blank and not too long;
    /// otherwise counts why, in that order.
    pub fn check(&mut self, text: &str, full: bool) -> bool {
        if full {
            self.dropped += 1;
        } else if is_blank(text) {
            self.blank += 1;
        } else if text.len() > MAX_ITEM_BYTES {
            self.long += 1;
        } else {
            return true;
        }
        false
    }

    /// Adds the counts that are not zero to `ignored`: blank, unreadable, long, then dropped.
    pub fn report(self, ignored: &mut Vec<Ignored>) {
        for (count, reason) in [
            (self.blank, Ignored::BlankItems as fn(usize) -> Ignored),
            (self.unreadable, Ignored::UnreadableItems),
            (self.long, Ignored::LongItems),
        ] {
            if count > 0 {
                ignored.push(reason(count));
            }
        }
        if self.dropped > 0 {
            ignored.push(Ignored::TooManyItems {
                dropped: self.dropped,
            });
        }
    }
}
