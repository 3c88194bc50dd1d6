//! What the filters page draws and says: each structure at a class's size (a split-block filter's
//! 32-bit words, a blocked filter's blocks, a cuckoo filter's buckets, an xor or binary fuse
//! filter's cells), what the last action read, the step-through's words, and the facts beside it
//! (bits per key and the rate each structure's formula gives). Every drawn number is the state's:
//! nothing here computes a filter.

use yew::prelude::*;

use crate::format::{fixed, grouped};
use crate::state::filters::{
    key_of, FiltersOutcome, FiltersState, Model, Placement, Probe, Refusal,
};
use crate::strings::{Lang, Msg};
use bloom_core::modern::cuckoo::{Kick, Slot};
use bloom_core::modern::peel::PeelStep;
use bloom_core::modern::{blocked, cuckoo, fuse, sbbf, xor};
use bloom_core::playground::InsertError;
use bloom_core::text::shorten;

/// Characters of an item a sentence quotes at most.
const QUOTED: usize = 40;

/// How far the last action is shown: every step, or as far as its step-through has gone.
fn revealed(state: &FiltersState) -> usize {
    state.step.unwrap_or_else(|| state.steps())
}

/// The probe of the last action, if it had one.
fn last_probe(state: &FiltersState) -> Option<&Probe> {
    match state.outcome.as_ref()? {
        FiltersOutcome::Inserted { probe, .. }
        | FiltersOutcome::Queried { probe, .. }
        | FiltersOutcome::Removed { probe, .. } => Some(probe),
        _ => None,
    }
}

/// The structure as the step-through shows it: before the action while an insert or a deletion
/// is stepped through (its changes come in at their steps), else as it is.
fn shown_model(state: &FiltersState) -> &Model {
    match (&state.before, state.step) {
        (Some(before), Some(_)) => before,
        _ => &state.model,
    }
}

/// A hash in hexadecimal, marked as such.
fn hex(value: u64, digits: usize) -> String {
    format!("0x{value:0digits$x}")
}

/// The drawing of the structure.
pub fn filter_drawing(lang: Lang, state: &FiltersState) -> Html {
    match shown_model(state) {
        Model::Sbbf(filter) => sbbf_drawing(lang, state, filter),
        Model::Blocked(filter) => blocked_drawing(lang, state, filter),
        Model::Cuckoo(filter) => cuckoo_drawing(state, filter),
        Model::Xor(_) | Model::Fuse(_) => cells_drawing(lang, state),
    }
}

/// The split-block filter: each block a row of eight 32-bit words, each word its 32 bits (bit 0 at
/// the left) and its value. The block a key chose is marked, and in it the bit each word got.
fn sbbf_drawing(lang: Lang, state: &FiltersState, filter: &sbbf::Sbbf) -> Html {
    let reach = revealed(state);
    let inserting = matches!(state.outcome, Some(FiltersOutcome::Inserted { .. }));
    let probe = match last_probe(state) {
        Some(Probe::Sbbf { probe, .. }) if reach >= 1 => Some(*probe),
        _ => None,
    };
    // The words the step-through has reached so far (the first step names the block).
    let words_shown = reach.saturating_sub(1).min(8);
    let blocks = (0..filter.block_count()).map(|block| {
        let chosen = probe.filter(|probe| probe.block == block);
        let words = filter.block(block).unwrap_or_default();
        let cells = words.iter().enumerate().map(|(word, &value)| {
            let marked = chosen.filter(|_| word < words_shown).map(|probe| probe.bits[word]);
            // While an insert is stepped through, a bit it sets shows once its word is reached.
            let value = match marked {
                Some(bit) if inserting && state.step.is_some() => value | (1 << bit),
                _ => value,
            };
            html! {
                <li class="sbbf-word" data-testid="sbbf-word" data-block={block.to_string()}
                    data-word={word.to_string()} data-value={value.to_string()}>
                    <span class="word-bits" aria-hidden="true">
                        { for (0..32u8).map(|bit| html! {
                            <span class={classes!("dot", (value >> bit & 1 == 1).then_some("set"), (marked == Some(bit)).then_some("marked"))}></span>
                        }) }
                    </span>
                    <span class="word-value">{ value.to_string() }</span>
                </li>
            }
        });
        html! {
            <li class={classes!("sbbf-block", chosen.is_some().then_some("chosen"))} data-block={block.to_string()}>
                <span class="block-name">{ lang.fill(Msg::FiltersBlockName, &[("block", &block.to_string())]) }</span>
                <ol class="sbbf-words">{ for cells }</ol>
            </li>
        }
    });
    html! { <ol class="sbbf-blocks">{ for blocks }</ol> }
}

/// The blocked filter: each block its B bits in rows of 32, the block a key chose marked and in it
/// the bits it reads, each at its step.
fn blocked_drawing(lang: Lang, state: &FiltersState, filter: &blocked::BlockedBloom) -> Html {
    let reach = revealed(state);
    let inserting = matches!(state.outcome, Some(FiltersOutcome::Inserted { .. }));
    let (block, offsets): (Option<u32>, &[u32]) = match last_probe(state) {
        Some(Probe::Blocked { block, offsets }) if reach >= 1 => (
            Some(*block),
            &offsets[..reach.saturating_sub(1).min(offsets.len())],
        ),
        _ => (None, &[]),
    };
    let width = filter.block_bits();
    let blocks = (0..filter.block_count()).map(|index| {
        let chosen = block == Some(index);
        let words = filter.block_words(index);
        let bit = |offset: u32| {
            let set = words[(offset / 64) as usize] >> (offset % 64) & 1 == 1;
            let marked = chosen && offsets.contains(&offset);
            let set = set || (marked && inserting && state.step.is_some());
            html! {
                <span class={classes!("dot", set.then_some("set"), marked.then_some("marked"))}
                    data-index={(u64::from(index) * u64::from(width) + u64::from(offset)).to_string()}></span>
            }
        };
        html! {
            <li class={classes!("filter-block", chosen.then_some("chosen"))} data-block={index.to_string()}>
                <span class="block-name">{ lang.fill(Msg::FiltersBlockName, &[("block", &index.to_string())]) }</span>
                <span class="block-bits" aria-hidden="true">{ for (0..width).map(bit) }</span>
            </li>
        }
    });
    html! { <ol class="filter-blocks">{ for blocks }</ol> }
}

/// The cuckoo table as the step-through of the last action shows it: the table before an insert
/// with the kicks shown so far done, and the fingerprint at rest at the last step; with the slot
/// the step shown wrote (a kick's, where the next step's fingerprint comes from, or the rest's).
fn cuckoo_rows(
    state: &FiltersState,
    filter: &cuckoo::CuckooFilter,
) -> (Vec<Vec<u16>>, Option<Slot>) {
    let mut rows: Vec<Vec<u16>> = filter.buckets().map(<[u16]>::to_vec).collect();
    let (
        Some(step),
        Some(FiltersOutcome::Inserted {
            placement, probe, ..
        }),
    ) = (state.step, &state.outcome)
    else {
        return (rows, None);
    };
    let (kicks, rested): (&[Kick], _) = match placement {
        Placement::Nested { kicks, rested } => (kicks, Some(*rested)),
        Placement::Full { kicks } => (kicks, None),
        _ => return (rows, None),
    };
    let shown = step.saturating_sub(1).min(kicks.len());
    let mut written = None;
    for kick in &kicks[..shown] {
        rows[kick.bucket as usize][usize::from(kick.slot)] = kick.placed;
        written = Some(Slot {
            bucket: kick.bucket,
            slot: kick.slot,
        });
    }
    if let (Some(rested), Probe::Cuckoo(candidates)) = (rested, probe) {
        if step >= kicks.len() + 2 {
            let carried = kicks
                .last()
                .map_or(candidates.fingerprint, |kick| kick.evicted);
            rows[rested.bucket as usize][usize::from(rested.slot)] = carried;
            written = Some(rested);
        }
    }
    (rows, written)
}

/// The cuckoo filter: each bucket a row of its slots, each fingerprint in decimal; a key's two
/// candidate buckets marked, and the slot the last kick shown wrote.
fn cuckoo_drawing(state: &FiltersState, filter: &cuckoo::CuckooFilter) -> Html {
    let reach = revealed(state);
    let candidates = match last_probe(state) {
        Some(Probe::Cuckoo(candidates)) if reach >= 1 => Some(*candidates),
        _ => None,
    };
    let (rows, written) = cuckoo_rows(state, filter);
    let buckets = rows.iter().enumerate().map(|(index, slots)| {
        let index = index as u32;
        let which = candidates.map(|c| (c.first == index, c.second == index));
        let fingerprints: Vec<String> = slots
            .iter()
            .filter(|&&slot| slot != 0)
            .map(u16::to_string)
            .collect();
        let holds = |slot: u16| candidates.is_some_and(|c| slot == c.fingerprint);
        html! {
            <li class={classes!("cuckoo-bucket",
                    which.is_some_and(|w| w.0).then_some("first"), which.is_some_and(|w| w.1).then_some("second"))}
                data-testid="cuckoo-bucket" data-index={index.to_string()} data-fingerprints={fingerprints.join(",")}>
                <span class="bucket-name">{ index.to_string() }</span>
                { for slots.iter().enumerate().map(|(at, &slot)| {
                    let class = match (slot == 0, holds(slot), written == Some(Slot { bucket: index, slot: at as u8 })) {
                        (true, _, false) => "slot empty",
                        (true, _, true) => "slot empty written",
                        (false, true, false) => "slot match",
                        (false, true, true) => "slot match written",
                        (false, false, true) => "slot written",
                        (false, false, false) => "slot",
                    };
                    html! {
                        <span {class}>
                            { if slot == 0 { "·".to_owned() } else { slot.to_string() } }
                        </span>
                    }
                }) }
            </li>
        }
    });
    html! { <ol class="cuckoo-table">{ for buckets }</ol> }
}

/// An xor or binary fuse filter: its cells, each value in decimal, the three cells of the last key
/// marked (as far as its step-through has read them).
/// While a build is stepped through, the key a step peels or fills has its cells marked and the
/// cell solved for it ringed, and a cell solved for a key shows its value once it is filled.
fn cells_drawing(lang: Lang, state: &FiltersState) -> Html {
    let Some(table) = state.model.table() else {
        return html! { <p class="refused" data-testid="unbuilt">{ lang.text(Msg::FiltersUnbuildable) }</p> };
    };
    let reach = revealed(state);
    let (cells, read): ([u32; 3], usize) = match last_probe(state) {
        Some(Probe::Cells { cells, .. }) => {
            let read = match state.outcome {
                Some(FiltersOutcome::Queried { .. }) => reach.min(3),
                _ => 3,
            };
            (*cells, read)
        }
        _ => ([u32::MAX; 3], 0),
    };
    let build = built_step(state);
    let marked = build.map_or(&cells[..read], |(at, _)| &at.cells[..]);
    let (solved, unfilled) =
        build.map_or((u32::MAX, &[][..]), |(at, unfilled)| (at.cell, unfilled));
    let slots: Vec<String> = cells.iter().map(u32::to_string).collect();
    html! {
        <>
            if read > 0 && build.is_none() {
                <p class="xor-slots" data-testid="xor-slots" data-value={slots.join(",")} data-attempts={table.attempts().to_string()}>
                    { lang.fill(Msg::FiltersSlots, &[("cells", &lang.list(&cells))]) }
                </p>
            }
            <ol class="xor-cells">
                { for table.cells().iter().enumerate().map(|(index, &value)| {
                    let index = index as u32;
                    // Solved for a key and not filled yet at this step: no value yet.
                    let waiting = unfilled.iter().any(|step| step.cell == index);
                    let class = match (index == solved, marked.contains(&index)) {
                        (true, _) => "xor-cell marked solved",
                        (false, true) => "xor-cell marked",
                        (false, false) => "xor-cell",
                    };
                    html! {
                        <li {class}
                            data-index={index.to_string()} data-value={value.to_string()}>
                            <span class="cell-index">{ index.to_string() }</span>
                            <span class="cell-value">{ if waiting { "·".to_owned() } else { value.to_string() } }</span>
                        </li>
                    }
                }) }
            </ol>
        </>
    }
}

/// The keys of the last build in the order they peeled (none after any other action).
fn peeled(state: &FiltersState) -> &[PeelStep] {
    match &state.outcome {
        Some(FiltersOutcome::Inserted {
            placement: Placement::Built { order, .. },
            ..
        }) => order,
        _ => &[],
    }
}

/// Where step `step` of a build's step-through is: the index in the peeling order of the key it
/// peels (steps 1 to n) or fills (steps n + 1 to 2n, in the reverse order), and whether it fills.
/// `None` at step 0 and for an empty order.
fn build_position(keys: usize, step: usize) -> Option<(usize, bool)> {
    let at = step.checked_sub(1)?;
    match at.checked_sub(keys) {
        None => Some((at, false)),
        Some(fill) => Some((keys.checked_sub(1)? - fill.min(keys - 1), true)),
    }
}

/// While a build is stepped through past its first step: the key the step peels or fills, and the
/// keys whose cells are not filled yet (the fills go in the reverse of the peeling order).
fn built_step(state: &FiltersState) -> Option<(&PeelStep, &[PeelStep])> {
    let order = peeled(state);
    let (at, filling) = build_position(order.len(), state.step?)?;
    Some((&order[at], if filling { &order[..at] } else { order }))
}

/// The text whose key is `key`, among the state's keys.
fn text_of(state: &FiltersState, key: u64) -> String {
    state
        .keys
        .iter()
        .find(|text| key_of(text) == key)
        .cloned()
        .unwrap_or_default()
}

/// What the last action did, in words, with the verdict of a query.
pub fn outcome_view(lang: Lang, state: &FiltersState) -> Html {
    let Some(outcome) = &state.outcome else {
        return html! { <p class="hint">{ lang.text(Msg::FiltersEmpty) }</p> };
    };
    if state.step.is_some_and(|step| step < state.steps()) {
        return html! { <p data-testid="step-outcome">{ lang.text(Msg::FiltersStepping) }</p> };
    }
    let item = |text: &str| lang.quote(&shorten(text, QUOTED));
    match outcome {
        FiltersOutcome::Queried { text, probe, maybe } => {
            let (verdict, class) = if *maybe {
                (Msg::FiltersMaybe, "present")
            } else {
                (Msg::FiltersNo, "absent")
            };
            html! {
                <>
                    <p class={classes!("verdict", class)} data-testid="verdict" data-verdict={if *maybe { "maybe" } else { "no" }}>
                        { lang.fill(verdict, &[("item", &item(text))]) }
                    </p>
                    <p>{ probe_sentence(lang, probe) }</p>
                    { block_line(lang, probe) }
                </>
            }
        }
        FiltersOutcome::Inserted {
            text,
            probe,
            placement,
        } => html! {
            <>
                <p data-testid="insert-outcome">{ inserted_sentence(lang, state, &item(text), placement) }</p>
                <p>{ probe_sentence(lang, probe) }</p>
                { block_line(lang, probe) }
            </>
        },
        FiltersOutcome::Removed { text, from, probe } => {
            let fingerprint = match probe {
                Probe::Cuckoo(candidates) => candidates.fingerprint,
                _ => 0,
            };
            html! {
                <p data-testid="remove-outcome">{ lang.fill(Msg::FiltersRemoved, &[
                    ("item", &item(text)),
                    ("fp", &fingerprint.to_string()),
                    ("bucket", &from.bucket.to_string()),
                    ("slot", &from.slot.to_string()),
                ]) }</p>
            }
        }
        FiltersOutcome::Refused(refusal) => html! {
            <p class="refused" data-testid="refused">{ lang.text(refusal_message(*refusal)) }</p>
        },
        FiltersOutcome::Reshaped => html! { <p>{ lang.text(Msg::FiltersReshaped) }</p> },
        FiltersOutcome::Cleared => html! { <p>{ lang.text(Msg::FiltersCleared) }</p> },
        FiltersOutcome::Travelled { back } => html! {
            <p>{ lang.text(if *back { Msg::FiltersUndone } else { Msg::FiltersRedone }) }</p>
        },
    }
}

/// The block a key chose, for the split-block and blocked filters.
fn block_line(lang: Lang, probe: &Probe) -> Html {
    let block = match probe {
        Probe::Sbbf { probe, .. } => probe.block,
        Probe::Blocked { block, .. } => *block,
        _ => return Html::default(),
    };
    html! {
        <p class="block-index" data-testid="block-index" data-value={block.to_string()}>
            { lang.fill(Msg::FiltersBlockName, &[("block", &block.to_string())]) }
        </p>
    }
}

/// Why an action did nothing.
fn refusal_message(refusal: Refusal) -> Msg {
    match refusal {
        Refusal::Text(InsertError::Blank) => Msg::FiltersBlank,
        Refusal::Text(InsertError::TooLong) => Msg::FiltersTooLong,
        Refusal::NoRemoval => Msg::FiltersNoRemoval,
        Refusal::NotInserted => Msg::FiltersNotInserted,
        Refusal::Full => Msg::FiltersTooMany,
    }
}

/// What an insert did besides reading its probe.
fn inserted_sentence(
    lang: Lang,
    state: &FiltersState,
    item: &str,
    placement: &Placement,
) -> String {
    let n = state.keys.len().to_string();
    match placement {
        Placement::Bits => lang.fill(Msg::FiltersInsertedBits, &[("item", item), ("n", &n)]),
        Placement::Nested { kicks, rested } => lang.plural(
            Msg::FiltersInsertedNested,
            kicks.len() as u64,
            &[
                ("item", item),
                ("count", &kicks.len().to_string()),
                ("bucket", &rested.bucket.to_string()),
                ("slot", &rested.slot.to_string()),
                ("n", &n),
            ],
        ),
        Placement::Full { kicks } => lang.fill(
            Msg::FiltersFull,
            &[
                ("item", item),
                ("count", &kicks.len().to_string()),
                ("n", &n),
            ],
        ),
        Placement::Built { attempts, .. } => lang.plural(
            Msg::FiltersBuilt,
            u64::from(*attempts),
            &[
                ("item", item),
                ("attempts", &attempts.to_string()),
                ("n", &n),
            ],
        ),
        Placement::Unbuildable => lang.fill(Msg::FiltersUnbuildable, &[]),
        Placement::Already => lang.fill(Msg::FiltersAlready, &[("item", item)]),
    }
}

/// Where a key lands, in one sentence: its hash, block and bits; its fingerprint and buckets; its
/// three cells and their xor.
fn probe_sentence(lang: Lang, probe: &Probe) -> String {
    match probe {
        Probe::Sbbf { hash, probe } => {
            let bits: Vec<u32> = probe.bits.iter().map(|&bit| u32::from(bit)).collect();
            lang.fill(
                Msg::FiltersSbbfProbe,
                &[
                    ("hash", &hex(*hash, 16)),
                    ("block", &probe.block.to_string()),
                    ("bits", &lang.list(&bits)),
                ],
            )
        }
        Probe::Blocked { block, offsets } => lang.fill(
            Msg::FiltersBlockedProbe,
            &[
                ("block", &block.to_string()),
                ("offsets", &lang.list(offsets)),
            ],
        ),
        Probe::Cuckoo(candidates) => lang.fill(
            Msg::FiltersCuckooProbe,
            &[
                ("fp", &candidates.fingerprint.to_string()),
                ("first", &candidates.first.to_string()),
                ("second", &candidates.second.to_string()),
            ],
        ),
        Probe::Cells {
            cells,
            values,
            fingerprint,
        } => {
            let xor = values[0] ^ values[1] ^ values[2];
            lang.fill(
                Msg::FiltersCellsProbe,
                &[
                    ("cells", &lang.list(cells)),
                    ("a", &values[0].to_string()),
                    ("b", &values[1].to_string()),
                    ("c", &values[2].to_string()),
                    ("xor", &xor.to_string()),
                    ("fp", &fingerprint.to_string()),
                ],
            )
        }
        Probe::Unbuilt => lang.text(Msg::FiltersUnbuildable).to_owned(),
    }
}

/// What the step-through says at `step` of the last action.
pub fn step_line(
    lang: Lang,
    state: &FiltersState,
    outcome: &FiltersOutcome,
    step: usize,
) -> String {
    let (text, probe) = match outcome {
        FiltersOutcome::Inserted { text, probe, .. }
        | FiltersOutcome::Queried { text, probe, .. }
        | FiltersOutcome::Removed { text, probe, .. } => (text, probe),
        _ => return String::new(),
    };
    let item = lang.quote(&shorten(text, QUOTED));
    if step == 0 {
        return lang.fill(Msg::FiltersStepBefore, &[("item", &item)]);
    }
    if let FiltersOutcome::Inserted { placement, .. } = outcome {
        if let Some(line) = placement_step(lang, state, placement, probe, step) {
            return line;
        }
    }
    probe_step(lang, state, probe, step)
}

/// A step of reading a key's probe (a query's, or an insert's in a split-block or blocked filter).
fn probe_step(lang: Lang, state: &FiltersState, probe: &Probe, step: usize) -> String {
    let shown = shown_model(state);
    match (probe, shown) {
        (Probe::Sbbf { hash, probe }, Model::Sbbf(filter)) => {
            sbbf_step(lang, filter, *hash, probe, step)
        }
        (Probe::Blocked { block, offsets }, Model::Blocked(filter)) => {
            blocked_step(lang, filter, *block, offsets, step)
        }
        (Probe::Cuckoo(candidates), Model::Cuckoo(filter)) => {
            cuckoo_step(lang, filter, candidates, step)
        }
        (
            Probe::Cells {
                cells,
                values,
                fingerprint,
            },
            _,
        ) => {
            let at = (step - 1).min(2);
            let so_far = values[..=at].iter().fold(0, |acc, value| acc ^ value);
            lang.fill(
                if at < 2 {
                    Msg::FiltersStepCell
                } else {
                    Msg::FiltersStepLastCell
                },
                &[
                    ("cell", &cells[at].to_string()),
                    ("value", &values[at].to_string()),
                    ("xor", &so_far.to_string()),
                    ("fp", &fingerprint.to_string()),
                ],
            )
        }
        _ => String::new(),
    }
}

/// A step of a split-block filter's probe: the block, then word by word.
fn sbbf_step(
    lang: Lang,
    filter: &sbbf::Sbbf,
    hash: u64,
    probe: &sbbf::Probe,
    step: usize,
) -> String {
    if step == 1 {
        return lang.fill(
            Msg::FiltersStepSbbfBlock,
            &[
                ("hash", &hex(hash, 16)),
                ("top", &hex(hash >> 32, 8)),
                ("block", &probe.block.to_string()),
            ],
        );
    }
    let word = (step - 2).min(7);
    let value = filter.block(probe.block).map_or(0, |words| words[word]);
    let bit = probe.bits[word];
    lang.fill(
        Msg::FiltersStepSbbfWord,
        &[
            ("word", &word.to_string()),
            ("key", &hex(u64::from(probe.key), 8)),
            ("salt", &hex(u64::from(sbbf::SALT[word]), 8)),
            ("bit", &bit.to_string()),
            ("value", &(value >> bit & 1).to_string()),
        ],
    )
}

/// A step of a blocked filter's probe: the block, then bit by bit.
fn blocked_step(
    lang: Lang,
    filter: &blocked::BlockedBloom,
    block: u32,
    offsets: &[u32],
    step: usize,
) -> String {
    if step == 1 {
        return lang.fill(
            Msg::FiltersStepBlock,
            &[
                ("block", &block.to_string()),
                ("blocks", &filter.block_count().to_string()),
            ],
        );
    }
    let offset = offsets[(step - 2).min(offsets.len() - 1)];
    let words = filter.block_words(block);
    let value = words[(offset / 64) as usize] >> (offset % 64) & 1;
    let position = u64::from(block) * u64::from(filter.block_bits()) + u64::from(offset);
    lang.fill(
        Msg::FiltersStepBlockBit,
        &[
            ("offset", &offset.to_string()),
            ("position", &position.to_string()),
            ("value", &value.to_string()),
        ],
    )
}

/// A step of a cuckoo filter's probe: the fingerprint and buckets, then each bucket.
fn cuckoo_step(
    lang: Lang,
    filter: &cuckoo::CuckooFilter,
    candidates: &cuckoo::Candidates,
    step: usize,
) -> String {
    if step == 1 {
        return lang.fill(
            Msg::FiltersStepCuckooBuckets,
            &[
                ("fp", &candidates.fingerprint.to_string()),
                ("first", &candidates.first.to_string()),
                ("second", &candidates.second.to_string()),
            ],
        );
    }
    let bucket = if step == 2 {
        candidates.first
    } else {
        candidates.second
    };
    let held: Vec<u32> = filter
        .bucket(bucket)
        .iter()
        .filter(|&&slot| slot != 0)
        .map(|&slot| u32::from(slot))
        .collect();
    let found = held.contains(&u32::from(candidates.fingerprint));
    let listed = if held.is_empty() {
        lang.text(Msg::FiltersEmptyBucket).to_owned()
    } else {
        lang.list(&held)
    };
    lang.fill(
        if found {
            Msg::FiltersStepBucketHas
        } else {
            Msg::FiltersStepBucketLacks
        },
        &[
            ("bucket", &bucket.to_string()),
            ("held", &listed),
            ("fp", &candidates.fingerprint.to_string()),
        ],
    )
}

/// A step of what an insert did beyond its probe: a cuckoo filter's kicks and its rest, a static
/// table's peeling and filling. `None` for the steps that read the probe.
fn placement_step(
    lang: Lang,
    state: &FiltersState,
    placement: &Placement,
    probe: &Probe,
    step: usize,
) -> Option<String> {
    match placement {
        Placement::Nested { kicks, rested } if step >= 2 => Some(match kicks.get(step - 2) {
            Some(kick) => kick_line(lang, kick),
            None => lang.fill(
                Msg::FiltersStepRest,
                &[
                    ("bucket", &rested.bucket.to_string()),
                    ("slot", &rested.slot.to_string()),
                    (
                        "fp",
                        &kicks.last().map_or_else(
                            || match probe {
                                Probe::Cuckoo(candidates) => candidates.fingerprint.to_string(),
                                _ => String::new(),
                            },
                            |kick| kick.evicted.to_string(),
                        ),
                    ),
                ],
            ),
        }),
        Placement::Full { kicks } if step >= 2 => {
            let kick = kicks.get(step - 2)?;
            let line = kick_line(lang, kick);
            // The last kick, then that the insert gives up: a sentence of its own (a language
            // that sets sentences apart with a space has it in the message).
            Some(if step - 2 + 1 == kicks.len() {
                line + &lang.fill(
                    Msg::FiltersStepGaveUp,
                    &[("count", &kicks.len().to_string())],
                )
            } else {
                line
            })
        }
        Placement::Built { order, .. } => {
            let (at, filling) = build_position(order.len(), step)?;
            let key = &order[at];
            let item = lang.quote(&shorten(&text_of(state, key.key), QUOTED));
            Some(if filling {
                let value = state
                    .model
                    .table()
                    .map_or(0, |table| table.cells()[key.cell as usize]);
                lang.fill(
                    Msg::FiltersStepFill,
                    &[
                        ("item", &item),
                        ("cell", &key.cell.to_string()),
                        ("value", &value.to_string()),
                    ],
                )
            } else {
                lang.fill(
                    Msg::FiltersStepPeel,
                    &[
                        ("item", &item),
                        ("cell", &key.cell.to_string()),
                        ("cells", &lang.list(&key.cells)),
                    ],
                )
            })
        }
        _ => None,
    }
}

/// One kick, in words.
fn kick_line(lang: Lang, kick: &Kick) -> String {
    lang.fill(
        Msg::FiltersStepKick,
        &[
            ("placed", &kick.placed.to_string()),
            ("bucket", &kick.bucket.to_string()),
            ("slot", &kick.slot.to_string()),
            ("evicted", &kick.evicted.to_string()),
            ("to", &kick.evicted_to.to_string()),
        ],
    )
}

/// The facts beside the structure: its keys, its bits, bits per key, and the rate its formula
/// gives now.
pub fn filter_facts(lang: Lang, state: &FiltersState) -> Html {
    let n = state.keys.len() as u64;
    let (bits, rate, formula): (u64, f64, Msg) = match &state.model {
        Model::Sbbf(filter) => (
            filter.byte_count() as u64 * 8,
            sbbf::rate(n, u64::from(filter.block_count())),
            Msg::FiltersRateSbbf,
        ),
        Model::Blocked(filter) => (
            filter.bit_count(),
            blocked::rate(
                n,
                u64::from(filter.block_count()),
                filter.block_bits(),
                filter.hash_count(),
            ),
            Msg::FiltersRateBlocked,
        ),
        Model::Cuckoo(filter) => (
            u64::from(filter.bucket_count())
                * u64::from(filter.slots_per_bucket())
                * u64::from(filter.fingerprint_bits()),
            cuckoo::rate(
                filter.fingerprint_bits(),
                filter.slots_per_bucket(),
                filter.load(),
            ),
            Msg::FiltersRateCuckoo,
        ),
        Model::Xor(filter) => (
            filter.as_ref().map_or(0, |f| {
                f.cells().len() as u64 * u64::from(f.fingerprint_bits())
            }),
            xor::rate(state.shape.fingerprint_bits as u8),
            Msg::FiltersRateXor,
        ),
        Model::Fuse(filter) => (
            filter.as_ref().map_or(0, |f| {
                f.cells().len() as u64 * u64::from(f.fingerprint_bits())
            }),
            fuse::rate(state.shape.fingerprint_bits as u8),
            Msg::FiltersRateXor,
        ),
    };
    let per_key = if n == 0 {
        "—".to_owned()
    } else {
        fixed(bits as f64 / n as f64, 2)
    };
    html! {
        <dl class="filter-facts" data-testid="filter-facts" data-n={n.to_string()}>
            <dt>{ lang.text(Msg::FiltersFactKeys) }</dt><dd>{ grouped(n) }</dd>
            <dt>{ lang.text(Msg::FiltersFactBits) }</dt><dd>{ grouped(bits) }</dd>
            <dt>{ lang.text(Msg::FiltersFactPerKey) }</dt><dd data-testid="bits-per-key">{ per_key }</dd>
            <dt>{ lang.text(Msg::FiltersFactRate) }</dt>
            <dd data-testid="rate">{ lang.chance(rate) }<br /><span class="hint">{ lang.text(formula) }</span></dd>
        </dl>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::build_position;

    #[test]
    fn a_build_peels_each_key_in_order_then_fills_them_in_reverse() {
        let steps: Vec<_> = (0..=6).map(|step| build_position(3, step)).collect();
        assert_eq!(
            steps,
            [
                None,
                Some((0, false)),
                Some((1, false)),
                Some((2, false)),
                Some((2, true)),
                Some((1, true)),
                Some((0, true)),
            ]
        );
        assert_eq!(build_position(0, 1), None);
    }
}
