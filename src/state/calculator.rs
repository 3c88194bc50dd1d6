//! The calculator's state: what is typed in each of the four fields (the one source of truth, also
//! written to the URL) and the last solution that could be computed, kept while a field holds
//! something unreadable so that a typo never blanks the answer.

use std::rc::Rc;

use yew::Reducible;

use crate::url::parse_query;
use bloom_core::quantity::{parse_bits, parse_hashes, parse_items, parse_rate, QuantityError};
use bloom_core::sizing::{solve, Given, Solution, SolveError};

/// The four fields, in the order they are shown and written to the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// n, expected items.
    Items,
    /// p, false-positive rate.
    Rate,
    /// m, bits.
    Bits,
    /// k, hash functions.
    Hashes,
}

impl Field {
    /// All four, in order.
    pub const ALL: [Field; 4] = [Field::Items, Field::Rate, Field::Bits, Field::Hashes];

    /// The URL parameter (the same names as the well-known online calculator).
    pub fn key(self) -> &'static str {
        match self {
            Field::Items => "n",
            Field::Rate => "p",
            Field::Bits => "m",
            Field::Hashes => "k",
        }
    }

    fn position(self) -> usize {
        self as usize
    }

    /// Reads the typed text of this field.
    pub fn parse(self, text: &str) -> Result<f64, QuantityError> {
        match self {
            Field::Items => parse_items(text),
            Field::Rate => parse_rate(text),
            Field::Bits => parse_bits(text),
            Field::Hashes => parse_hashes(text),
        }
    }
}

/// Everything the calculator shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CalculatorState {
    /// The text of each field, in [`Field::ALL`] order.
    pub texts: [String; 4],
    /// The last solution computed from readable fields.
    pub solution: Option<Solution>,
    /// Why the current fields do not solve, when they are all readable but too few.
    pub unsolved: Option<SolveError>,
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum CalculatorAction {
    /// A field was edited.
    Edit(Field, String),
    /// Replace every field (a link was opened, or a table cell clicked).
    Load([String; 4]),
}

impl CalculatorState {
    /// The state a query string describes (`n`, `p`, `m`, `k`; other keys are ignored).
    pub fn from_query(query: &str) -> Self {
        Self::default().with_texts(texts_from_query(query))
    }

    /// The text of `field`.
    pub fn text(&self, field: Field) -> &str {
        &self.texts[field.position()]
    }

    /// The parse result of `field`; `None` when it is empty.
    pub fn parsed(&self, field: Field) -> Option<Result<f64, QuantityError>> {
        let text = self.text(field);
        (!text.trim().is_empty()).then(|| field.parse(text))
    }

    /// True when some non-empty field cannot be read (the solution shown is then the last good one).
    pub fn has_errors(&self) -> bool {
        Field::ALL
            .iter()
            .any(|&field| matches!(self.parsed(field), Some(Err(_))))
    }

    /// The query string for the non-empty fields.
    pub fn query(&self) -> Vec<(&'static str, String)> {
        Field::ALL
            .iter()
            .filter(|field| !self.text(**field).trim().is_empty())
            .map(|&field| (field.key(), self.text(field).trim().to_owned()))
            .collect()
    }

    fn with_texts(mut self, texts: [String; 4]) -> Self {
        self.texts = texts;
        if self.has_errors() {
            self.unsolved = None;
            return self;
        }
        let value = |field: Field| self.parsed(field).and_then(Result::ok);
        let given = Given {
            items: value(Field::Items),
            rate: value(Field::Rate),
            bits: value(Field::Bits),
            hashes: value(Field::Hashes),
        };
        match solve(given) {
            Ok(solution) => {
                self.solution = Some(solution);
                self.unsolved = None;
            }
            Err(error) => self.unsolved = Some(error),
        }
        self
    }
}

/// The four field texts in a query string; unknown keys and unreadable escapes are skipped.
pub fn texts_from_query(query: &str) -> [String; 4] {
    let mut texts: [String; 4] = Default::default();
    for (key, value) in parse_query(query) {
        if let (Some(field), Ok(value)) =
            (Field::ALL.iter().find(|field| field.key() == key), value)
        {
            texts[field.position()] = value;
        }
    }
    texts
}

impl Reducible for CalculatorState {
    type Action = CalculatorAction;

    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        let mut texts = self.texts.clone();
        match action {
            CalculatorAction::Edit(field, text) => texts[field.position()] = text,
            CalculatorAction::Load(all) => texts = all,
        }
        if texts == self.texts {
            return self;
        }
        Rc::new((*self).clone().with_texts(texts))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_link_fills_and_solves() {
        let state = CalculatorState::from_query("?n=1e6&p=1+in+1000000&utm=x");
        assert_eq!(state.text(Field::Items), "1e6");
        assert_eq!(state.text(Field::Rate), "1 in 1000000");
        let solution = state.solution.unwrap();
        assert_eq!((solution.bits, solution.hashes), (28_755_176.0, 20.0));
    }

    #[test]
    fn a_typo_keeps_the_last_answer() {
        let state = Rc::new(CalculatorState::from_query("n=1000&p=0.01"));
        let before = state.solution;
        let state = state.reduce(CalculatorAction::Edit(Field::Rate, "1.5".into()));
        assert!(state.has_errors());
        assert_eq!(
            state.parsed(Field::Rate),
            Some(Err(QuantityError::RateTooHigh))
        );
        assert_eq!(state.solution, before);
        let state = state.reduce(CalculatorAction::Edit(Field::Rate, "0.001".into()));
        assert_ne!(state.solution, before);
    }

    #[test]
    fn too_few_fields_say_so() {
        let state = CalculatorState::from_query("n=1000");
        assert_eq!(state.unsolved, Some(SolveError::TooFew));
        assert_eq!(state.solution, None);
    }

    #[test]
    fn the_query_lists_filled_fields() {
        let state = CalculatorState::from_query("p=0.1%25&n=10");
        assert_eq!(
            state.query(),
            vec![("n", "10".to_string()), ("p", "0.1%".to_string())]
        );
    }
}
