//! A chapter presented as slides: one slide at a time on a projector, each a heading with the
//! paragraphs under it, or one thing that needs the screen to itself — a widget, a derivation, a
//! table, the exercise. A section too long for one screen goes on over the next slides; the build
//! decides where, from how many lines each block takes in 28 px type on a 1280 × 720 screen (the
//! smallest a class is shown on), and writes each block's slide into the page.

use super::markup::plain;
use super::Block;

/// How much of a slide a block takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Room {
    /// A section heading: a new slide starts with it.
    Heading,
    /// Prose or a formula: this many lines of the slide's type.
    Lines(f32),
    /// A slide of its own (after its heading, when it comes right under one).
    Whole,
}

/// Lines of 28 px type (1.5 line height) a 1280 × 720 slide holds between the top of the screen
/// and the slide's buttons.
pub const SLIDE_LINES: f32 = 12.5;
/// A line of that type, in Latin letters (a Chinese or Japanese character is as wide as two).
pub const LINE_WIDTH: usize = 80;
/// What the chapter's title takes on the first slide.
pub const TITLE_LINES: f32 = 1.5;
/// What a section heading takes.
const HEADING_LINES: f32 = 1.3;

/// The lines a paragraph of `text` takes, with its margin.
pub fn text_lines(text: &str) -> f32 {
    let width: usize = text
        .chars()
        .map(|c| if c >= '\u{2e80}' { 2 } else { 1 })
        .sum();
    width.div_ceil(LINE_WIDTH) as f32 + 0.35
}

/// The slide of each block, from 1, given the room each takes: a heading or a whole block starts a
/// new slide; prose starts one where the slide is full, unless the slide holds only a heading (a
/// heading is never left alone at the foot of a slide).
pub fn number(rooms: &[Room]) -> Vec<u32> {
    let mut numbers = Vec::with_capacity(rooms.len());
    let (mut slide, mut used) = (1, TITLE_LINES);
    let mut last: Option<Room> = None;
    for &room in rooms {
        let lines = match room {
            Room::Heading => HEADING_LINES,
            Room::Lines(lines) => lines,
            Room::Whole => f32::INFINITY,
        };
        let fresh = match (last, room) {
            (None, _) | (Some(Room::Heading), Room::Lines(_) | Room::Whole) => false,
            (Some(Room::Whole), _) | (_, Room::Heading | Room::Whole) => true,
            (Some(_), Room::Lines(_)) => used + lines > SLIDE_LINES,
        };
        if fresh {
            slide += 1;
            used = 0.0;
        }
        numbers.push(slide);
        used += lines;
        last = Some(room);
    }
    numbers
}

/// The slide of each of a chapter's `blocks`, with `text` the prose of a key as the reader sees it.
pub fn slides_of(blocks: &[Block], text: impl Fn(&str) -> String) -> Vec<u32> {
    let rooms: Vec<Room> = blocks
        .iter()
        .map(|block| match block {
            Block::H(_) => Room::Heading,
            Block::P(key) | Block::PageLink(_, key) => Room::Lines(text_lines(&plain(&text(key)))),
            // A fraction stands about three lines high in the formulas' larger type.
            Block::Math(math) if math.contains("<mfrac") => Room::Lines(3.5),
            Block::Math(_) => Room::Lines(2.5),
            Block::Derivation(_) | Block::Table(_) | Block::Widget(_) | Block::Exercise => {
                Room::Whole
            }
        })
        .collect();
    number(&rooms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutorial::{blocks, CHAPTERS};

    #[test]
    fn headings_and_whole_blocks_start_slides() {
        let rooms = [
            Room::Lines(3.0),
            Room::Heading,
            Room::Lines(4.0),
            Room::Lines(4.0),
            Room::Lines(4.0),
            Room::Whole,
            Room::Lines(2.0),
            Room::Heading,
            Room::Whole,
            Room::Heading,
            Room::Lines(20.0),
            Room::Lines(1.0),
        ];
        // The third paragraph runs past the slide; a widget under its heading stays with it; a
        // paragraph too long for any slide is not parted from its heading.
        assert_eq!(number(&rooms), vec![1, 2, 2, 2, 3, 4, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn lines_count_wide_characters_twice() {
        assert_eq!(text_lines(&"a".repeat(80)), 1.35);
        assert_eq!(text_lines(&"a".repeat(81)), 2.35);
        assert_eq!(text_lines(&"布".repeat(41)), 2.35);
    }

    #[test]
    fn every_chapter_presents_in_order_from_slide_one() {
        for number in 1..=CHAPTERS {
            let slides = slides_of(blocks(number), |_| "word ".repeat(100));
            assert_eq!(slides[0], 1, "chapter {number}");
            assert!(
                slides
                    .windows(2)
                    .all(|pair| pair[1] == pair[0] || pair[1] == pair[0] + 1),
                "chapter {number}: {slides:?}"
            );
            // Every widget and every exercise has a slide of its own, or shares it with its heading only.
            for (index, block) in blocks(number).iter().enumerate() {
                if matches!(block, Block::Widget(_) | Block::Exercise) {
                    let own = slides
                        .iter()
                        .filter(|&&slide| slide == slides[index])
                        .count();
                    assert!(own <= 2, "chapter {number}, block {index}");
                }
            }
        }
    }
}
