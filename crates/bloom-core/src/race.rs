//! The race: this project's filter against two JavaScript libraries on the same keys, m and k —
//! npm `bloomfilter` 1.1.0 (Jason Davies: FNV-1a 64 written in 16-bit pieces, enhanced double
//! hashing, 32-bit buckets) and npm `bloom-filters` 3.0.4 (Callidon: two seeded XXH64 hashes per key
//! from `xxhashjs`, which does 64-bit arithmetic in 16-bit pieces, then enhanced double hashing in
//! floating point) — and the same core compiled natively. Each entry is timed per
//! insert and per query; the table compares each with ours.

use super::lab::CellSpec;

/// The race's filter: n = 1,000,000 at 1 %.
pub const RACE_ITEMS: u64 = 1_000_000;
/// The race's target rate.
pub const RACE_RATE: f64 = 0.01;

/// The race's cell: m and k as the calculator sizes them, the short keys every entrant writes the
/// same way (`"<seed>-<i>"`, `"<seed>-q<i>"`).
pub fn race_cell(seed: u32) -> CellSpec {
    CellSpec::sized(RACE_ITEMS, RACE_RATE, seed).unwrap_or(CellSpec {
        items: RACE_ITEMS,
        target: RACE_RATE,
        bits: 9_585_059,
        hashes: 7,
        scheme: super::derivation::LabScheme::Site,
        shape: super::keys::KeyShape::Short,
        seed,
        strangers: RACE_ITEMS,
    })
}

/// An entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entrant {
    /// This project's core as WebAssembly in a worker, keys made in wasm.
    Wasm,
    /// The same, each key made in JavaScript and copied into wasm.
    WasmJsKeys,
    /// The same core compiled natively (`cargo bench`).
    Native,
    /// npm `bloomfilter` 1.1.0.
    Bloomfilter,
    /// npm `bloom-filters` 3.0.4.
    BloomFilters,
}

impl Entrant {
    /// Every entrant, in the table's order.
    pub const ALL: [Entrant; 5] = [
        Entrant::Wasm,
        Entrant::WasmJsKeys,
        Entrant::Native,
        Entrant::Bloomfilter,
        Entrant::BloomFilters,
    ];

    /// The stable short name (`data-impl`).
    pub fn id(self) -> &'static str {
        match self {
            Entrant::Wasm => "wasm",
            Entrant::WasmJsKeys => "wasm-js-keys",
            Entrant::Native => "native",
            Entrant::Bloomfilter => "bloomfilter",
            Entrant::BloomFilters => "bloom-filters",
        }
    }

    /// The entrant named `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|entrant| entrant.id() == id)
    }
}

/// One entrant's time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaceTime {
    /// Who.
    pub entrant: Entrant,
    /// Nanoseconds per insert.
    pub ns_insert: f64,
    /// Nanoseconds per query (of never-inserted keys).
    pub ns_query: f64,
    /// The measured false-positive rate.
    pub measured: f64,
}

impl RaceTime {
    /// How many times slower than `ours` per insert and per query (above 1: slower).
    pub fn ratio_to(&self, ours: &RaceTime) -> (f64, f64) {
        (
            self.ns_insert / ours.ns_insert.max(f64::MIN_POSITIVE),
            self.ns_query / ours.ns_query.max(f64::MIN_POSITIVE),
        )
    }
}

/// The race's goals, per insert and per query: `bloomfilter` at least 3× slower than ours,
/// `bloom-filters` at least 30×, ours within 1.5× of native.
pub fn goal(entrant: Entrant) -> Option<f64> {
    match entrant {
        Entrant::Bloomfilter => Some(3.0),
        Entrant::BloomFilters => Some(30.0),
        Entrant::Native => Some(1.0 / 1.5),
        _ => None,
    }
}

/// The browser a user-agent string names, with its major version ("Chrome 131", "Firefox 133",
/// "Safari 18"), for labelling a race; `None` when it names none of the usual ones.
pub fn browser_from_user_agent(agent: &str) -> Option<String> {
    let version = |marker: &str| -> Option<String> {
        let rest = &agent[agent.find(marker)? + marker.len()..];
        let major: String = rest.chars().take_while(char::is_ascii_digit).collect();
        (!major.is_empty()).then_some(major)
    };
    // Order matters: Edge and Opera also say "Chrome/", and Chrome also says "Safari/".
    [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chromium"),
        ("Version/", "Safari"),
    ]
    .into_iter()
    .find_map(|(marker, name)| version(marker).map(|major| format!("{name} {major}")))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn browsers_are_named_from_their_user_agent() {
        let chromium = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.7444.59 Safari/537.36";
        assert_eq!(
            browser_from_user_agent(chromium),
            Some("Chromium 142".into())
        );
        let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
        assert_eq!(browser_from_user_agent(firefox), Some("Firefox 133".into()));
        let safari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
        assert_eq!(browser_from_user_agent(safari), Some("Safari 18".into()));
        let edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
        assert_eq!(browser_from_user_agent(edge), Some("Edge 131".into()));
        assert_eq!(browser_from_user_agent("curl/8.0"), None);
    }

    #[test]
    fn the_race_cell_is_one_million_at_one_percent() {
        let cell = race_cell(1);
        // −10⁶ · ln 0.01 / (ln 2)² = 9,585,058.4 → 9,585,059; k = round(9.585 · ln 2) = 7.
        assert_eq!(
            (cell.items, cell.bits, cell.hashes),
            (1_000_000, 9_585_059, 7)
        );
    }

    #[test]
    fn ratios_compare_with_ours() {
        let ours = RaceTime {
            entrant: Entrant::Wasm,
            ns_insert: 20.0,
            ns_query: 10.0,
            measured: 0.01,
        };
        let theirs = RaceTime {
            entrant: Entrant::Bloomfilter,
            ns_insert: 80.0,
            ns_query: 25.0,
            measured: 0.0101,
        };
        assert_eq!(theirs.ratio_to(&ours), (4.0, 2.5));
        assert_eq!(goal(Entrant::BloomFilters), Some(30.0));
        for entrant in Entrant::ALL {
            assert_eq!(Entrant::from_id(entrant.id()), Some(entrant));
        }
    }
}
