//! Chapter 3: hash functions. A filter needs a hash that is deterministic, uniform and fast — not
//! cryptographic — and it needs k bit indexes per item, which it gets from two hashes (64-bit FNV-1a
//! and 32-bit MurmurHash3) by double hashing, g_i = (h1 + i·h2) mod m (Kirsch and Mitzenmacher,
//! 2006). The published test vectors and a worked example at the widget's m and k are computed here.

use super::exercise::{other_words, Exercise, Kind};
use super::figures::{self, Figure};
use super::formulas::chapter3 as math;
use super::Block::{self, Derivation, Math, PageLink, Table as T, Widget as W, H, P};
use super::{repeat_word, Step, Table, Widget, WALK_PARAMS};
use crate::routes::SitePage;
use crate::strings::Lang;
use bloom_core::hashing::{
    fnv1a_64, fnv1a_64_through_str_hash, murmur3_x86_32, DoubleHashing, ItemHashes,
};
use bloom_core::params::FilterParams;
use bloom_core::text::utf8_hex;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    Block::Figure(hops),
    H("h1"),
    P("p2"),
    P("p3"),
    Math(math::FNV),
    P("p4"),
    T(vectors),
    PageLink(SitePage::Bugs, "p_bugs"),
    H("h2"),
    P("p5"),
    Math(math::DOUBLE),
    P("p6"),
    Derivation(&[
        Step {
            math: math::REDUCE_BASE,
            why: "why_base",
        },
        Step {
            math: math::REDUCE_STEP,
            why: "why_step",
        },
        Step {
            math: math::REDUCE_INDEX,
            why: "why_index",
        },
    ]),
    H("h3"),
    P("p7"),
    P("p8"),
    W(Widget::Hashing),
    Block::Exercise,
    H("h4"),
    P("p9"),
    P("p10"),
    P("p11"),
];

/// The word the worked example hashes (the walk-through's first item, met in chapter 2).
pub const EXAMPLE_WORD: &str = super::WALK_ITEMS[0];

/// The inputs of the test-vector table: the empty string, one letter, and the strings the
/// published FNV and MurmurHash3 test suites use.
pub const VECTOR_INPUTS: [&str; 4] = ["", "a", "foobar", "hello"];

/// The worked example's word round a ring of the widget's m bits: a and b, the reductions of its
/// two hashes, and the hops of b from a that give its k bits.
fn hops(_lang: Lang) -> Figure {
    let FilterParams { bits, hashes, .. } = FilterParams::default();
    let reduced = DoubleHashing::new(ItemHashes::of(EXAMPLE_WORD), bits);
    Figure {
        caption: "figure",
        svg: figures::ring_hops(
            bits,
            reduced.base,
            reduced.step,
            hashes,
            &[
                format!("{EXAMPLE_WORD}: a = h₁ mod {bits} = {}", reduced.base),
                format!("b = h₂ mod {bits} = {}", reduced.step),
            ],
        ),
    }
}

/// FNV-1a 64 of `text`, as the workings widget writes it (16 hex digits).
fn fnv_hex(text: &str) -> String {
    format!("{:016x}", fnv1a_64(text.as_bytes()))
}

/// MurmurHash3 x86_32 of `text` with seed 0, as the workings widget writes it (8 hex digits).
fn murmur_hex(text: &str) -> String {
    format!("{:08x}", murmur3_x86_32(text.as_bytes(), 0))
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let FilterParams { bits, hashes, .. } = FilterParams::default();
    let example = ItemHashes::of(EXAMPLE_WORD);
    let reduced = DoubleHashing::new(example, bits);
    // The sums before the final "mod m", as the widget's rows write them.
    let sum = |i: u32| reduced.base + i * reduced.step;
    let (repeat, repeat_bit) = repeat_word();
    let (bytes, _) = utf8_hex(EXAMPLE_WORD, usize::MAX);
    vec![
        ("m", bits.to_string()),
        ("k", hashes.to_string()),
        ("fnv_empty", fnv_hex("")),
        ("fnv_a", fnv_hex("a")),
        (
            "fnv_a_str_hash",
            format!("{:016x}", fnv1a_64_through_str_hash("a")),
        ),
        ("murmur_empty", murmur_hex("")),
        ("ex_word", EXAMPLE_WORD.to_string()),
        ("ex_byte_count", lang.count(EXAMPLE_WORD.len() as u64)),
        ("ex_bytes", bytes),
        ("ex_h1", format!("{:016x}", example.fnv)),
        ("ex_h2", format!("{:08x}", example.murmur)),
        ("ex_base", reduced.base.to_string()),
        ("ex_step", reduced.step.to_string()),
        ("ex_sum1", sum(1).to_string()),
        ("ex_sum2", sum(2).to_string()),
        ("ex_g0", reduced.index(0).to_string()),
        ("ex_g1", reduced.index(1).to_string()),
        ("ex_g2", reduced.index(2).to_string()),
        ("walk_m", WALK_PARAMS.0.to_string()),
        ("repeat_word", repeat.to_string()),
        ("repeat_bit", repeat_bit.to_string()),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &["word", "m", "h1", "h2", "i", "sum", "right", "answer"];

/// Round `round` of the chapter's exercise (its numbers need no language): the index g_i of a word
/// at m = 32, from its two hashes reduced mod m.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    let m = 32;
    let word = other_words(round as usize * 5 + 1).next().unwrap_or("kiwi");
    let hashing = DoubleHashing::new(ItemHashes::of(word), m);
    let i = 1 + round % 2 + u32::from(round == 0);
    let sum = hashing.base + i * hashing.step;
    let right = hashing.index(i);
    Exercise {
        chapter: 3,
        round,
        pictures: Vec::new(),
        kind: Kind::Number {
            right: f64::from(right),
            tolerance: 0.0,
            range: (0, u64::from(m) - 1),
        },
        facts: vec![
            ("word", word.to_owned()),
            ("m", m.to_string()),
            ("h1", hashing.base.to_string()),
            ("h2", hashing.step.to_string()),
            ("i", i.to_string()),
            ("sum", sum.to_string()),
            ("right", right.to_string()),
        ],
        given: vec![format!("word={word}"), format!("m={m}"), format!("i={i}")],
        number_fact: None,
    }
}

/// The published test vectors, computed by the site's own hash functions.
fn vectors(lang: Lang) -> Table {
    let head = match lang {
        Lang::English => ["Input", "FNV-1a 64", "MurmurHash3 x86_32, seed 0"],
        Lang::Chinese => ["输入", "FNV-1a 64", "MurmurHash3 x86_32，种子 0"],
        Lang::Japanese => ["入力", "FNV-1a 64", "MurmurHash3 x86_32、シード 0"],
    };
    Table {
        caption: "table_vectors",
        head: head.iter().map(|cell| cell.to_string()).collect(),
        rows: VECTOR_INPUTS
            .iter()
            .map(|&input| vec![lang.quote(input), fnv_hex(input), murmur_hex(input)])
            .collect(),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;
    use bloom_core::playground::Playground;

    fn fact(key: &str) -> String {
        checks::fact(facts, Lang::English, key)
    }

    /// FNV-1a 64 from its definition: offset basis, then per byte XOR and multiply by the prime.
    fn fnv1a_reference(bytes: &[u8]) -> u64 {
        let mut hash: u64 = 14_695_981_039_346_656_037;
        for &byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(1_099_511_628_211);
        }
        hash
    }

    /// MurmurHash3 x86_32 written out from Appleby's reference C code.
    fn murmur3_reference(data: &[u8], seed: u32) -> u32 {
        const C1: u32 = 0xcc9e_2d51;
        const C2: u32 = 0x1b87_3593;
        let scramble = |k: u32| k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
        let mut h = seed;
        let blocks = data.chunks_exact(4);
        let tail = blocks.remainder();
        for block in blocks {
            let k = u32::from_le_bytes([block[0], block[1], block[2], block[3]]);
            h ^= scramble(k);
            h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
        }
        if !tail.is_empty() {
            let k = tail
                .iter()
                .rev()
                .fold(0u32, |k, &byte| (k << 8) | u32::from(byte));
            h ^= scramble(k);
        }
        h ^= data.len() as u32;
        h ^= h >> 16;
        h = h.wrapping_mul(0x85eb_ca6b);
        h ^= h >> 13;
        h = h.wrapping_mul(0xc2b2_ae35);
        h ^ (h >> 16)
    }

    #[test]
    fn the_named_vectors_are_the_published_ones() {
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("fnv_empty", "cbf29ce484222325"),
                ("fnv_a", "af63dc4c8601ec8c"),
                ("murmur_empty", "00000000"),
            ],
        );
        // str::hash adds one 0xFF byte after the text: FNV-1a of "a" followed by 0xFF.
        assert_eq!(
            fact("fnv_a_str_hash"),
            format!("{:016x}", fnv1a_reference(&[b'a', 0xff]))
        );
        assert_ne!(fact("fnv_a_str_hash"), fact("fnv_a"));
    }

    #[test]
    fn the_table_matches_published_values_and_the_reference_code() {
        let table = vectors(Lang::English);
        assert_eq!(table.head.len(), 3);
        assert_eq!(table.rows.len(), VECTOR_INPUTS.len());
        for (row, input) in table.rows.iter().zip(VECTOR_INPUTS) {
            assert_eq!(row[0], format!("“{input}”"));
            assert_eq!(
                row[1],
                format!("{:016x}", fnv1a_reference(input.as_bytes()))
            );
            assert_eq!(
                row[2],
                format!("{:08x}", murmur3_reference(input.as_bytes(), 0))
            );
        }
        // Published: FNV-1a 64 of "foobar" (the FNV test suite) and MurmurHash3 x86_32 of "hello".
        assert_eq!(table.rows[2][1], "85944171f73967e8");
        assert_eq!(table.rows[3][2], "248bfa47");
        assert_eq!(table.rows[0][1], "cbf29ce484222325");
        assert_eq!(table.rows[0][2], "00000000");
        for lang in Lang::ALL {
            assert_eq!(vectors(lang).rows.len(), VECTOR_INPUTS.len());
        }
    }

    #[test]
    fn the_reference_murmur_agrees_with_published_vectors() {
        // So the comparison above checks against something known to be right.
        assert_eq!(murmur3_reference(b"", 0), 0);
        assert_eq!(murmur3_reference(b"", 1), 0x514e_28b7);
        assert_eq!(murmur3_reference(b"hello", 0), 0x248b_fa47);
        assert_eq!(murmur3_reference(b"Hello, world!", 0), 0xc036_3e43);
    }

    #[test]
    fn the_figure_hops_to_the_worked_example_bits() {
        let drawn = hops(Lang::English).svg;
        // The reductions over the ring, and each index beside its dot.
        assert!(drawn.contains(&format!("a = h₁ mod {} = {}", fact("m"), fact("ex_base"))));
        assert!(drawn.contains(&format!("b = h₂ mod {} = {}", fact("m"), fact("ex_step"))));
        for (i, key) in ["ex_g0", "ex_g1", "ex_g2"].into_iter().enumerate() {
            let name = format!(">g{} = {}<", figures::subscript(i), fact(key));
            assert!(drawn.contains(&name), "{name}");
        }
        assert_eq!(drawn.matches("cell set").count(), 3);
    }

    #[test]
    fn the_worked_example_is_the_widget_arithmetic() {
        let (m, k) = (32u128, 3u32);
        assert_eq!(fact("m"), m.to_string());
        assert_eq!(fact("k"), k.to_string());
        let bytes = EXAMPLE_WORD.as_bytes();
        let h1 = fnv1a_reference(bytes);
        let h2 = murmur3_reference(bytes, 0);
        assert_eq!(fact("ex_h1"), format!("{h1:016x}"));
        assert_eq!(fact("ex_h2"), format!("{h2:08x}"));
        assert_eq!(fact("ex_base"), (u128::from(h1) % m).to_string());
        assert_eq!(fact("ex_step"), (u128::from(h2) % m).to_string());
        assert_eq!(fact("ex_byte_count"), bytes.len().to_string());
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(fact("ex_bytes"), hex.join(" "));
        // g_i from the unreduced hashes, in wide integers: the same as reducing first.
        let indexes: Vec<u32> = (0..k)
            .map(|i| ((u128::from(h1) + u128::from(i) * u128::from(h2)) % m) as u32)
            .collect();
        for (i, index) in indexes.iter().enumerate() {
            assert_eq!(fact(&format!("ex_g{i}")), index.to_string());
        }
        // The filter the widget builds puts the word on exactly these bits.
        let widget = Playground::new(FilterParams::default());
        assert_eq!(widget.filter().indexes(EXAMPLE_WORD), indexes);
        // The example is worth working: three different bits, and the last sum wraps past m.
        let mut distinct = indexes.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 3);
        let sum2: u128 = fact("ex_sum2").parse().unwrap();
        assert_eq!(
            sum2,
            u128::from(h1) % m + 2 * (u128::from(h2) % m),
            "sum before the mod"
        );
        assert!(sum2 >= m, "the example shows the wrap-around");
    }

    #[test]
    fn the_repeat_word_has_a_second_hash_divisible_by_m() {
        let m: u32 = fact("walk_m").parse().unwrap();
        let word = fact("repeat_word");
        assert_eq!(murmur3_reference(word.as_bytes(), 0) % m, 0);
        let bit = (fnv1a_reference(word.as_bytes()) % u64::from(m)).to_string();
        assert_eq!(fact("repeat_bit"), bit);
    }

    #[test]
    fn the_exercise_index_is_h1_plus_i_h2_mod_m() {
        crate::strings::tests::install_all();
        // g_i = (h1 + i·h2) mod m, written out with u64 arithmetic on the raw hashes.
        for round in 0..6 {
            let three = exercise(round, Lang::English);
            let word = fact_of(&three.facts, "word");
            let h1 = fnv1a_64(word.as_bytes());
            let h2 = u64::from(murmur3_x86_32(word.as_bytes(), 0));
            let i: u64 = fact_of(&three.facts, "i").parse().unwrap();
            let g = (h1 % 32 + i * (h2 % 32)) % 32;
            assert_eq!(fact_of(&three.facts, "right"), g.to_string());
            // The filter's own index agrees.
            let filter = bloom_core::filter::BloomFilter::new(32, 3);
            assert_eq!(u64::from(filter.indexes(word)[i as usize]), g);
        }
    }
}
