//! A chapter presented as slides: one slide at a time on a projector, each a heading with the
//! paragraphs under it, or one thing that needs the screen to itself — a widget, the exercise, a
//! table or a derivation (a long one goes on over several slides, a few rows or steps each). A section
//! too long for one screen goes on over the next slides; the build decides where, from how many
//! lines each block takes in 28 px type on a 1280 × 720 screen (the smallest a class is shown on),
//! and writes each block's slide into the page.
//!
//! Prose that talks about a widget shows it: such a slide is docked — its text on the left three
//! fifths, the widget (the same live one, with what the class has done to it) on the right. A
//! paragraph speaks of the widget its section leads up to, or else of the last widget before it (an
//! exercise between them does not count; a derivation or a table does). A docked slide's lines are
//! shorter; a paragraph too long for a docked slide of its own, and a formula, are shown at the full
//! width instead, and a slide never mixes paragraphs docked to different widgets.

use super::markup::plain;
use super::Block;

/// How much of a slide a block takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Room {
    /// A section heading, this many lines: a new slide starts with it.
    Heading(f32),
    /// Prose or a formula: this many lines of the slide's type.
    Lines(f32),
    /// A slide of its own (after its heading, when it comes right under one).
    Whole,
    /// One step of a derivation or one row of a table, this many lines: a derivation or a table
    /// starts a slide (after its heading, when it comes right under one), its steps fill slides,
    /// and what follows starts a new one.
    Step(f32),
}

/// Where one block of a chapter goes when the chapter is presented.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The block's slide, from 1 (a derivation's or a table's: its first step's or row's).
    pub slide: u32,
    /// A derivation's steps or a table's rows: the slide of each (empty for any other block).
    pub steps: Vec<u32>,
    /// The slide of the widget shown beside this block, for prose about a widget.
    pub dock: Option<u32>,
}

/// Lines of 28 px type (1.5 line height) a 1280 × 720 slide holds between the top of the screen
/// and the slide's buttons.
pub const SLIDE_LINES: f32 = 12.5;
/// A line of that type, in Latin letters (a Chinese or Japanese character is as wide as two).
pub const LINE_WIDTH: usize = 80;
/// A line of a docked slide, whose text has three fifths of the screen.
pub const DOCKED_LINE_WIDTH: usize = 46;
/// What the chapter's title takes on the first slide.
pub const TITLE_LINES: f32 = 1.5;
/// The lines a heading of `text` takes in lines of `width` Latin letters (its type is bold), with
/// its margin.
pub fn heading_lines(text: &str, width: usize) -> f32 {
    text_lines(text, width * 9 / 10) - 0.35 + 0.3
}

/// The lines a paragraph of `text` takes in lines of `width` Latin letters, with its margin.
pub fn text_lines(text: &str, width: usize) -> f32 {
    let letters: usize = text
        .chars()
        .map(|c| if c >= '\u{2e80}' { 2 } else { 1 })
        .sum();
    letters.div_ceil(width) as f32 + 0.35
}

/// The lines each row of `table` takes, the first
/// with the caption and the column headings over it, each with its share of the headings repeated
/// over the rows that go on to another slide.
pub fn table_lines(table: &super::Table, caption: &str) -> Vec<f32> {
    // A row's line with its rule and padding; at 1280 px a table of many columns wraps its cells
    // (a figure and its mark go onto two lines).
    const ROW: f32 = 1.5;
    let width = |cells: &[String]| -> usize {
        cells
            .iter()
            .map(|cell| {
                cell.chars()
                    .map(|c| if c >= '\u{2e80}' { 2 } else { 1 })
                    .sum::<usize>()
                    + 2
            })
            .sum()
    };
    let head = width(&table.head).div_ceil(LINE_WIDTH) as f32 * ROW;
    table
        .rows
        .iter()
        .enumerate()
        .map(|(at, row)| {
            let lines = width(row).div_ceil(LINE_WIDTH) as f32 * ROW + 0.1 + head / 6.0;
            if at == 0 {
                lines + heading_lines(caption, LINE_WIDTH) + head
            } else {
                lines
            }
        })
        .collect()
}

/// The slide of each room, from 1, given the room each takes and the widget (any id) each is
/// docked to: a heading or a whole block starts a new slide, as does a derivation; prose starts one
/// where the slide is full or its widget changes, unless the slide holds only a heading (a heading
/// is never left alone at the foot of a slide).
pub fn number(rooms: &[(Room, Option<usize>)]) -> Vec<u32> {
    let mut numbers = Vec::with_capacity(rooms.len());
    let (mut slide, mut used) = (1, TITLE_LINES);
    let mut last: Option<(Room, Option<usize>)> = None;
    for &(room, dock) in rooms {
        let lines = match room {
            Room::Heading(lines) | Room::Lines(lines) | Room::Step(lines) => lines,
            Room::Whole => f32::INFINITY,
        };
        let fresh = match (last, room) {
            (None, _)
            | (Some((Room::Heading(_), _)), Room::Lines(_) | Room::Whole | Room::Step(_)) => false,
            (Some((Room::Step(_), _)), Room::Step(_)) => used + lines > SLIDE_LINES,
            (Some((Room::Whole | Room::Step(_), _)), _)
            | (_, Room::Heading(_) | Room::Whole | Room::Step(_)) => true,
            (Some((_, before)), Room::Lines(_)) => used + lines > SLIDE_LINES || before != dock,
        };
        if fresh {
            slide += 1;
            used = 0.0;
        }
        numbers.push(slide);
        used += lines;
        last = Some((room, dock));
    }
    leave_no_step_alone(rooms, &mut numbers);
    join_short_slides(rooms, &mut numbers);
    numbers
}

/// A slide of prose that fits on the slide before it goes there, so that no slide carries a line
/// or two: prose after a derivation's or a table's last step joins that step, and a section (its
/// heading and prose) joins an untitled slide of prose at most half full (a chapter's opening
/// words). A slide never mixes widgets docked beside it, and a heading never joins a slide that
/// has one.
fn join_short_slides(rooms: &[(Room, Option<usize>)], numbers: &mut [u32]) {
    let lines = |at: usize| match rooms[at].0 {
        Room::Heading(lines) | Room::Lines(lines) | Room::Step(lines) => lines,
        Room::Whole => f32::INFINITY,
    };
    let mut slide = 1;
    loop {
        let on = |slide: u32| {
            (0..rooms.len())
                .filter(|&at| numbers[at] == slide)
                .collect::<Vec<_>>()
        };
        let (this, next) = (on(slide), on(slide + 1));
        let (Some(&first), Some(&last)) = (next.first(), this.last()) else {
            if next.is_empty() {
                return;
            }
            slide += 1;
            continue;
        };
        let title = if slide == 1 { TITLE_LINES } else { 0.0 };
        let used: f32 = this.iter().map(|&at| lines(at)).sum::<f32>() + title;
        let adding: f32 = next.iter().map(|&at| lines(at)).sum();
        let prose = next.iter().enumerate().all(|(place, &at)| {
            matches!(rooms[at].0, Room::Lines(_))
                || (place == 0 && matches!(rooms[at].0, Room::Heading(_)))
        });
        let headed = matches!(rooms[first].0, Room::Heading(_));
        let untitled_prose = this.iter().all(|&at| matches!(rooms[at].0, Room::Lines(_)));
        let one_dock = this
            .iter()
            .chain(&next)
            .all(|&at| rooms[at].1 == rooms[last].1);
        let joins = prose
            && one_dock
            && used + adding <= SLIDE_LINES
            && if headed {
                untitled_prose && used <= SLIDE_LINES / 2.0
            } else {
                !matches!(rooms[last].0, Room::Whole)
            };
        if joins {
            for number in numbers.iter_mut().filter(|number| **number > slide) {
                *number -= 1;
            }
        } else {
            slide += 1;
        }
    }
}

/// A derivation or a table that goes on to another slide leaves no step or row alone there: its
/// last slide takes steps from the slide before while that one keeps more of them and they fit.
fn leave_no_step_alone(rooms: &[(Room, Option<usize>)], numbers: &mut [u32]) {
    let lines = |at: &usize| match rooms[*at].0 {
        Room::Step(lines) => lines,
        _ => 0.0,
    };
    let is_step = |at: usize| matches!(rooms[at].0, Room::Step(_));
    let mut end = rooms.len();
    while end > 0 {
        if !is_step(end - 1) {
            end -= 1;
            continue;
        }
        let mut start = end - 1;
        while start > 0 && is_step(start - 1) {
            start -= 1;
        }
        let last = numbers[end - 1];
        while numbers[start] < last {
            let on = |slide: u32| {
                (start..end)
                    .filter(|&at| numbers[at] == slide)
                    .collect::<Vec<_>>()
            };
            let (before, after) = (on(last - 1), on(last));
            let used: f32 = after.iter().map(lines).sum();
            match before.last() {
                Some(&moved)
                    if before.len() > after.len() + 1 && used + lines(&moved) <= SLIDE_LINES =>
                {
                    numbers[moved] = last;
                }
                _ => break,
            }
        }
        end = start;
    }
}

/// A block shown apart from prose.
fn apart(block: &Block) -> bool {
    matches!(
        block,
        Block::Derivation(_)
            | Block::Table(_)
            | Block::Figure(_)
            | Block::Widget(_)
            | Block::Exercise
    )
}

/// The widget each block of `blocks` talks about (its index), for prose: the widget its section
/// leads up to, else the last widget before it, passing over the exercise but not a derivation or
/// a table.
pub fn docks(blocks: &[Block]) -> Vec<Option<usize>> {
    (0..blocks.len())
        .map(|at| {
            if apart(&blocks[at]) {
                return None;
            }
            let ahead = blocks[at + 1..]
                .iter()
                .position(|block| apart(block) || matches!(block, Block::H(_)))
                .map(|offset| at + 1 + offset)
                .filter(|&next| matches!(blocks[next], Block::Widget(_)));
            ahead.or_else(|| {
                blocks[..at]
                    .iter()
                    .rposition(|block| apart(block) && !matches!(block, Block::Exercise))
                    .filter(|&before| matches!(blocks[before], Block::Widget(_)))
            })
        })
        .collect()
}

/// The room each of `blocks` takes (docked to the widget `docks` names), one per block and one per
/// step of a derivation or row of a table: (block, room, docked widget).
fn rooms_of(
    blocks: &[Block],
    docks: &[Option<usize>],
    text: &impl Fn(&str) -> String,
) -> Vec<(usize, Room, Option<usize>)> {
    // A formula of several rows (a table of relations) takes a line and a half more for each.
    let math_lines = |math: &str| {
        let rows = math.matches("<mtr").count().max(1) as f32;
        (if math.contains("<mfrac") { 3.5 } else { 2.5 }) + 1.5 * (rows - 1.0)
    };
    let mut rooms = Vec::new();
    for (at, (block, &dock)) in blocks.iter().zip(docks).enumerate() {
        let width = if dock.is_some() {
            DOCKED_LINE_WIDTH
        } else {
            LINE_WIDTH
        };
        match block {
            Block::H(key) => {
                rooms.push((at, Room::Heading(heading_lines(&text(key), width)), dock))
            }
            Block::P(key) | Block::PageLink(_, key) => {
                rooms.push((at, Room::Lines(text_lines(&plain(&text(key)), width)), dock))
            }
            // A fraction stands about three lines high in the formulas' larger type.
            Block::Math(math) => rooms.push((at, Room::Lines(math_lines(math)), dock)),
            Block::Derivation(steps) => rooms.extend(steps.iter().map(|step| {
                let lines = math_lines(step.math) + text_lines(&plain(&text(step.why)), width);
                (at, Room::Step(lines), None)
            })),
            Block::Table(table) => {
                let table = table(crate::strings::Lang::English);
                rooms.extend(
                    table_lines(&table, &text(table.caption))
                        .into_iter()
                        .map(|lines| (at, Room::Step(lines), None)),
                );
            }
            Block::Figure(_) | Block::Widget(_) | Block::Exercise => {
                rooms.push((at, Room::Whole, None));
            }
        }
    }
    rooms
}

/// Where each of a chapter's `blocks` goes, with `text` the prose of a key as the reader sees it.
pub fn slides_of(blocks: &[Block], text: impl Fn(&str) -> String) -> Vec<Placed> {
    let mut docks = docks(blocks);
    // A paragraph too long for a docked slide (under its heading, if it comes right under one) and a
    // formula are read at the screen's width, and a heading goes with what it heads.
    for (at, block) in blocks.iter().enumerate() {
        // A formula keeps the whole width: half of it would cut a wide one. The paragraph that
        // leads up to it ("…its average over X:") goes with it, at the same width.
        if matches!(block, Block::Math(_)) {
            docks[at] = None;
            if let Some(before) = at
                .checked_sub(1)
                .filter(|&before| matches!(blocks[before], Block::P(_)))
            {
                docks[before] = None;
            }
        }
        if let Block::P(key) | Block::PageLink(_, key) = block {
            let mut lines = text_lines(&plain(&text(key)), DOCKED_LINE_WIDTH);
            if let Some(Block::H(heading)) = at.checked_sub(1).map(|before| &blocks[before]) {
                lines += heading_lines(&text(heading), DOCKED_LINE_WIDTH);
            }
            if lines > SLIDE_LINES {
                docks[at] = None;
            }
        }
    }
    for at in (0..blocks.len()).rev() {
        if matches!(blocks[at], Block::H(_)) {
            docks[at] = blocks
                .get(at + 1)
                .filter(|next| !apart(next))
                .and(docks.get(at + 1).copied().flatten());
        }
    }
    let rooms = rooms_of(blocks, &docks, &text);
    let numbers = number(
        &rooms
            .iter()
            .map(|&(_, room, dock)| (room, dock))
            .collect::<Vec<_>>(),
    );
    let mut placed: Vec<Placed> = Vec::with_capacity(blocks.len());
    for (&(at, room, _), &slide) in rooms.iter().zip(&numbers) {
        match placed.get_mut(at) {
            Some(block) => block.steps.push(slide),
            None => placed.push(Placed {
                slide,
                steps: if matches!(room, Room::Step(_)) {
                    vec![slide]
                } else {
                    Vec::new()
                },
                dock: None,
            }),
        }
    }
    let widget_slides: Vec<u32> = placed.iter().map(|block| block.slide).collect();
    for (block, dock) in placed.iter_mut().zip(docks) {
        // A heading right above its widget shares the widget's slide: nothing to dock there.
        block.dock = dock
            .map(|widget| widget_slides[widget])
            .filter(|&slide| slide != block.slide);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutorial::{blocks, CHAPTERS};

    fn plain_rooms(rooms: &[Room]) -> Vec<(Room, Option<usize>)> {
        rooms.iter().map(|&room| (room, None)).collect()
    }

    #[test]
    fn headings_and_whole_blocks_start_slides() {
        let rooms = [
            Room::Lines(3.0),
            Room::Heading(1.3),
            Room::Lines(4.0),
            Room::Lines(4.0),
            Room::Lines(4.0),
            Room::Whole,
            Room::Lines(2.0),
            Room::Heading(1.3),
            Room::Whole,
            Room::Heading(1.3),
            Room::Lines(20.0),
            Room::Lines(1.0),
        ];
        // The third paragraph runs past the slide; a widget under its heading stays with it; a
        // paragraph too long for any slide is not parted from its heading.
        assert_eq!(
            number(&plain_rooms(&rooms)),
            vec![1, 2, 2, 2, 3, 4, 5, 6, 6, 7, 7, 8]
        );
    }

    #[test]
    fn a_derivation_starts_a_slide_and_its_steps_fill_slides() {
        let rooms = [
            Room::Heading(1.3),
            Room::Lines(2.0),
            Room::Step(5.0),
            Room::Step(5.0),
            Room::Step(5.0),
            Room::Step(5.0),
            Room::Lines(1.0),
            Room::Heading(1.3),
            Room::Step(6.0),
            Room::Step(6.0),
        ];
        // The line after the first derivation joins its last step; the next section starts anew.
        assert_eq!(
            number(&plain_rooms(&rooms)),
            vec![1, 1, 2, 2, 3, 3, 3, 4, 4, 5]
        );
    }

    #[test]
    fn a_short_slide_joins_the_one_before_when_both_fit() {
        // Untitled opening words, then a section: it joins them.
        let opening = [
            Room::Lines(3.0),
            Room::Heading(1.3),
            Room::Lines(3.0),
            Room::Heading(1.3),
            Room::Lines(3.0),
        ];
        assert_eq!(number(&plain_rooms(&opening)), vec![1, 1, 1, 2, 2]);
        // Not when the opening words fill more than half the slide, nor under a slide with its
        // own heading, nor beside another widget.
        let full = [Room::Lines(6.0), Room::Heading(1.3), Room::Lines(1.0)];
        assert_eq!(number(&plain_rooms(&full)), vec![1, 2, 2]);
        let titled = [
            Room::Heading(1.3),
            Room::Lines(1.0),
            Room::Heading(1.3),
            Room::Lines(1.0),
        ];
        assert_eq!(number(&plain_rooms(&titled)), vec![1, 1, 2, 2]);
        let docked = [(Room::Step(4.0), None), (Room::Lines(1.0), Some(3))];
        assert_eq!(number(&docked), vec![1, 2]);
    }

    #[test]
    fn chapter_four_leads_up_to_its_formula_on_the_formula_s_slide() {
        let blocks = blocks(4);
        let formula = blocks
            .iter()
            .position(|block| matches!(block, Block::Math(_)))
            .unwrap();
        let placed = slides_of(blocks, |_| "word ".repeat(30));
        assert!(matches!(blocks[formula - 1], Block::P(_)));
        assert_eq!(placed[formula - 1].slide, placed[formula].slide);
        assert_eq!(placed[formula - 1].dock, None, "at the formula's width");
    }

    #[test]
    fn a_table_leaves_no_row_alone_on_its_last_slide() {
        let rooms = [
            Room::Step(3.0),
            Room::Step(3.0),
            Room::Step(3.0),
            Room::Step(3.0),
            Room::Lines(2.0),
        ];
        // Under the title three rows fit; the fourth would be alone on slide 2, and the third
        // joins it; the paragraph after them fits beside the two.
        assert_eq!(number(&plain_rooms(&rooms)), vec![1, 1, 2, 2, 2]);
        // Rows too tall to share a slide stay one to a slide.
        let tall = [Room::Step(7.0), Room::Step(7.0), Room::Step(7.0)];
        assert_eq!(number(&plain_rooms(&tall)), vec![1, 2, 3]);
    }

    #[test]
    fn prose_about_another_widget_starts_a_slide() {
        let rooms = [
            (Room::Heading(1.3), Some(3)),
            (Room::Lines(2.0), Some(3)),
            (Room::Lines(2.0), None),
            (Room::Lines(2.0), Some(7)),
            (Room::Lines(2.0), Some(7)),
        ];
        assert_eq!(number(&rooms), vec![1, 1, 2, 3, 3]);
    }

    #[test]
    fn lines_count_wide_characters_twice() {
        assert_eq!(text_lines(&"a".repeat(80), LINE_WIDTH), 1.35);
        assert_eq!(text_lines(&"a".repeat(81), LINE_WIDTH), 2.35);
        assert_eq!(text_lines(&"布".repeat(41), LINE_WIDTH), 2.35);
        assert_eq!(text_lines(&"a".repeat(92), DOCKED_LINE_WIDTH), 2.35);
    }

    #[test]
    fn chapter_two_docks_its_walk_through_beside_the_prose_about_it() {
        let blocks = blocks(2);
        let widget = blocks
            .iter()
            .position(|block| matches!(block, Block::Widget(_)))
            .unwrap();
        let docks = docks(blocks);
        for (at, block) in blocks.iter().enumerate() {
            let expected = match block {
                // The first section comes before the widget's section: nothing to show yet.
                _ if at < 2 => None,
                Block::Widget(_) | Block::Exercise => None,
                // "The chapter’s filter …", the three queries made in it, the pitfalls.
                _ => Some(widget),
            };
            assert_eq!(docks[at], expected, "block {at}");
        }
    }

    #[test]
    fn a_derivation_or_table_ends_what_a_widget_docks() {
        // Chapter 7: the counting widget, from the first section up to the derivation; after it,
        // nothing until the count-min section leads up to its widget.
        let blocks = blocks(7);
        let docks = docks(blocks);
        let widgets: Vec<usize> = (0..blocks.len())
            .filter(|&at| matches!(blocks[at], Block::Widget(_)))
            .collect();
        let derivation = blocks
            .iter()
            .position(|block| matches!(block, Block::Derivation(_)))
            .unwrap();
        for dock in &docks[..widgets[0]] {
            assert_eq!(
                *dock,
                Some(widgets[0]),
                "the first section leads up to the counter"
            );
        }
        assert_eq!(docks[derivation - 1], Some(widgets[0]));
        assert_eq!(
            docks[derivation + 1],
            None,
            "after the derivation, in another section"
        );
        assert_eq!(docks[widgets[1] - 1], Some(widgets[1]));
    }

    #[test]
    fn a_long_table_goes_on_over_slides_with_every_row_once() {
        // Chapter 5's recomputation of the slides' table: fifteen rows.
        let blocks = blocks(5);
        let at = blocks
            .iter()
            .position(|block| matches!(block, Block::Table(_)))
            .unwrap();
        let Block::Table(table) = blocks[at] else {
            unreachable!()
        };
        let table = table(crate::strings::Lang::English);
        let caption = "word ".repeat(60);
        let placed = slides_of(blocks, |_| caption.clone());
        let rows = &placed[at].steps;
        assert_eq!(rows.len(), table.rows.len(), "a slide for every row");
        assert_eq!(rows[0], placed[at].slide);
        let parts: std::collections::BTreeSet<u32> = rows.iter().copied().collect();
        assert!(
            parts.len() >= 2,
            "fifteen rows do not fit one slide: {rows:?}"
        );
        let lines = table_lines(&table, &caption);
        for part in parts {
            let used: f32 = rows
                .iter()
                .zip(&lines)
                .filter(|&(&slide, _)| slide == part)
                .map(|(_, lines)| lines)
                .sum();
            assert!(used <= SLIDE_LINES, "slide {part}: {used} lines");
        }
        // What follows the table starts a slide of its own.
        assert_eq!(placed[at + 1].slide, rows.last().unwrap() + 1);
    }

    #[test]
    fn every_chapter_presents_in_order_from_slide_one() {
        for number in 1..=CHAPTERS {
            let blocks = blocks(number);
            let placed = slides_of(blocks, |_| "word ".repeat(100));
            let slides: Vec<u32> = placed
                .iter()
                .flat_map(|block| {
                    if block.steps.is_empty() {
                        vec![block.slide]
                    } else {
                        block.steps.clone()
                    }
                })
                .collect();
            assert_eq!(slides[0], 1, "chapter {number}");
            assert!(
                slides
                    .windows(2)
                    .all(|pair| pair[1] == pair[0] || pair[1] == pair[0] + 1),
                "chapter {number}: {slides:?}"
            );
            for (at, block) in blocks.iter().enumerate() {
                // Every widget and every exercise has a slide of its own, or shares it with its
                // heading only.
                if matches!(block, Block::Widget(_) | Block::Exercise) {
                    let own = placed
                        .iter()
                        .filter(|other| other.slide == placed[at].slide)
                        .count();
                    assert!(own <= 2, "chapter {number}, block {at}");
                }
                // A slide docks a widget's slide, and all of a slide's prose docks the same one.
                if let Some(dock) = placed[at].dock {
                    assert!(
                        placed
                            .iter()
                            .zip(blocks)
                            .any(|(other, block)| other.slide == dock
                                && matches!(block, Block::Widget(_))),
                        "chapter {number}, block {at}"
                    );
                }
                let neighbours = placed
                    .iter()
                    .zip(blocks)
                    .filter(|(other, block)| other.slide == placed[at].slide && !apart(block));
                for (other, _) in neighbours {
                    if !apart(block) {
                        assert_eq!(other.dock, placed[at].dock, "chapter {number}, block {at}");
                    }
                }
            }
        }
    }
}
