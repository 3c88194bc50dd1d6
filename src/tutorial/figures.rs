//! The pictures chapters draw near their start: small SVG drawings of a filter, computed from the
//! core when the page is built (the browser only shows them). Each is a picture a reader can check
//! against the prose — a ring of bits and the hops double hashing takes round it, a filter's bits
//! and the probes that read them, a rate against k, zeros disappearing, a scalable filter's stages.
//! Their words are numbers and symbols, the same in every language; the caption says the rest.

use std::fmt::Write;

/// A chapter's figure: its drawing and its caption.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// The caption's key in the chapter's file (its blanks filled from the chapter's facts).
    pub caption: &'static str,
    /// The drawing, an `<svg>` element.
    pub svg: String,
}

/// The width of every drawing, in its own units: a phone shows it at about that size in pixels.
pub const WIDTH: f32 = 360.0;

/// `text` safe inside an SVG element or attribute.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A drawing of `height` units with `body` inside; hidden from assistive technology, which reads
/// the caption instead. A drawing with hops has their arrowhead.
fn svg(height: f32, body: &str) -> String {
    let head = if body.contains("url(#hop)") {
        r#"<defs><marker id="hop" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L8 4L0 8z" class="hop-head"/></marker></defs>"#
    } else {
        ""
    };
    format!(
        r#"<svg viewBox="0 0 {WIDTH} {}" aria-hidden="true" focusable="false">{head}{body}</svg>"#,
        unit(height)
    )
}

/// `value` to a tenth of a unit, without a trailing ".0".
fn unit(value: f32) -> String {
    let text = format!("{value:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
}

/// `text` at (`x`, `y`), anchored `anchor` (start, middle or end), in `class` (empty for plain).
fn text(out: &mut String, (x, y): (f32, f32), anchor: &str, class: &str, text: &str) {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(r#" class="{class}""#)
    };
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}"{class}>{}</text>"#,
        escaped(text)
    );
}

/// A point on a ring of `bits` bits round (`cx`, `cy`) with radius `radius`: bit 0 at the top,
/// the indexes growing clockwise.
fn on_ring(bits: u32, index: f32, (cx, cy): (f32, f32), radius: f32) -> (f32, f32) {
    let angle = std::f32::consts::TAU * index / bits as f32 - std::f32::consts::FRAC_PI_2;
    (cx + radius * angle.cos(), cy + radius * angle.sin())
}

/// A ring of `bits` bits round `centre`, the bits of `marked` filled and named under `names`
/// (`g₀`, `g₁`, … beside each, when given), every quarter's index written outside.
fn ring(out: &mut String, bits: u32, centre: (f32, f32), radius: f32, marked: &[u32], names: bool) {
    let dot = (radius * std::f32::consts::PI / bits as f32 * 0.55).min(7.0);
    for index in 0..bits {
        let (x, y) = on_ring(bits, index as f32, centre, radius);
        let class = if marked.contains(&index) {
            "cell set"
        } else {
            "cell"
        };
        let _ = write!(
            out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{dot:.1}" class="{class}"/>"#
        );
        if index % (bits / 4).max(1) == 0 && !(names && marked.contains(&index)) {
            let (x, y) = on_ring(bits, index as f32, centre, radius + dot + 10.0);
            text(out, (x, y + 4.0), "middle", "muted", &index.to_string());
        }
    }
    if names {
        for (i, &index) in marked.iter().enumerate() {
            // Outside the ring, beside its dot: "g₁ = 10", read away from the centre.
            let (x, y) = on_ring(bits, index as f32, centre, radius + dot + 6.0);
            let anchor = if (x - centre.0).abs() < radius * 0.2 {
                "middle"
            } else if x > centre.0 {
                "start"
            } else {
                "end"
            };
            let below = if y > centre.1 { 12.0 } else { 0.0 };
            text(
                out,
                (x, y + below),
                anchor,
                "name",
                &format!("g{} = {index}", subscript(i)),
            );
        }
    }
}

/// `number` in subscript digits.
pub fn subscript(number: usize) -> String {
    number
        .to_string()
        .chars()
        .map(|digit| char::from_u32(0x2080 + digit.to_digit(10).unwrap_or(0)).unwrap_or(digit))
        .collect()
}

/// Double hashing round a ring: the item's first bit `start`, then `step` places clockwise
/// for each of its `hashes` − 1 further indexes, each hop an arc inside the ring (a hop of more than
/// half the ring goes the long way round, as the arithmetic does). Above it, the two reductions.
pub fn ring_hops(bits: u32, start: u32, step: u32, hashes: u32, lines: &[String]) -> String {
    let mut out = String::new();
    let top = 16.0 * lines.len() as f32 + 8.0;
    for (row, line) in lines.iter().enumerate() {
        text(
            &mut out,
            (12.0, 16.0 * row as f32 + 14.0),
            "start",
            "",
            line,
        );
    }
    let centre = (WIDTH / 2.0, top + 130.0);
    let radius = 92.0;
    let indexes: Vec<u32> = (0..hashes).map(|i| (start + i * step) % bits).collect();
    ring(&mut out, bits, centre, radius, &indexes, true);
    // A step of more than half the ring lands where the same number of places back would: the hop
    // is drawn the short way round, and named both ways.
    let back = step * 2 > bits;
    let (places, sweep) = if back {
        (-((bits - step) as f32), 0)
    } else {
        (step as f32, 1)
    };
    for (hop, &from) in indexes
        .iter()
        .enumerate()
        .take(indexes.len().saturating_sub(1))
    {
        let inner = radius - 16.0 - 9.0 * hop as f32;
        let from = from as f32;
        // Leave a little room at each end for the dots and the arrowhead.
        let margin = 0.25 * places.signum();
        let (x0, y0) = on_ring(bits, from + margin, centre, inner);
        let (x1, y1) = on_ring(bits, from + places - margin, centre, inner);
        let _ = write!(
            out,
            r#"<path d="M{x0:.1} {y0:.1}A{inner:.1} {inner:.1} 0 0 {sweep} {x1:.1} {y1:.1}" class="hop" marker-end="url(#hop)"/>"#
        );
    }
    let summary = if back {
        format!("+{step} ≡ −{}", bits - step)
    } else {
        format!("+{step}")
    };
    text(
        &mut out,
        (centre.0, centre.1 + 5.0),
        "middle",
        "name",
        &summary,
    );
    svg(top + 262.0, &out)
}

/// Two rings of `bits` bits side by side, each with the bits an item sets from `start` by a step
/// of `steps[i]` over `hashes` indexes, joined in order by chords (a step that shares a factor with
/// `bits` runs round a short cycle), each titled with its step.
pub fn ring_cycles(
    bits: u32,
    start: u32,
    steps: [u32; 2],
    hashes: u32,
    titles: [&str; 2],
) -> String {
    let mut out = String::new();
    for (side, (&step, title)) in steps.iter().zip(titles).enumerate() {
        let centre = (WIDTH / 4.0 + side as f32 * WIDTH / 2.0, 112.0);
        let radius = 60.0;
        let indexes: Vec<u32> = (0..hashes).map(|i| (start + i * step) % bits).collect();
        let mut distinct = indexes.clone();
        distinct.sort_unstable();
        distinct.dedup();
        ring(&mut out, bits, centre, radius, &distinct, false);
        let mut path = String::new();
        for (at, &index) in indexes.iter().enumerate() {
            let (x, y) = on_ring(bits, index as f32, centre, radius - 8.0);
            let _ = write!(path, "{}{x:.1} {y:.1}", if at == 0 { "M" } else { "L" });
        }
        let _ = write!(out, r#"<path d="{path}" class="hop"/>"#);
        text(&mut out, (centre.0, 18.0), "middle", "name", title);
        text(
            &mut out,
            (centre.0, 208.0),
            "middle",
            "",
            &distinct
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    svg(220.0, &out)
}

/// One row of a filter's bits to draw: a label over it, the bits, and the bits a probe reads.
pub struct BitRow {
    /// The words over the row.
    pub label: String,
    /// Every bit of the filter.
    pub bits: Vec<bool>,
    /// The bits the row's probe reads (ringed, each with its value written under it).
    pub probed: Vec<u32>,
}

/// The runs of set bits among `bits`, `per_line` to a line: (line, first column, length).
pub fn set_runs(bits: &[bool], per_line: usize) -> Vec<(usize, usize, usize)> {
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (index, _) in bits.iter().enumerate().filter(|(_, &set)| set) {
        let (line, column) = (index / per_line, index % per_line);
        match runs.last_mut() {
            Some((last_line, first, length))
                if *last_line == line && *first + *length == column =>
            {
                *length += 1;
            }
            _ => runs.push((line, column, 1)),
        }
    }
    runs
}

/// Rows of bits, each `per_line` cells to a line, under their labels; the indexes under the last
/// when it is one line. Each row is drawn in three pieces whatever its size — the empty cells, the
/// runs of set ones, the grid over them — so a filter of 128 bits drawn three times stays small.
pub fn bit_rows(rows: &[BitRow], per_line: usize) -> String {
    let mut out = String::new();
    let cell = ((WIDTH - 24.0) / per_line as f32).min(21.0);
    let left = (WIDTH - cell * per_line as f32) / 2.0;
    let mut y = 0.0;
    for (at, row) in rows.iter().enumerate() {
        text(&mut out, (left, y + 14.0), "start", "", &row.label);
        y += 20.0;
        let lines = row.bits.len().div_ceil(per_line);
        let (width, height) = (cell * per_line as f32, cell * lines as f32);
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" class="field" data-columns="{per_line}" data-cells="{}"/>"#,
            unit(left),
            unit(y),
            unit(width),
            unit(height),
            row.bits.len()
        );
        let mut set = String::new();
        for (line, first, length) in set_runs(&row.bits, per_line) {
            let run = cell * length as f32;
            let _ = write!(
                set,
                "M{} {}h{}v{}h-{}z",
                unit(left + first as f32 * cell),
                unit(y + line as f32 * cell),
                unit(run),
                unit(cell),
                unit(run)
            );
        }
        let _ = write!(out, r#"<path d="{set}" class="set"/>"#);
        let mut grid = String::new();
        for column in 0..=per_line {
            let _ = write!(
                grid,
                "M{} {}v{}",
                unit(left + column as f32 * cell),
                unit(y),
                unit(height)
            );
        }
        for line in 0..=lines {
            let _ = write!(
                grid,
                "M{} {}h{}",
                unit(left),
                unit(y + line as f32 * cell),
                unit(width)
            );
        }
        let _ = write!(out, r#"<path d="{grid}" class="grid"/>"#);
        probes(&mut out, row, per_line, (left, y, cell));
        y += height + 18.0;
        if at + 1 == rows.len() && lines == 1 {
            for index in 0..row.bits.len() {
                let x = left + index as f32 * cell + cell / 2.0;
                text(
                    &mut out,
                    (x, y + 8.0),
                    "middle",
                    "index",
                    &index.to_string(),
                );
            }
            y += 14.0;
        }
        y += 8.0;
    }
    svg(y, &out)
}

/// The probed bits of `row`, ringed, each with its value under the row (`left`, `y`: the row's
/// corner; `cell`: a cell's side).
fn probes(out: &mut String, row: &BitRow, per_line: usize, (left, y, cell): (f32, f32, f32)) {
    let height = cell * row.bits.len().div_ceil(per_line) as f32;
    for (index, &bit) in row.bits.iter().enumerate() {
        if !row.probed.contains(&(index as u32)) {
            continue;
        }
        let (x, top) = (
            left + (index % per_line) as f32 * cell,
            y + (index / per_line) as f32 * cell,
        );
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" class="probe"/>"#,
            unit(x + 1.5),
            unit(top + 1.5),
            unit(cell - 3.0),
            unit(cell - 3.0)
        );
        text(
            out,
            (x + cell / 2.0, y + height + 13.0),
            "middle",
            if bit { "name" } else { "zero" },
            if bit { "1" } else { "0" },
        );
    }
}

/// The bits drawn set in `drawn`, counted from its runs (for tests: the width of each run over the
/// cell's).
#[cfg(test)]
pub fn set_cells_drawn(drawn: &str) -> usize {
    let mut total = 0.0;
    let mut rest = drawn;
    while let Some(at) = rest.find(r#"<path d="M"#) {
        let path = &rest[at + 9..];
        let end = path.find('"').unwrap_or(path.len());
        let (d, after) = path.split_at(end);
        if after.starts_with(r#"" class="set""#) {
            for run in d.split('M').filter(|run| !run.is_empty()) {
                let width: f32 = run
                    .split(['h', 'v'])
                    .nth(1)
                    .and_then(|w| w.parse().ok())
                    .unwrap_or(0.0);
                let cell: f32 = run
                    .split('v')
                    .nth(1)
                    .and_then(|v| v.split('h').next())
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(1.0);
                total += width / cell;
            }
        }
        rest = after;
    }
    total.round() as usize
}

/// The height of a bar's label line, and so the least distance between two neighbours' labels.
const LABEL_LINE: f32 = 13.0;

/// A bar for each of `values` (labelled `labels` over it and `under` beneath), as tall as its
/// share of the largest; the bar at `best` stands out. `axis` names the row of labels beneath.
pub fn bars(
    values: &[f64],
    labels: &[String],
    under: &[String],
    best: usize,
    axis: &str,
) -> String {
    let mut out = String::new();
    let largest = values
        .iter()
        .copied()
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let (left, floor, tall) = (36.0, 170.0, 140.0);
    let slot = (WIDTH - left - 8.0) / values.len() as f32;
    // A label is wider than its bar's slot: one a line nearer its neighbour's height than a line
    // goes a line above it (a phone's narrow bars would run them together), never lower than its
    // own bar's top.
    let mut previous: Option<f32> = None;
    for (at, &value) in values.iter().enumerate() {
        let height = (value / largest) as f32 * tall;
        let x = left + at as f32 * slot;
        let class = if at == best { "bar best" } else { "bar" };
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{height:.1}" class="{class}"/>"#,
            x + slot * 0.15,
            floor - height,
            slot * 0.7
        );
        let middle = x + slot / 2.0;
        let natural = floor - height - 5.0;
        let y = match previous {
            Some(beside) if (natural - beside).abs() < LABEL_LINE => beside - LABEL_LINE,
            _ => natural,
        };
        previous = Some(y);
        text(&mut out, (middle, y), "middle", "small", &labels[at]);
        text(
            &mut out,
            (middle, floor + 15.0),
            "middle",
            if at == best { "name" } else { "" },
            &under[at],
        );
    }
    let _ = write!(
        out,
        r#"<line x1="{left}" y1="{floor}" x2="{:.1}" y2="{floor}" class="axis"/>"#,
        WIDTH - 8.0
    );
    text(&mut out, (left - 6.0, floor + 15.0), "end", "name", axis);
    svg(floor + 24.0, &out)
}

/// Horizontal bars, one per row, as long as its share of the largest, each under its label;
/// `foot` goes under them all.
pub fn stage_bars(rows: &[(String, f64)], foot: &str) -> String {
    let mut out = String::new();
    let largest = rows
        .iter()
        .map(|row| row.1)
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let (left, long) = (12.0, WIDTH - 24.0);
    let mut y = 0.0;
    for (label, value) in rows {
        text(&mut out, (left, y + 14.0), "start", "", label);
        let length = ((*value / largest) as f32 * long).max(2.0);
        let _ = write!(
            out,
            r#"<rect x="{left}" y="{:.1}" width="{length:.1}" height="12" class="bar level"/>"#,
            y + 19.0
        );
        y += 38.0;
    }
    text(&mut out, (left, y + 12.0), "start", "name", foot);
    svg(y + 22.0, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_bar_labels_are_a_line_apart_and_above_their_bars() {
        // Chapter 5's rates for m/n = 8, k = 1 … 10: bars 3 to 10 of nearly one height.
        let values: Vec<f64> = (1..=10)
            .map(|k| (1.0 - (-f64::from(k) / 8.0).exp()).powi(k))
            .collect();
        let labels: Vec<String> = values
            .iter()
            .map(|v| format!("{:.2}%", v * 100.0))
            .collect();
        let under: Vec<String> = (1..=10).map(|k| k.to_string()).collect();
        let drawn = bars(&values, &labels, &under, 5, "k");
        let number = |at: usize, key: &str| -> f32 {
            let rest = &drawn[at..];
            let from = rest.find(key).unwrap() + key.len();
            rest[from..from + rest[from..].find('"').unwrap()]
                .parse()
                .unwrap()
        };
        let tops: Vec<f32> = drawn
            .match_indices("<rect")
            .map(|(at, _)| number(at, r#" y=""#))
            .collect();
        let labels_y: Vec<f32> = labels
            .iter()
            .map(|label| {
                let at = drawn.find(&format!(">{label}<")).unwrap();
                let start = drawn[..at].rfind("<text").unwrap();
                number(start, r#" y=""#)
            })
            .collect();
        for at in 0..labels_y.len() {
            assert!(labels_y[at] < tops[at], "label {at} over its bar");
            if at > 0 {
                assert!(
                    (labels_y[at] - labels_y[at - 1]).abs() >= LABEL_LINE - 0.05,
                    "labels {} and {at}: {labels_y:?}",
                    at - 1
                );
            }
        }
    }

    #[test]
    fn words_are_escaped_and_subscripts_written() {
        let mut out = String::new();
        text(&mut out, (0.0, 0.0), "start", "", "<b>&\"");
        assert!(out.contains("&lt;b&gt;&amp;&quot;"), "{out}");
        assert_eq!(subscript(0), "₀");
        assert_eq!(subscript(12), "₁₂");
    }

    #[test]
    fn a_ring_puts_bit_0_on_top_and_goes_clockwise() {
        let (x, y) = on_ring(16, 0.0, (100.0, 100.0), 50.0);
        assert!((x - 100.0).abs() < 1e-3 && (y - 50.0).abs() < 1e-3);
        // A quarter round is on the right (y grows downwards on a screen).
        let (x, y) = on_ring(16, 4.0, (100.0, 100.0), 50.0);
        assert!((x - 150.0).abs() < 1e-3 && (y - 100.0).abs() < 1e-3);
    }

    #[test]
    fn the_hops_name_each_index_and_draw_one_arc_per_hop() {
        let drawn = ring_hops(32, 7, 21, 3, &["a = 7".into()]);
        assert_eq!(drawn.matches("marker-end").count(), 2);
        // Each index beside its dot; a hop of 21 of 32 is drawn as 11 back (counter-clockwise).
        for name in ["g₀ = 7", "g₁ = 28", "g₂ = 17"] {
            assert!(drawn.contains(&format!(">{name}<")), "{name}");
        }
        assert!(drawn.contains(">+21 ≡ −11<") && drawn.contains(" 0 0 0 "));
        let forward = ring_hops(32, 7, 5, 3, &[]);
        assert!(forward.contains(">+5<") && forward.contains(" 0 0 1 "));
        assert_eq!(drawn.matches("cell set").count(), 3);
    }

    #[test]
    fn a_cycle_lists_the_distinct_bits_it_sets() {
        let drawn = ring_cycles(16, 1, [3, 4], 6, ["+3", "+4"]);
        assert!(drawn.contains(">0 1 4 7 10 13<"), "{drawn}");
        assert!(drawn.contains(">1 5 9 13<"), "{drawn}");
        assert_eq!(drawn.matches("cell set").count(), 10);
    }

    #[test]
    fn rows_ring_the_probed_bits_and_write_what_they_hold() {
        let bits = vec![true, false, true, false];
        let drawn = bit_rows(
            &[BitRow {
                label: "x".into(),
                bits,
                probed: vec![1, 2],
            }],
            4,
        );
        assert_eq!(drawn.matches(r#"class="probe""#).count(), 2);
        assert!(drawn.contains(r#"class="zero">0<"#) && drawn.contains(r#"class="name">1<"#));
        assert_eq!(set_cells_drawn(&drawn), 2);
        assert_eq!(
            set_runs(&[true, true, false, true, true, true], 4),
            vec![(0, 0, 2), (0, 3, 1), (1, 0, 2)]
        );
    }

    #[test]
    fn the_largest_bar_is_full_height_and_the_best_stands_out() {
        let drawn = bars(
            &[1.0, 0.5],
            &["a".into(), "b".into()],
            &["1".into(), "2".into()],
            1,
            "k",
        );
        assert!(drawn.contains(r#"height="140.0" class="bar""#), "{drawn}");
        assert!(
            drawn.contains(r#"height="70.0" class="bar best""#),
            "{drawn}"
        );
    }
}
