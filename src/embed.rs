//! Options an author sets on an embedded playground: which controls show (`controls=input,params` or
//! `controls=none` for a read-only array of preset items). Unknown names are ignored. And the way a
//! page sends an author to the embed page with its widget and state (`embed/#widget=counting&…`).

use crate::routes::EmbedWidget;
use crate::url::parse_query;

/// The query of a link to the embed page from a page whose widget and state are given.
pub fn link_query(widget: EmbedWidget, state_query: &str) -> String {
    let mut query = format!("widget={}", widget.path());
    if !state_query.is_empty() {
        query.push('&');
        query.push_str(state_query);
    }
    query
}

/// The playground's control groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Controls {
    /// The item field with Insert, Query and step-through.
    pub input: bool,
    /// m, k and the hash scheme.
    pub params: bool,
    /// "Add 10 random words" and its seed.
    pub random: bool,
    /// Reset, Undo and Redo.
    pub reset: bool,
}

impl Controls {
    /// Every control.
    pub const ALL: Controls = Controls {
        input: true,
        params: true,
        random: true,
        reset: true,
    };
    /// None: a read-only widget.
    pub const NONE: Controls = Controls {
        input: false,
        params: false,
        random: false,
        reset: false,
    };

    /// The names, as written in `controls=`.
    pub const NAMES: [&'static str; 4] = ["input", "params", "random", "reset"];

    /// The controls a query asks for (all when it does not say).
    pub fn from_query(query: &str) -> Self {
        let Some(list) = parse_query(query)
            .into_iter()
            .find_map(|(key, value)| (key == "controls").then(|| value.ok()).flatten())
        else {
            return Self::ALL;
        };
        let names: Vec<&str> = list.split(',').map(str::trim).collect();
        Controls {
            input: names.contains(&"input"),
            params: names.contains(&"params"),
            random: names.contains(&"random"),
            reset: names.contains(&"reset"),
        }
    }

    /// True when any control shows.
    pub fn any(&self) -> bool {
        self.input || self.params || self.random || self.reset
    }

    /// The `controls=` value for these controls.
    pub fn to_param(&self) -> String {
        let shown: Vec<&str> = Self::NAMES
            .into_iter()
            .zip([self.input, self.params, self.random, self.reset])
            .filter_map(|(name, on)| on.then_some(name))
            .collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(",")
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn reads_the_controls_parameter() {
        assert_eq!(Controls::from_query("m=16"), Controls::ALL);
        assert_eq!(Controls::from_query("controls=none"), Controls::NONE);
        let some = Controls::from_query("controls=input,%20reset,bogus");
        assert_eq!(
            some,
            Controls {
                input: true,
                params: false,
                random: false,
                reset: true
            }
        );
        assert_eq!(some.to_param(), "input,reset");
        assert_eq!(Controls::NONE.to_param(), "none");
        assert_eq!(
            Controls::from_query(&format!("controls={}", Controls::ALL.to_param())),
            Controls::ALL
        );
    }
}
