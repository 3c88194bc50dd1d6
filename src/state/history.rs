//! Undo and redo by whole models, for the widgets whose models are small — a counting filter or a
//! count-min sketch is its counters and its list of operations. Each step keeps the model as it was
//! (shared, so a step costs a pointer until the model changes), and the history as a whole is held to
//! a step limit and a byte budget.

use std::collections::VecDeque;
use std::rc::Rc;

/// Most steps kept.
pub const HISTORY_LIMIT: usize = 100;
/// Most bytes the kept models may hold (roughly); past it the oldest steps are dropped.
pub const HISTORY_BUDGET_BYTES: usize = 8 << 20;

/// A model the history can keep.
pub trait Kept {
    /// Roughly the bytes the model holds.
    fn estimated_bytes(&self) -> usize;
}

/// Models to go back (or forward) to, most recent last.
#[derive(Debug, Clone, PartialEq)]
pub struct History<T> {
    steps: VecDeque<Rc<T>>,
    bytes: usize,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        Self {
            steps: VecDeque::new(),
            bytes: 0,
        }
    }
}

impl<T: Kept> History<T> {
    /// True when there is no step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// How many steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Keeps `model`, dropping the oldest steps past the limit or the budget (the newest always
    /// stays, so a slip is always undoable once).
    pub fn push(&mut self, model: Rc<T>) {
        self.bytes += model.estimated_bytes();
        self.steps.push_back(model);
        while self.steps.len() > HISTORY_LIMIT
            || (self.bytes > HISTORY_BUDGET_BYTES && self.steps.len() > 1)
        {
            if let Some(old) = self.steps.pop_front() {
                self.bytes -= old.estimated_bytes();
            }
        }
    }

    /// The most recent step, taken out.
    pub fn pop(&mut self) -> Option<Rc<T>> {
        let model = self.steps.pop_back()?;
        self.bytes -= model.estimated_bytes();
        Some(model)
    }

    /// Forgets every step.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.bytes = 0;
    }
}
