//! How a full-size filter derives an item's k indexes: the playground's double hashing (FNV-1a 64 and
//! MurmurHash3 x86_32, each reduced mod m, then g_i = base + i·step mod m), the crawler's (one
//! MurmurHash3 x64_128 split into two 64-bit halves, g_i = ((h1 + i·h2) mod 2⁶⁴) mod m), or one of the
//! bug museum's derivations as a library shipped it or as it was fixed. The lab's filter takes the
//! derivation it runs from here, so neither the lab nor the museum needs the other.

use super::bugs::{self, Case, Variant};
use super::hashing::fnv1a_64;
use super::murmur;

/// How an item's k indexes are derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum LabScheme {
    /// The playground's: FNV-1a 64 and MurmurHash3 x86_32 of the key, each reduced mod m, then
    /// g_i = (base + i·step) mod m.
    #[default]
    Site,
    /// The crawler's: MurmurHash3 x64_128 split into halves h1, h2, then
    /// g_i = ((h1 + i·h2) mod 2⁶⁴) mod m.
    Crawler,
    /// One of the bug museum's derivations, as a library shipped it or as it was fixed.
    Bug(Case, Variant),
}

impl LabScheme {
    /// The stable short name (in links and the worker's messages): `site`, `crawler`, or
    /// `bug:<case>:<variant>`.
    pub fn id(self) -> String {
        match self {
            LabScheme::Site => "site".to_owned(),
            LabScheme::Crawler => "crawler".to_owned(),
            LabScheme::Bug(case, variant) => format!("bug:{}:{}", case.id(), variant.id()),
        }
    }

    /// The scheme named `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "site" => Some(LabScheme::Site),
            "crawler" => Some(LabScheme::Crawler),
            _ => {
                let mut parts = id.strip_prefix("bug:")?.split(':');
                let case = Case::from_id(parts.next()?)?;
                let variant = Variant::from_id(parts.next()?)?;
                parts
                    .next()
                    .is_none()
                    .then_some(LabScheme::Bug(case, variant))
            }
        }
    }
}

/// Calls `visit` with each of the key's k indexes until it returns false; returns whether it never
/// did.
#[inline(always)]
pub fn for_each_index(
    scheme: LabScheme,
    key: &[u8],
    bits: u64,
    hashes: u32,
    mut visit: impl FnMut(u64) -> bool,
) -> bool {
    match scheme {
        LabScheme::Site => {
            // g_0 = h_fnv mod m needs no second hash: a query that finds bit g_0 clear (about half
            // of all never-inserted keys) is answered before MurmurHash3 runs. Then base, step < m ≤
            // 2³¹, so base + step < 2³² and one subtraction reduces it: the same values as
            // (base + i·step) mod m, in 32-bit arithmetic without a division per index.
            let m = bits as u32;
            let mut index = (fnv1a_64(key) % bits) as u32;
            if !visit(u64::from(index)) {
                return false;
            }
            let step = murmur::x86_32(key, 0) % m;
            for _ in 1..hashes {
                index += step;
                if index >= m {
                    index -= m;
                }
                if !visit(u64::from(index)) {
                    return false;
                }
            }
            true
        }
        LabScheme::Crawler => {
            let (low, high) = murmur::x64_128(key, 0);
            let mut sum = low;
            for _ in 0..hashes {
                if !visit(sum % bits) {
                    return false;
                }
                sum = sum.wrapping_add(high);
            }
            true
        }
        LabScheme::Bug(case, variant) => {
            bugs::for_each_index(case, variant, key, bits, hashes, visit)
        }
    }
}
