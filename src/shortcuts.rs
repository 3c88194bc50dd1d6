//! Keyboard shortcuts for teaching with the keyboard alone. A key only counts when no text field has
//! focus and no modifier is held, so typing "p" or "/" into the item field never triggers anything
//! (a presenter's remote's PageDown and PageUp, which type nothing, count in a field too; and so does
//! "/" in a field whose whole word is selected, as Enter leaves it: it asks for the field again).

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// `/`: focus the item field.
    FocusItem,
    /// `?`: show the list of shortcuts.
    Help,
    /// `i`: step through inserting the word in the item field.
    StepInsert,
    /// `q`: step through querying the word in the item field.
    StepQuery,
    /// `←`: previous step.
    Previous,
    /// `→`: next step (next slide, in a chapter presented).
    Next,
    /// Space or PageDown: next slide, in a chapter presented (what a presenter's remote sends).
    Forward,
    /// Shift+Space or PageUp: previous slide.
    Back,
    /// Home: the first slide.
    First,
    /// End: the last slide.
    Last,
    /// `p`: presenter mode on or off.
    Presenter,
    /// `m`: in presenter mode, show or hide the navigation, the settings and the panels around the
    /// widget.
    Menu,
    /// `c`: in presenter mode, show the QR code of the state on screen, for phones to open.
    Code,
    /// `r`: reset (undoable).
    Reset,
    /// `u`: undo.
    Undo,
    /// `U` (shift+u): redo.
    Redo,
    /// `Escape` outside a text field: close what is open.
    Close,
    /// `Escape` in a text field: leave the field, so the next keys are shortcuts again (and stop a
    /// step-through, which nothing typed in the field needs open).
    LeaveField,
}

impl Shortcut {
    /// Every shortcut with its key, in the order the help lists them.
    pub const ALL: [(Shortcut, &'static str); 17] = [
        (Shortcut::FocusItem, "/"),
        (Shortcut::Help, "?"),
        (Shortcut::StepInsert, "i"),
        (Shortcut::StepQuery, "q"),
        (Shortcut::Previous, "←"),
        (Shortcut::Next, "→"),
        (Shortcut::Forward, "Space, PageDown"),
        (Shortcut::Back, "Shift+Space, PageUp"),
        (Shortcut::First, "Home"),
        (Shortcut::Last, "End"),
        (Shortcut::Presenter, "p"),
        (Shortcut::Menu, "m"),
        (Shortcut::Code, "c"),
        (Shortcut::Reset, "r"),
        (Shortcut::Undo, "u"),
        (Shortcut::Redo, "U"),
        (Shortcut::Close, "Esc"),
    ];
}

/// The shortcut for a key press (`KeyboardEvent.key`; Shift+Space is `"Shift+ "`), if any.
/// `in_text_field` is true when focus is in an input, select, textarea or editable element;
/// `modified` when Ctrl, Alt or Meta is held.
pub fn shortcut_for(key: &str, in_text_field: bool, modified: bool) -> Option<Shortcut> {
    if modified {
        return None;
    }
    if key == "Escape" {
        // Escape never types anything, so it works everywhere: the first press leaves the field,
        // the next closes what is open.
        return Some(if in_text_field {
            Shortcut::LeaveField
        } else {
            Shortcut::Close
        });
    }
    if in_text_field {
        // A presenter's remote sends PageDown and PageUp, which type nothing: they stay the page's
        // when a word has just been typed (a remote cannot send Esc).
        return match key {
            "PageDown" => Some(Shortcut::Forward),
            "PageUp" => Some(Shortcut::Back),
            _ => None,
        };
    }
    Some(match key {
        "/" => Shortcut::FocusItem,
        "?" => Shortcut::Help,
        "i" => Shortcut::StepInsert,
        "q" => Shortcut::StepQuery,
        "ArrowLeft" => Shortcut::Previous,
        "ArrowRight" => Shortcut::Next,
        " " | "PageDown" => Shortcut::Forward,
        "Shift+ " | "PageUp" => Shortcut::Back,
        "Home" => Shortcut::First,
        "End" => Shortcut::Last,
        "p" | "P" => Shortcut::Presenter,
        "m" | "M" => Shortcut::Menu,
        "c" | "C" => Shortcut::Code,
        "r" => Shortcut::Reset,
        "u" => Shortcut::Undo,
        "U" => Shortcut::Redo,
        _ => return None,
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_shortcuts() {
        assert_eq!(shortcut_for("/", false, false), Some(Shortcut::FocusItem));
        assert_eq!(shortcut_for("?", false, false), Some(Shortcut::Help));
        assert_eq!(shortcut_for("i", false, false), Some(Shortcut::StepInsert));
        assert_eq!(shortcut_for("q", false, false), Some(Shortcut::StepQuery));
        assert_eq!(shortcut_for("q", true, false), None, "typed into the field");
        assert_eq!(
            shortcut_for("ArrowRight", false, false),
            Some(Shortcut::Next)
        );
        assert_eq!(shortcut_for(" ", false, false), Some(Shortcut::Forward));
        assert_eq!(shortcut_for("PageUp", false, false), Some(Shortcut::Back));
        assert_eq!(shortcut_for("Shift+ ", false, false), Some(Shortcut::Back));
        assert_eq!(shortcut_for("Home", false, false), Some(Shortcut::First));
        assert_eq!(shortcut_for("End", false, false), Some(Shortcut::Last));
        assert_eq!(shortcut_for("p", false, false), Some(Shortcut::Presenter));
        assert_eq!(shortcut_for("m", false, false), Some(Shortcut::Menu));
        assert_eq!(shortcut_for("c", false, false), Some(Shortcut::Code));
        assert_eq!(shortcut_for("r", false, false), Some(Shortcut::Reset));
        assert_eq!(shortcut_for("U", false, false), Some(Shortcut::Redo));
        assert_eq!(shortcut_for("x", false, false), None);
    }

    #[test]
    fn typing_is_never_stolen() {
        for key in [
            "/",
            "?",
            "p",
            "m",
            "c",
            "r",
            "u",
            "ArrowLeft",
            "ArrowRight",
            " ",
            "Shift+ ",
            "Home",
            "End",
        ] {
            assert_eq!(shortcut_for(key, true, false), None, "{key}");
            assert_eq!(
                shortcut_for(key, false, true),
                None,
                "{key} with a modifier"
            );
        }
        assert_eq!(
            shortcut_for("Escape", true, false),
            Some(Shortcut::LeaveField)
        );
        // A remote's keys type nothing: in a field they are still the page's.
        assert_eq!(
            shortcut_for("PageDown", true, false),
            Some(Shortcut::Forward)
        );
        assert_eq!(shortcut_for("PageUp", true, false), Some(Shortcut::Back));
        assert_eq!(shortcut_for("PageDown", false, true), None);
        assert_eq!(shortcut_for("Escape", false, false), Some(Shortcut::Close));
    }
}
