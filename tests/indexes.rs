//! The same text gives the same bit indexes everywhere. This file runs natively (`cargo test`) and in a
//! browser (`cargo test --target wasm32-unknown-unknown`), where `usize` is half as wide; both check the
//! same pinned table, so any width-dependent arithmetic would fail one of the two runs.

use bloom_tutorial::bloom::hashing::{bit_indexes, fnv1a_64, murmur3_x86_32};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// (text, m, k, FNV-1a 64, MurmurHash3 x86_32, indexes). The hashes were checked against an
/// independent FNV-1a written from its definition and against Python's `mmh3` package; the indexes follow g_i = (h1 mod m + i·(h2 mod m)) mod m.
const PINNED: &[(&str, u32, u32, u64, u32, &[u32])] = &[
    (
        "apple",
        32,
        3,
        0xf74a62a458befdbf,
        0x7016e890,
        &[31, 15, 31],
    ),
    ("", 8, 4, 0xcbf29ce484222325, 0x00000000, &[5, 5, 5, 5]),
    (
        "布隆过滤器",
        1000,
        5,
        0x2e6b5990307a0897,
        0x513ddd89,
        &[895, 800, 705, 610, 515],
    ),
    (
        "🌸 emoji",
        1024,
        16,
        0x2c8d66ae9ab4d4da,
        0xeca5e161,
        &[
            218, 571, 924, 253, 606, 959, 288, 641, 994, 323, 676, 5, 358, 711, 40, 393,
        ],
    ),
    (
        "Hello, world!",
        97,
        7,
        0x38d1334144987bf4,
        0xc0363e43,
        &[34, 63, 92, 24, 53, 82, 14],
    ),
];

#[test]
fn pinned_hashes_and_indexes() {
    for &(text, bits, hashes, fnv, murmur, indexes) in PINNED {
        assert_eq!(fnv1a_64(text.as_bytes()), fnv, "FNV of {text:?}");
        assert_eq!(
            murmur3_x86_32(text.as_bytes(), 0),
            murmur,
            "Murmur of {text:?}"
        );
        assert_eq!(
            bit_indexes(text, bits, hashes),
            indexes,
            "indexes of {text:?}"
        );
    }
}

#[test]
fn indexes_follow_the_formula_from_the_hashes() {
    for &(text, bits, hashes, fnv, murmur, _) in PINNED {
        let base = fnv % u64::from(bits);
        let step = u64::from(murmur % bits);
        let expected: Vec<u32> = (0..u64::from(hashes))
            .map(|i| ((base + i * step) % u64::from(bits)) as u32)
            .collect();
        assert_eq!(bit_indexes(text, bits, hashes), expected, "{text:?}");
    }
}
