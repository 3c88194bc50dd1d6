//! What a reader has done in the tutorial, remembered in the browser: for each chapter whether its
//! exercise was answered right (the chapter is done) or only tried. Kept as a short text such as
//! `2=done,4=tried` so a hand-edited or foreign value reads as "nothing yet", never as an error.

use super::CHAPTERS;

/// Where a reader stands with one chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mark {
    /// Not answered yet.
    #[default]
    Unread,
    /// Answered, not yet right.
    Tried,
    /// Answered right at least once: the chapter is done.
    Done,
}

/// Every chapter's mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    marks: [Mark; CHAPTERS as usize],
}

impl Progress {
    /// Reads a stored text; what does not parse is left out.
    pub fn parse(text: &str) -> Self {
        let mut progress = Self::default();
        for entry in text.split(',') {
            let Some((chapter, mark)) = entry.split_once('=') else {
                continue;
            };
            let mark = match mark.trim() {
                "done" => Mark::Done,
                "tried" => Mark::Tried,
                _ => continue,
            };
            if let Ok(chapter @ 1..=CHAPTERS) = chapter.trim().parse::<u32>() {
                progress.marks[chapter as usize - 1] = mark;
            }
        }
        progress
    }

    /// The text to store.
    pub fn to_text(self) -> String {
        (1..=CHAPTERS)
            .filter_map(|chapter| match self.mark(chapter) {
                Mark::Unread => None,
                Mark::Tried => Some(format!("{chapter}=tried")),
                Mark::Done => Some(format!("{chapter}=done")),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Chapter `chapter`'s mark (1 … 12; others are unread).
    pub fn mark(self, chapter: u32) -> Mark {
        chapter
            .checked_sub(1)
            .and_then(|index| self.marks.get(index as usize).copied())
            .unwrap_or_default()
    }

    /// Records an answer to chapter `chapter`'s exercise: a right one makes it done for good, a
    /// wrong one makes an unread chapter tried.
    pub fn answered(self, chapter: u32, right: bool) -> Self {
        let mut next = self;
        if let Some(mark) = chapter
            .checked_sub(1)
            .and_then(|index| next.marks.get_mut(index as usize))
        {
            *mark = match (*mark, right) {
                (_, true) | (Mark::Done, false) => Mark::Done,
                _ => Mark::Tried,
            };
        }
        next
    }

    /// How many chapters are done.
    pub fn done(self) -> u32 {
        self.marks
            .iter()
            .filter(|mark| **mark == Mark::Done)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_remembered_and_read_back() {
        let progress = Progress::default()
            .answered(2, false)
            .answered(4, true)
            .answered(4, false)
            .answered(6, false)
            .answered(6, true);
        assert_eq!(progress.to_text(), "2=tried,4=done,6=done");
        assert_eq!(Progress::parse(&progress.to_text()), progress);
        assert_eq!(progress.done(), 2);
        assert_eq!(progress.mark(2), Mark::Tried);
        assert_eq!(progress.mark(1), Mark::Unread);
    }

    #[test]
    fn foreign_text_reads_as_nothing_yet() {
        for text in [
            "",
            "garbage",
            "13=done",
            "0=done",
            "x=done",
            "3=maybe",
            "=,=,",
            "3=done=done",
        ] {
            assert_eq!(Progress::parse(text).done(), 0, "{text}");
        }
        assert_eq!(Progress::parse(" 3 = done ,junk").mark(3), Mark::Done);
        assert_eq!(Progress::default().answered(0, true), Progress::default());
        assert_eq!(Progress::default().answered(99, true), Progress::default());
    }
}
