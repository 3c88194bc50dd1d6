//! The same text gives the same bit indexes everywhere. This file runs natively (`cargo test`) and in a
//! browser (`cargo test --target wasm32-unknown-unknown`), where `usize` is half as wide; both check the
//! same pinned table, so any width-dependent arithmetic would fail one of the two runs.

use bloom_core::hashing::{bit_indexes, fnv1a_64, murmur3_x86_32};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// One pinned case. The hashes were checked against an independent FNV-1a written from its definition
/// and against Python's `mmh3` package; the indexes follow g_i = (h1 mod m + i·(h2 mod m)) mod m.
struct Pinned {
    text: &'static str,
    bits: u32,
    hashes: u32,
    fnv: u64,
    murmur: u32,
    indexes: &'static [u32],
}

const PINNED: &[Pinned] = &[
    Pinned {
        text: "apple",
        bits: 32,
        hashes: 3,
        fnv: 0xf74a62a458befdbf,
        murmur: 0x7016e890,
        indexes: &[31, 15, 31],
    },
    Pinned {
        text: "",
        bits: 8,
        hashes: 4,
        fnv: 0xcbf29ce484222325,
        murmur: 0x00000000,
        indexes: &[5, 5, 5, 5],
    },
    Pinned {
        text: "布隆过滤器",
        bits: 1000,
        hashes: 5,
        fnv: 0x2e6b5990307a0897,
        murmur: 0x513ddd89,
        indexes: &[895, 800, 705, 610, 515],
    },
    Pinned {
        text: "🌸 emoji",
        bits: 1024,
        hashes: 16,
        fnv: 0x2c8d66ae9ab4d4da,
        murmur: 0xeca5e161,
        indexes: &[
            218, 571, 924, 253, 606, 959, 288, 641, 994, 323, 676, 5, 358, 711, 40, 393,
        ],
    },
    Pinned {
        text: "Hello, world!",
        bits: 97,
        hashes: 7,
        fnv: 0x38d1334144987bf4,
        murmur: 0xc0363e43,
        indexes: &[34, 63, 92, 24, 53, 82, 14],
    },
];

#[test]
fn pinned_hashes_and_indexes() {
    for case in PINNED {
        let text = case.text;
        assert_eq!(fnv1a_64(text.as_bytes()), case.fnv, "FNV of {text:?}");
        assert_eq!(
            murmur3_x86_32(text.as_bytes(), 0),
            case.murmur,
            "Murmur of {text:?}"
        );
        assert_eq!(
            bit_indexes(text, case.bits, case.hashes),
            case.indexes,
            "indexes of {text:?}"
        );
    }
}

#[test]
fn indexes_follow_the_formula_from_the_hashes() {
    for case in PINNED {
        let bits = u64::from(case.bits);
        let base = case.fnv % bits;
        let step = u64::from(case.murmur) % bits;
        let expected: Vec<u32> = (0..u64::from(case.hashes))
            .map(|i| ((base + i * step) % bits) as u32)
            .collect();
        assert_eq!(
            bit_indexes(case.text, case.bits, case.hashes),
            expected,
            "{:?}",
            case.text
        );
    }
}
