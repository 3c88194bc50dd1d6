//! Insert or query one step at a time, for a class to follow: the text, its UTF-8 bytes, the FNV-1a
//! loop on the first bytes, the second hash, each index gᵢ with its numbers and the bit it sets or
//! tests, then the result. Next and Previous are buttons and the arrow keys; the real insert or query
//! happens on the last step, so the rest of the page catches up exactly then. Which step is shown is
//! data in [`crate::state::step_through`]; this component writes it out in the page's language.

use yew::prelude::*;

use crate::format::grouped;
use crate::hooks::use_lang::{use_lang, use_resources};
use crate::hooks::use_shortcuts::use_shortcuts;
use crate::shortcuts::Shortcut;
use crate::state::step_through::{StepAction, StepKind, StepSession, StepState};
use crate::strings::{keep_spaces, scheme_formula, Lang, Msg, DETAILS};
use bloom_core::hashing::{
    fnv1a_64_rounds, murmur3_x64_128_halves, murmur3_x86_32, murmur3_x86_32_working, HashScheme,
    ItemHashes, MurmurRound, FNV_OFFSET_BASIS, FNV_PRIME, MURMUR_ADD, MURMUR_C1, MURMUR_C2,
};
use bloom_core::playground::{Playground, Verdict};
use bloom_core::text::{hex_bytes, shorten, utf8_hex};

/// FNV-1a rounds shown (one per byte) before "…": a word of up to eight bytes, whole.
const SHOWN_FNV_ROUNDS: usize = 8;
/// MurmurHash3 blocks (four bytes each) shown before "…".
const SHOWN_MURMUR_BLOCKS: usize = 4;
/// Bytes shown in the bytes step.
const SHOWN_BYTES: usize = 32;
/// Longest item text in the line over the steps (it keeps one line).
const STEP_COUNT_ITEM_CHARS: usize = 16;

/// One step as the reader sees it: a title, its lines, and for a hash the working that led to its
/// value (folded under the value: on a phone or a projector a step shows its result first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Step {
    title: String,
    lines: Vec<String>,
    working: Vec<String>,
    notes: Vec<String>,
}

/// Props of [`StepThrough`].
#[derive(Properties, PartialEq, Clone)]
pub struct StepThroughProps {
    /// Which step of which action is shown (the page owns it, so the array can follow the bit).
    pub state: UseReducerHandle<StepState>,
}

/// Every step of inserting or querying `text`, in order.
fn steps(lang: Lang, playground: &Playground, text: &str, kind: StepKind) -> Vec<Step> {
    let bytes = text.as_bytes();
    let mut steps = Vec::new();
    steps.push(Step {
        title: lang.text(Msg::StepTextTitle).into(),
        // Past ASCII, what the text is made of is code points, which a reader does not always
        // see as characters (an emoji family is five).
        lines: vec![lang.plural(
            if text.is_ascii() {
                Msg::StepText
            } else {
                Msg::StepTextCodePoints
            },
            text.chars().count() as u64,
            &[
                ("item", &keep_spaces(&shorten(text, 60))),
                ("chars", &grouped(text.chars().count() as u64)),
            ],
        )],
        ..Step::default()
    });
    let (hex, more) = utf8_hex(text, SHOWN_BYTES);
    steps.push(Step {
        title: lang.text(Msg::StepBytesTitle).into(),
        lines: vec![
            format!("{hex}{}", if more { " …" } else { "" }),
            lang.plural(
                Msg::StepBytes,
                bytes.len() as u64,
                &[("count", &grouped(bytes.len() as u64))],
            ),
        ],
        ..Step::default()
    });
    steps.extend(hash_steps(lang, playground, text));
    let newly = index_steps(lang, playground, text, kind, &mut steps);
    steps.push(result_step(lang, playground, text, kind, &newly));
    steps
}

/// The two steps that hash the bytes, as the filter's scheme does: FNV-1a for h₁ and MurmurHash3
/// x86_32 for h₂ (double hashing, plain or enhanced); one MurmurHash3 x64_128 split into its two
/// halves; or k MurmurHash3 x86_32 with seeds 0 … k − 1, each then reduced mod m. Each hash is
/// followed by that number mod m on a line of its own ("h₂ mod 32 = 3"), where the index steps
/// start from it, so it never reads as part of the hash.
fn hash_steps(lang: Lang, playground: &Playground, text: &str) -> [Step; 2] {
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let bytes = text.as_bytes();
    let reduced =
        |name: &str, hash: u64| format!("{name} mod {m} = {}", hash % u64::from(m.max(1)));
    let formula = vec![lang.text(scheme_formula(params.scheme)).into()];
    match params.scheme {
        HashScheme::Murmur128Split => {
            let (low, high) = murmur3_x64_128_halves(bytes);
            [
                Step {
                    title: lang.text(Msg::StepMurmur128Title).into(),
                    lines: vec![
                        format!("0x{high:016x}{low:016x}"),
                        lang.text(Msg::StepMurmur128).into(),
                    ],
                    ..Step::default()
                },
                Step {
                    title: lang.text(Msg::StepSplitTitle).into(),
                    lines: vec![
                        format!("h₁ = 0x{low:016x}"),
                        reduced("h₁", low),
                        format!("h₂ = 0x{high:016x}"),
                        reduced("h₂", high),
                    ],
                    notes: formula,
                    ..Step::default()
                },
            ]
        }
        HashScheme::Independent => {
            let hashes: Vec<u32> = (0..k).map(|seed| murmur3_x86_32(bytes, seed)).collect();
            let name = |seed: usize| format!("h{}", subscript(seed));
            let mut listed = vec![lang.fill(Msg::StepIndependent, &[("k", &k.to_string())])];
            listed.extend(
                hashes
                    .iter()
                    .enumerate()
                    .map(|(seed, hash)| format!("{} = 0x{hash:08x}", name(seed))),
            );
            [
                Step {
                    title: lang.fill(Msg::StepIndependentTitle, &[("k", &k.to_string())]),
                    lines: listed,
                    ..Step::default()
                },
                Step {
                    title: lang.text(Msg::StepReducedTitle).into(),
                    lines: hashes
                        .iter()
                        .enumerate()
                        .map(|(seed, &hash)| reduced(&name(seed), u64::from(hash)))
                        .collect(),
                    notes: formula,
                    ..Step::default()
                },
            ]
        }
        HashScheme::DoubleHashing | HashScheme::EnhancedDoubleHashing => {
            let hashes = ItemHashes::of(text);
            let mut first = fnv_step(lang, bytes, hashes.fnv);
            first.lines.push(reduced("h₁", hashes.fnv));
            [
                first,
                Step {
                    title: lang.text(Msg::StepSecondTitle).into(),
                    lines: vec![
                        format!("h₂ = 0x{:08x}", hashes.murmur),
                        reduced("h₂", u64::from(hashes.murmur)),
                    ],
                    working: murmur_working(lang, bytes),
                    notes: formula,
                },
            ]
        }
    }
}

/// h₁ = `fnv`, the FNV-1a hash of `bytes`, and its working: the loop on the first bytes.
fn fnv_step(lang: Lang, bytes: &[u8], fnv: u64) -> Step {
    let mut working = vec![lang.fill(
        Msg::StepFnvStart,
        &[
            ("basis", &format!("0x{FNV_OFFSET_BASIS:016x}")),
            ("prime", &format!("0x{FNV_PRIME:x}")),
        ],
    )];
    working.extend(
        fnv1a_64_rounds(bytes, SHOWN_FNV_ROUNDS)
            .iter()
            .map(|round| {
                lang.fill(
                    Msg::StepFnvRound,
                    &[
                        ("byte", &format!("0x{:02x}", round.byte)),
                        ("xor", &format!("0x{:016x}", round.after_xor)),
                        ("product", &format!("0x{:016x}", round.after_multiply)),
                    ],
                )
            }),
    );
    working.push(lang.plural(
        Msg::StepFnvEnd,
        bytes.len() as u64,
        &[
            ("count", &grouped(bytes.len() as u64)),
            ("hash", &format!("0x{fnv:016x}")),
        ],
    ));
    Step {
        title: lang.text(Msg::StepFnvTitle).into(),
        lines: vec![format!("h₁ = 0x{fnv:016x}")],
        working,
        notes: Vec::new(),
    }
}

/// MurmurHash3 x86_32 (seed 0) on `bytes`, written out like FNV-1a's loop: the start, the first
/// blocks, the tail, and the end with h₂.
fn murmur_working(lang: Lang, bytes: &[u8]) -> Vec<String> {
    let working = murmur3_x86_32_working(bytes, 0, SHOWN_MURMUR_BLOCKS);
    let mut lines = vec![lang.fill(
        Msg::StepMurmurStart,
        &[
            ("c1", &format!("0x{MURMUR_C1:08x}")),
            ("c2", &format!("0x{MURMUR_C2:08x}")),
            ("add", &format!("0x{MURMUR_ADD:08x}")),
        ],
    )];
    let round = |message: Msg, round: &MurmurRound| {
        lang.fill(
            message,
            &[
                ("bytes", &hex_bytes(&round.bytes)),
                ("block", &format!("0x{:08x}", round.block)),
                ("scrambled", &format!("0x{:08x}", round.scrambled)),
                ("hash", &format!("0x{:08x}", round.hash)),
            ],
        )
    };
    lines.extend(
        working
            .blocks
            .iter()
            .map(|block| round(Msg::StepMurmurBlock, block)),
    );
    if bytes.len() / 4 > working.blocks.len() {
        lines.push("…".into());
    }
    lines.extend(
        working
            .tail
            .iter()
            .map(|tail| round(Msg::StepMurmurTail, tail)),
    );
    lines.push(lang.plural(
        Msg::StepMurmurEnd,
        bytes.len() as u64,
        &[
            ("count", &grouped(bytes.len() as u64)),
            ("hash", &format!("0x{:08x}", working.hash)),
        ],
    ));
    lines
}

/// One step per index gᵢ, pushed onto `steps`, with what it does to its bit (an insert sets the
/// bits as it goes); returns the bits the insert would turn from 0 to 1.
fn index_steps(
    lang: Lang,
    playground: &Playground,
    text: &str,
    kind: StepKind,
    steps: &mut Vec<Step>,
) -> Vec<u32> {
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let mut set_now: Vec<u32> = Vec::new();
    let mut newly: Vec<u32> = Vec::new();
    let rows = params.scheme.rows(text, m, k);
    for (i, row) in rows.iter().enumerate() {
        let bit = row.index;
        let is_set = playground.filter().bits().get(bit) || set_now.contains(&bit);
        // A bit an earlier index of this insert chose: still 0 on the array, which changes at the
        // result.
        let chosen_before = (kind == StepKind::Insert && !playground.filter().bits().get(bit))
            .then(|| rows[..i].iter().position(|earlier| earlier.index == bit))
            .flatten();
        let effect = match (kind, is_set) {
            (StepKind::Insert, true) if chosen_before.is_some() => lang.fill(
                Msg::StepBitChosenBefore,
                &[
                    ("bit", &bit.to_string()),
                    ("earlier", &subscript(chosen_before.unwrap_or(0))),
                ],
            ),
            (StepKind::Insert, false) => {
                set_now.push(bit);
                newly.push(bit);
                lang.fill(Msg::StepSetsBit, &[("bit", &bit.to_string())])
            }
            (StepKind::Insert, true) => {
                lang.fill(Msg::StepBitAlreadySet, &[("bit", &bit.to_string())])
            }
            (StepKind::Query, true) => lang.fill(Msg::StepBitIsOne, &[("bit", &bit.to_string())]),
            (StepKind::Query, false) => lang.fill(Msg::StepBitIsZero, &[("bit", &bit.to_string())]),
        };
        steps.push(Step {
            title: lang.fill(Msg::StepIndexTitle, &[("i", &subscript(i))]),
            lines: vec![
                format!("g{} = {} = {}", subscript(i), row.working, bit),
                effect,
            ],
            ..Step::default()
        });
    }
    // Listed as what happened lists them: in number order when the indexes repeat a bit (the
    // distinct bits are named then), else in probe order.
    let repeats = (1..rows.len()).any(|i| {
        rows[..i]
            .iter()
            .any(|earlier| earlier.index == rows[i].index)
    });
    if repeats {
        bloom_core::small_sort::sort_distinct(&mut newly);
    }
    newly
}

/// The last step: what the insert changed (`newly` set bits) or what the query answers.
fn result_step(
    lang: Lang,
    playground: &Playground,
    text: &str,
    kind: StepKind,
    newly: &[u32],
) -> Step {
    let result = match kind {
        StepKind::Insert => {
            let n = playground.items().len() + usize::from(!playground.was_inserted(text));
            if newly.is_empty() {
                lang.fill(Msg::StepInsertNothingNew, &[("n", &n.to_string())])
            } else {
                lang.plural(
                    Msg::StepInsertDone,
                    newly.len() as u64,
                    &[("bits", &lang.list(newly)), ("n", &n.to_string())],
                )
            }
        }
        StepKind::Query => match playground.query(text) {
            Verdict::Absent { zero_bits } => lang.plural(
                Msg::StepQueryAbsent,
                zero_bits.len() as u64,
                &[("bits", &lang.list(&zero_bits))],
            ),
            Verdict::Present => lang.text(Msg::StepQueryPresent).into(),
            Verdict::FalsePositive => lang.text(Msg::StepQueryFalsePositive).into(),
        },
    };
    Step {
        title: lang.text(Msg::StepResultTitle).into(),
        lines: vec![result],
        ..Step::default()
    }
}

/// A step's lines, a paragraph each.
fn paragraphs(lines: &[String]) -> Html {
    lines
        .iter()
        .map(|line| html! { <p class="mono-ish">{ line.clone() }</p> })
        .collect()
}

/// A hash's working, folded under its value (`open` where there is room for it).
fn working(lang: Lang, lines: &[String], open: bool) -> Html {
    if lines.is_empty() {
        return Html::default();
    }
    html! {
        <details class="step-working" data-testid="step-working" {open}>
            <summary>{ lang.text(Msg::StepWorking) }</summary>
            { paragraphs(lines) }
        </details>
    }
}

/// Whether a hash's working opens under its value: where the panel has room for it, not on a phone
/// (the style sheets' 900 px break) and not on a presenter's stage.
fn room_for_working() -> bool {
    let presenting = crate::web::window()
        .and_then(|window| window.document())
        .and_then(|document| document.query_selector(".presenter").ok().flatten())
        .is_some();
    crate::web::wide_screen() && !presenting
}

/// Small digits for gᵢ.
fn subscript(number: usize) -> String {
    number
        .to_string()
        .chars()
        .map(|digit| char::from_u32(0x2080 + digit.to_digit(10).unwrap_or(0)).unwrap_or(digit))
        .collect()
}

/// The step-through's keys: → or PageDown on, ← or PageUp back, Esc stops — while its panel (`panel`)
/// is drawn (steps on a slide the class has left keep no key).
#[hook]
fn use_step_keys(state: &UseReducerHandle<StepState>, panel: &NodeRef) {
    let state = state.clone();
    let active = state.session.is_some();
    let finished = state.session.as_ref().is_some_and(StepSession::finished);
    let first = state
        .session
        .as_ref()
        .is_some_and(|session| session.position == 0);
    let panel = panel.clone();
    use_shortcuts(Callback::from(move |shortcut| {
        if !crate::web::drawn(&panel) {
            return false;
        }
        let action = match (active, shortcut) {
            // At the result, on is the page's (a slide's: on to the next; a remote's PageDown
            // too), and the result stays as it is; back reads the steps again.
            (true, Shortcut::Next | Shortcut::Forward) if finished => return false,
            // On a slide a remote's back goes through the steps as on did, and past the first
            // turns the slide back; from a later slide the steps kept on the wall beside it do
            // not hold it: it turns the slide (← still reads them again).
            (true, Shortcut::Back) if on_slide(&panel, "docked") && finished => return false,
            (true, Shortcut::Back) if on_slide(&panel, "current") && first => return false,
            (true, Shortcut::Next | Shortcut::Forward) => StepAction::Next,
            (true, Shortcut::Previous | Shortcut::Back) => StepAction::Previous,
            (true, Shortcut::Close | Shortcut::LeaveField) => StepAction::Close,
            _ => return false,
        };
        state.dispatch(action);
        true
    }));
}

/// True when `panel` is drawn on a presented chapter's slide that is `which`: the slide shown
/// ("current"), or one shown beside it ("docked").
fn on_slide(panel: &NodeRef, which: &str) -> bool {
    panel
        .cast::<web_sys::Element>()
        .and_then(|panel| {
            panel
                .closest(&format!(".learn.slides .chapter-slide.{which}"))
                .ok()
                .flatten()
        })
        .is_some()
}

/// "Querying “peach”, step 4 of 8": the item named where its field gives way to the steps (a
/// phone); on a stage, whose field stays in view, without it, so the line fits the steps' panel.
fn step_count(lang: Lang, session: &StepSession, position: usize, count: usize) -> Html {
    let insert = session.kind == StepKind::Insert;
    let item = lang.quote(&shorten(&session.text, STEP_COUNT_ITEM_CHARS));
    let (i, n) = ((position + 1).to_string(), count.to_string());
    html! {
        <p class="step-count">
            <span class="named">{ lang.fill(if insert { Msg::StepCountInsertItem } else { Msg::StepCountQueryItem },
                &[("i", &i), ("n", &n), ("item", &item)]) }</span>
            <span class="unnamed">{ lang.fill(if insert { Msg::StepCountInsert } else { Msg::StepCountQuery }, &[("i", &i), ("n", &n)]) }</span>
        </p>
    }
}

/// The step-through panel.
#[component]
pub fn StepThrough(props: &StepThroughProps) -> Html {
    let lang = use_lang();
    let state = props.state.clone();
    let panel = use_node_ref();
    use_step_keys(&state, &panel);
    // Its texts arrive the first time a step-through opens.
    let wanted = if state.session.is_some() {
        vec![DETAILS.to_owned()]
    } else {
        Vec::new()
    };
    let (texts_here, texts_missing) = use_resources(lang, wanted);
    let Some(session) = state.session.as_ref() else {
        return Html::default();
    };
    let working_open = room_for_working();
    if !texts_here && texts_missing {
        // Offline before its texts ever came: said, with a way out (Esc too). Opened again, it asks
        // for them again.
        let close = state.clone();
        return html! {
            <section ref={panel} class="panel step-through" data-testid="step-through" role="alert">
                <p data-testid="step-missing">{ lang.text(Msg::StepTextsMissing) }</p>
                <div class="step-buttons">
                    <button type="button" class="primary" data-testid="step-close"
                        onclick={Callback::from(move |_: MouseEvent| close.dispatch(StepAction::Close))}>
                        { lang.text(Msg::StepTextsClose) }</button>
                </div>
            </section>
        };
    }
    if !texts_here {
        // The panel's place, at its height, while its texts arrive: the page does not move twice.
        return html! { <section class="panel step-through" aria-busy="true"></section> };
    }
    let steps = steps(lang, &session.playground, &session.text, session.kind);
    let (position, count) = (session.position, steps.len());
    let step = &steps[position.min(count - 1)];
    let last = session.finished();
    let go = |action: StepAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    html! {
        <section ref={panel} class={if last { "panel step-through last" } else { "panel step-through" }} data-testid="step-through" aria-labelledby="step-title"
            data-step={position.to_string()} data-steps={count.to_string()}
            data-kind={if session.kind == StepKind::Insert { "insert" } else { "query" }}>
            { step_count(lang, session, position, count) }
            <h2 id="step-title" data-testid="step-title">{ step.title.clone() }</h2>
            // A long step scrolls inside its fixed height; the keyboard can scroll it too.
            <div class="step-body" data-testid="step-body" aria-live="polite" tabindex="0">
                { paragraphs(&step.lines) }
                { working(lang, &step.working, working_open) }
                { for step.notes.iter().map(|note| html! { <p class="mono-ish step-note">{ note.clone() }</p> }) }
            </div>
            <div class="step-buttons">
                <button type="button" data-testid="step-prev" onclick={go(StepAction::Previous)}
                    disabled={position == 0}>{ lang.text(Msg::StepPrevious) }</button>
                if last {
                    <button type="button" class="primary" data-testid="step-close" onclick={go(StepAction::Close)}>
                        { lang.text(Msg::StepClose) }</button>
                } else {
                    <button type="button" class="primary" data-testid="step-next" onclick={go(StepAction::Next)}>
                        { lang.text(Msg::StepNext) }</button>
                    <button type="button" data-testid="step-close" onclick={go(StepAction::Close)}>
                        { lang.text(Msg::StepStop) }</button>
                }
            </div>
            <p class="hint">{ lang.text(Msg::StepKeys) }</p>
        </section>
    }
}
