//! The places on the playground where the site adds its own panels, and what those panels are given.

use std::rc::Rc;

use yew::prelude::*;

use crate::state::playground::PlaygroundState;
use bloom_core::playground::Playground;

/// Where the site's panels go on the playground.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Under the bit array (its export button).
    ArrayTools,
    /// Under the step buttons, shown only on the presenter's stage: the statistics and the items
    /// in brief, as the panels that have them are folded away there.
    Stage,
    /// After the verdict: the statistics.
    Stats,
    /// After the workings: the inserted items.
    Items,
    /// The side column: chart, sharing, embedding, best k.
    Side,
}

/// What a site panel needs to draw itself.
#[derive(Clone)]
pub struct PartInput {
    /// Which place is being drawn.
    pub slot: Slot,
    /// The filter now.
    pub playground: Rc<Playground>,
    /// The seed random words come from next.
    pub seed: u32,
    /// Changes the playground.
    pub dispatcher: UseReducerDispatcher<PlaygroundState>,
}
