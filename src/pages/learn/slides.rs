//! A chapter presented as slides. In presenter mode the chapter shows one slide at a time (the build
//! decided which blocks make each slide: see [`crate::tutorial::slides`]), with its number in the
//! link (`?present=1&slide=3`, counted from 1) so that a reload or the same link on another screen
//! opens the same slide. → or Space or PageDown goes on, ← or Shift+Space or PageUp goes back (the
//! last three show the rest of a slide taller than the screen first), Home
//! and End go to the first and the last slide, Esc returns to reading at the place of the slide that
//! was shown (or first folds the menu). The widgets stay live on their slides: the
//! other slides are only hidden, and a slide of prose about a widget shows the widget's slide beside
//! it (docked), the same live widget.

use yew::prelude::*;

use crate::strings::{Lang, Msg};

/// A key that only paused the slides, saying what the same key does next: a presenter's Esc (from
/// the slide or from a widget on it) or a remote's press past the last slide may be a slip, and a
/// class should not be taken out of the slides, or into the next chapter, by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pause {
    /// The next Esc returns to reading.
    Leaving,
    /// At the end of the chapter: the next key on opens the next chapter.
    ChapterEnd,
}

/// The chapters before and after the one presented (their numbers and links), for a slide bar.
pub struct Neighbours<'a> {
    /// The chapter before, if there is one.
    pub previous: Option<(u32, &'a str)>,
    /// The chapter after, if there is one.
    pub next: Option<(u32, &'a str)>,
}

/// The buttons under the slide, large enough to use on a projector, and where the class is:
/// slide `current` of `count`; `go` shows another. On the first and the last slide the chapter
/// before's and after's links (presented, at their last and first slides) take Previous's and
/// Next's places, as the remote goes on there; after the last chapter the bar says the tutorial
/// ends. The position keeps the width of the longest it can say, so the buttons never move. After a
/// key that only paused (`pause`), it says what the same key does next.
pub fn bar(
    lang: Lang,
    (current, count): (u32, u32),
    go: &Callback<u32>,
    chapters: &Neighbours,
    pause: Option<Pause>,
) -> Html {
    let to = |slide: u32| go.reform(move |_: MouseEvent| slide);
    let (first, last) = (current <= 1, current >= count);
    let position = |i: u32| {
        lang.fill(
            Msg::SlidePosition,
            &[("i", &i.to_string()), ("n", &count.to_string())],
        )
    };
    html! {
        <nav class="slide-bar" aria-label={lang.text(Msg::SlidesLabel)}>
            if let Some((number, href)) = chapters.previous.filter(|_| first) {
                <a class="button" data-testid="slide-previous-chapter" href={format!("{href}?present=1&slide=last")}>
                    { lang.fill(Msg::SlidePreviousChapter, &[("n", &number.to_string())]) }
                </a>
            } else {
                <button type="button" class="slide-stack" data-testid="slide-previous" disabled={first} onclick={to(current.saturating_sub(1))}>
                    // As wide as the chapter before's link that takes its place on the first slide.
                    if let Some((number, _)) = chapters.previous {
                        <span class="slide-room" aria-hidden="true">{ lang.fill(Msg::SlidePreviousChapter, &[("n", &number.to_string())]) }</span>
                    }
                    <span>{ lang.text(Msg::SlidePrevious) }</span>
                </button>
            }
            <p class="slide-position slide-stack" aria-live="polite">
                <span class="slide-room" aria-hidden="true">{ position(count) }</span>
                <span data-testid="slide-position">{ position(current) }</span>
                if last && chapters.next.is_none() {
                    <span class="slide-end" data-testid="slides-end">{ lang.text(Msg::SlidesEnd) }</span>
                }

            </p>
            if let Some((number, href)) = chapters.next.filter(|_| last) {
                <a class="button primary" data-testid="slide-next-chapter" href={format!("{href}?present=1")}>
                    { lang.fill(Msg::SlideNextChapter, &[("n", &number.to_string())]) }
                </a>
            } else {
                <button type="button" class="primary" data-testid="slide-next" disabled={last} onclick={to(current + 1)}>
                    { lang.text(Msg::SlideNext) }
                </button>
            }
            // After a key that only paused: what the next one does, over the slide's foot (the
            // buttons stay where they are).
            if pause == Some(Pause::Leaving) {
                <p class="slide-esc" role="status" data-testid="slides-esc-again">{ lang.text(Msg::SlidesEscAgain) }</p>
            }
            if let Some(number) = chapters.next.filter(|_| pause == Some(Pause::ChapterEnd)).map(|(number, _)| number) {
                <p class="slide-esc" role="status" data-testid="slides-chapter-end">
                    { lang.fill(Msg::SlidesChapterEnd, &[("n", &number.to_string())]) }
                </p>
            }
        </nav>
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::use_slides;

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::RefCell;
    use std::rc::Rc;

    use yew::prelude::*;

    use crate::hooks::use_page_link::use_page_link;
    use crate::hooks::use_presenter::use_presenter;
    use crate::hooks::use_shortcuts::use_shortcuts;
    use crate::shortcuts::Shortcut;
    use crate::url::parse_query;

    use super::Pause;

    /// The slide shown, or last shown, in the chapter of `count` slides; whether the chapter is
    /// presented; how to show another slide; and the pause a key just made, if any (see [`Pause`]).
    #[hook]
    pub fn use_slides(count: u32) -> (u32, bool, Callback<u32>, Option<Pause>) {
        let presenter = use_presenter();
        let link = use_page_link();
        let slide = use_state(|| named(&link.query).unwrap_or(1));
        let pause = use_state(|| None::<Pause>);
        // A phone that opens a presented chapter (a class's QR code) reads it, from the place of
        // the slide the link names: slides are for a screen as wide as a projector's.
        let on = presenter.on && count > 0 && crate::web::wide_screen();
        let to_read = (count > 0 && !on)
            .then(|| named(&link.query).map(|slide| slide.min(count)))
            .flatten();
        // A link that carries a widget's state (the wall's items and query) shows the widget a
        // slide talks about, not the slide's prose.
        let with_state = parse_query(&link.query)
            .iter()
            .any(|(key, _)| !matches!(key.as_str(), "slide" | "present" | "lang"));
        let landed = use_mut_ref(|| false);
        use_effect_with(to_read, move |&to_read| {
            if let Some(slide) = to_read.filter(|_| !*landed.borrow()) {
                *landed.borrow_mut() = true;
                land_on(slide, with_state, 50);
            }
        });
        // Presenting from reading starts at the slide being read, kept as the reader scrolls (the
        // page is laid out for reading only until presenter mode's type arrives); a link that names
        // its slide keeps it.
        let reading = use_mut_ref(|| named(&link.query).is_none().then_some(1));
        let from_reading = if on {
            reading.borrow_mut().take()
        } else {
            None
        };
        if let Some(start) = from_reading {
            write_link(Some(start));
            slide.set(start);
        }
        let current = from_reading.unwrap_or(*slide).clamp(1, count.max(1));
        // A link past the last slide (`slide=last`, or a chapter that has lost slides) says the
        // slide it shows.
        let past = on && named(&link.query).is_some_and(|named| named != current);
        use_effect_with((past, current), |&(past, current)| {
            if past {
                write_link(Some(current));
            }
        });
        let go = {
            let (slide, pause) = (slide.clone(), pause.clone());
            Callback::from(move |to: u32| {
                if (1..=count).contains(&to) {
                    write_link(Some(to));
                    slide.set(to);
                    pause.set(None);
                }
            })
        };
        {
            let (go, leave, pause) = (go.clone(), presenter.toggle, pause.clone());
            use_shortcuts(Callback::from(move |shortcut| {
                // A step-through on the slide, the list of shortcuts or the QR code keeps its keys.
                if !on || busy(shortcut) {
                    return false;
                }
                match shortcut {
                    // Past the last slide (the rest of it shown, its answer too): a pause that says
                    // the next key opens the next chapter, presented; then the next chapter.
                    Shortcut::Next | Shortcut::Forward if current == count => {
                        if !page_on(1.0) {
                            if *pause == Some(Pause::ChapterEnd) {
                                next_chapter();
                            } else {
                                pause.set(Some(Pause::ChapterEnd));
                            }
                        }
                    }
                    Shortcut::Next => go.emit(current + 1),
                    // Before the first slide, the chapter before, presented from its last.
                    Shortcut::Previous if current == 1 => previous_chapter(),
                    Shortcut::Previous => go.emit(current.saturating_sub(1)),
                    // A remote's keys show the rest of a slide taller than the screen first.
                    Shortcut::Forward if !page_on(1.0) => go.emit(current + 1),
                    Shortcut::Back if !page_on(-1.0) => {
                        if current == 1 {
                            previous_chapter();
                        } else {
                            go.emit(current - 1);
                        }
                    }
                    Shortcut::Forward | Shortcut::Back => {}
                    Shortcut::First => go.emit(1),
                    Shortcut::Last => go.emit(count),
                    // Esc with the menu unfolded folds it. Otherwise the first Esc gives the slide
                    // the focus back (from a widget's control, or from nowhere after the control
                    // pressed went away) and the bar says the next Esc leaves; then Esc leaves.
                    Shortcut::Close if !unfolded() => {
                        if *pause == Some(Pause::Leaving) {
                            pause.set(None);
                            leave.emit(());
                        } else {
                            focus_slide();
                            pause.set(Some(Pause::Leaving));
                        }
                    }
                    _ => return false,
                }
                true
            }));
        }
        // Back to reading (Esc, the presenter button or p): the link forgets the slide and the
        // reader lands where the slide was. While presenting, the slide shown takes the focus the
        // page or the last slide had, so the arrows and End scroll a slide taller than the screen.
        let was_on = use_mut_ref(|| false);
        use_effect_with((on, current), move |&(on, _)| {
            if *was_on.borrow() && !on {
                write_link(None);
                land();
                *reading.borrow_mut() = Some(in_view());
            } else if on {
                // Once the app's page is on screen: a slide under the prerendered copy cannot take
                // the focus, and a chapter opened presented would leave it on the page, the first
                // Tab on the presenter button.
                crate::hooks::use_prerendered::when_shown(hold);
            }
            *was_on.borrow_mut() = on;
            follow(reading, !on)
        });
        (current, on, go, (*pause).filter(|_| on))
    }

    /// The slide the link names (`slide=3`; `slide=last`, the chapter's last, is past any), if it
    /// names one.
    fn named(query: &str) -> Option<u32> {
        parse_query(query).into_iter().find_map(|(key, value)| {
            let value = value.ok().filter(|_| key == "slide")?;
            if value == "last" {
                Some(u32::MAX)
            } else {
                value.parse().ok()
            }
        })
    }

    /// The slide at the top of the window: the last whose first block begins at or above it (the
    /// first while the chapter's top is on screen). A block with no box (not laid out yet, or
    /// `display: contents`) tells nothing.
    fn in_view() -> u32 {
        let Some(document) = document() else {
            return 1;
        };
        let slides = document.get_elements_by_class_name("chapter-slide");
        (0..slides.length())
            .rev()
            .find_map(|i| {
                let place = slides
                    .item(i)?
                    .first_element_child()?
                    .get_bounding_client_rect();
                (place.height() > 0.0 && place.top() <= 8.0).then_some(i + 1)
            })
            .unwrap_or(1)
    }

    fn document() -> Option<web_sys::Document> {
        crate::web::window()?.document()
    }

    /// Scrolls the slide shown a screen on (`direction` 1) or back (-1) when it has more that way —
    /// or the widget's frame on it, when the widget does —, so a presenter's remote reaches all of
    /// a slide taller than the screen; false when there is nothing more that way. On the last
    /// slide, the remote's first key on shows the check-yourself answer (after the class's guess).
    fn page_on(direction: f64) -> bool {
        use wasm_bindgen::JsCast;
        let Some(slide) = document().and_then(|document| {
            document
                .query_selector(".chapter-slide.current")
                .ok()
                .flatten()
        }) else {
            return false;
        };
        let answer = slide
            .query_selector("details[data-testid=\"check-answer\"]:not([open])")
            .ok()
            .flatten();
        if let Some(answer) = answer.filter(|_| direction > 0.0) {
            // Opened, it may take the slide past the screen: the next key scrolls to it.
            let _ = answer.set_attribute("open", "");
            return true;
        }
        let frame = slide
            .query_selector("iframe.widget-frame")
            .ok()
            .flatten()
            .and_then(|frame| frame.dyn_into::<web_sys::HtmlIFrameElement>().ok())
            .and_then(|frame| frame.content_document())
            // Not before the widget is presented too: until then its page is laid out for reading,
            // taller than its stage, and a key that scrolled it would be undone as it takes the
            // slide's size (the key turns the slide, as it will once the widget fits).
            .filter(|document| matches!(document.query_selector(".app.presenter"), Ok(Some(_))));
        // What happened in the widget beside the prose or in the frame (a long one scrolls inside
        // its panel at 720 px), then the frame's page.
        let beside = document().and_then(|document| {
            document
                .query_selector(".chapter-slide.docked .outcome-panel")
                .ok()
                .flatten()
        });
        let part = |selector: &str| {
            frame
                .as_ref()
                .and_then(|document| document.query_selector(selector).ok().flatten())
        };
        // What happened, then the panel of what it did (a scalable filter's stages, the rows of
        // combined bits, a sketch's counters), each scrolling inside its box on the stage.
        let outcome = part(".outcome-panel");
        let panel = part(":is(.stages-panel, .rows-panel, .array-panel, .structure-panel)");
        let page = frame.and_then(|document| document.scrolling_element());
        std::iter::once(slide)
            .chain(beside)
            .chain(outcome)
            .chain(panel)
            .chain(page)
            .any(|scroller| crate::web::page_through(&scroller, direction))
    }

    /// Opens the next chapter presented, from its link under the chapter (none after the last).
    fn next_chapter() {
        open_chapter("a.learn-next", "?present=1");
    }

    /// Opens the chapter before presented at its last slide (none before the first).
    fn previous_chapter() {
        open_chapter("a.learn-prev", "?present=1&slide=last");
    }

    /// Goes to the chapter the pager's link `selector` names, with `query`.
    fn open_chapter(selector: &str, query: &str) {
        let href = document()
            .and_then(|document| document.query_selector(selector).ok().flatten())
            .and_then(|link| link.get_attribute("href"));
        if let (Some(href), Some(window)) = (href, crate::web::window()) {
            let _ = window.location().assign(&format!("{href}{query}"));
        }
    }

    /// Gives the slide shown the focus (from a control of its widget, or from the page).
    fn focus_slide() {
        use wasm_bindgen::JsCast;
        let slide = document()
            .and_then(|document| {
                document
                    .query_selector(".chapter-slide.current")
                    .ok()
                    .flatten()
            })
            .and_then(|slide| slide.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(slide) = slide {
            let _ = slide.focus();
        }
    }

    /// True while presenter mode's menu is unfolded over the slide.
    fn unfolded() -> bool {
        document()
            .and_then(|document| {
                document
                    .query_selector(".app.presenter:not(.folded)")
                    .ok()
                    .flatten()
            })
            .is_some()
    }

    /// True while something on the screen answers `shortcut` itself: a step-through, its keys (at
    /// its result, on is the slides'; back is too at its first step, and from a later slide the
    /// result is kept beside; ← reads the steps again), the list of shortcuts or the QR code, all
    /// keys.
    fn busy(shortcut: Shortcut) -> bool {
        let steps = match shortcut {
            Shortcut::Next | Shortcut::Forward => {
                ".chapter-slide:is(.current, .docked) .step-through:not(.last)"
            }
            Shortcut::Back => {
                ".chapter-slide.current .step-through:not([data-step=\"0\"]), .chapter-slide.docked .step-through:not(.last)"
            }
            _ => ".chapter-slide:is(.current, .docked) .step-through",
        };
        crate::web::find(&format!(
            "{steps}, [data-testid=\"shortcut-help\"], [data-testid=\"code-dialog\"]"
        ))
        .is_some()
    }

    /// The page's link with `slide` in it (`?present=1&slide=3`), or with neither (`None`).
    fn write_link(slide: Option<u32>) {
        let Some(window) = crate::web::window() else {
            return;
        };
        let path = window.location().pathname().unwrap_or_default();
        let url = match slide {
            Some(slide) => format!("{path}?present=1&slide={slide}"),
            None => path,
        };
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }

    /// While `reading`, keeps the slide at the top of the window in `reading` as the page scrolls
    /// (unless a link named the slide and the reader has not left it yet); returns what stops it.
    fn follow(reading: Rc<RefCell<Option<u32>>>, while_reading: bool) -> impl FnOnce() {
        use wasm_bindgen::closure::Closure;
        use wasm_bindgen::JsCast;
        let window = crate::web::window().filter(|_| while_reading);
        let listener = Closure::<dyn Fn()>::new(move || {
            let mut slide = reading.borrow_mut();
            if slide.is_some() {
                *slide = Some(in_view());
            }
        });
        if let Some(window) = &window {
            let _ = window
                .add_event_listener_with_callback("scroll", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(window) = window {
                let _ = window.remove_event_listener_with_callback(
                    "scroll",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    }

    /// Gives the slide shown the focus, unless something on the screen other than the page or a
    /// slide has it (a field being typed in, the slide bar's buttons).
    fn hold() {
        use wasm_bindgen::JsCast;
        let Some(document) = document() else {
            return;
        };
        let free = document
            .active_element()
            .is_none_or(|element| element.matches("body, .chapter-slide").unwrap_or(false));
        let slide = document
            .query_selector(".chapter-slide.current")
            .ok()
            .flatten()
            .and_then(|slide| slide.dyn_into::<web_sys::HtmlElement>().ok());
        if let (true, Some(slide)) = (free, slide) {
            let _ = slide.focus();
        }
        // The widget beside the prose opens at its top on each slide (its field and guided
        // queries), not where an earlier slide left it scrolled — or, once it shows what a query
        // found, at its array with that answer under it: the result stays in view.
        if let Ok(Some(docked)) = document.query_selector(".chapter-slide.docked") {
            let array = docked
                .query_selector(".array-panel:has(~ * [data-testid='verdict'])")
                .ok()
                .flatten();
            let top = array.map_or(0.0, |array| {
                let (array, column) = (
                    array.get_bounding_client_rect(),
                    docked.get_bounding_client_rect(),
                );
                array.top() - column.top() + f64::from(docked.scroll_top()) - 8.0
            });
            // At an answer, a few pixels left below would leave the "more below" arrow over it:
            // then the column's end, the array's top still in view.
            let end = f64::from(docked.scroll_height() - docked.client_height());
            let top = if top > 0.0 && end - top < 48.0 {
                end
            } else {
                top
            };
            docked.set_scroll_top(top.max(0.0) as i32);
        }
    }

    /// Scrolls the chapter read to where slide `slide` (from 1) begins — or, `with_state`, to the
    /// widget its prose is docked to — once the app has taken the page over and laid the chapter
    /// out (tried again every tenth of a second, `tries` times).
    fn land_on(slide: u32, with_state: bool, tries: u32) {
        use wasm_bindgen::JsCast;
        let Some(document) = document() else {
            return;
        };
        let slides = document.get_elements_by_class_name("chapter-slide");
        let first = slides
            .item(slide.saturating_sub(1))
            .and_then(|slide| slide.first_element_child())
            .filter(|first| {
                document.get_element_by_id("prerendered").is_none()
                    && first.get_bounding_client_rect().height() > 0.0
            })
            .map(|first| {
                first
                    .get_attribute("data-dock")
                    .filter(|_| with_state)
                    .and_then(|dock| slides.item(dock.parse::<u32>().ok()?.checked_sub(1)?))
                    .and_then(|docked| docked.query_selector(".learn-widget").ok().flatten())
                    .unwrap_or(first)
            });
        match (first, crate::web::window()) {
            (Some(first), _) => first.scroll_into_view(),
            (None, Some(window)) if tries > 0 => {
                let retry = wasm_bindgen::closure::Closure::once_into_js(move || {
                    land_on(slide, with_state, tries - 1);
                });
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    retry.unchecked_ref(),
                    100,
                );
            }
            _ => {}
        }
    }

    /// Scrolls the chapter read to where the slide last shown begins.
    fn land() {
        let first = document().and_then(|document| {
            document
                .query_selector(".chapter-slide.current > *")
                .ok()
                .flatten()
        });
        if let Some(first) = first {
            first.scroll_into_view();
        }
    }
}
