//! A fixed word list and a seeded choice from it, so a demonstration can be repeated exactly: the same
//! seed always adds the same words, on any machine. The generator is SplitMix64 (Steele, Lea and Flood,
//! 2014), small and fully specified, so no random-number library is needed.

/// The seeds a visitor can choose.
pub const SEED_RANGE: std::ops::RangeInclusive<u32> = 0..=999_999;
/// The seed a new playground starts from.
pub const DEFAULT_SEED: u32 = 1;

/// Everyday words a class can read aloud.
pub const WORDS: &[&str] = &[
    "apple", "banana", "cherry", "grape", "lemon", "mango", "melon", "peach", "pear", "plum",
    "kiwi", "lime", "fig", "date", "olive", "tomato", "carrot", "potato", "onion", "garlic",
    "pepper", "bean", "pea", "corn", "rice", "bread", "cheese", "butter", "honey", "sugar", "salt",
    "tea", "coffee", "milk", "water", "juice", "soup", "cake", "pie", "cookie", "cat", "dog",
    "horse", "cow", "sheep", "goat", "pig", "duck", "goose", "hen", "fox", "wolf", "bear", "deer",
    "rabbit", "mouse", "owl", "eagle", "crow", "swan", "whale", "shark", "seal", "otter", "frog",
    "snake", "lizard", "turtle", "bee", "ant", "red", "orange", "yellow", "green", "blue",
    "purple", "black", "white", "grey", "pink", "brown", "gold", "silver", "river", "lake",
    "ocean", "island", "mountain", "valley", "forest", "desert", "meadow", "cloud", "rain", "snow",
    "wind", "storm", "sun", "moon", "star", "comet", "planet", "book", "pencil", "paper", "table",
    "chair", "window", "door", "lamp", "clock", "key", "bell", "drum", "flute", "piano", "guitar",
    "violin", "train", "boat", "plane", "bicycle", "bus", "truck", "road", "bridge", "tower",
    "castle", "garden", "school", "market", "harbour", "station", "library", "museum", "spring",
    "summer", "autumn", "winter", "morning", "evening", "night", "today", "circle", "square",
    "triangle", "arrow", "anchor", "compass", "lantern", "mirror", "ladder", "basket", "bottle",
    "candle", "ribbon", "button", "marble",
];

/// SplitMix64: one 64-bit state, one add and three xor-shift-multiply steps per output.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..bound` (bound ≥ 1), by Lemire's multiply-shift, without modulo bias worth
    /// mentioning for bounds this small.
    pub fn below(&mut self, bound: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u32
    }
}

/// `count` different words from [`WORDS`], chosen by `seed` (a partial Fisher–Yates shuffle).
pub fn pick(seed: u64, count: usize) -> Vec<&'static str> {
    pick_new(seed, count, |_| false)
}

/// `count` different words from [`WORDS`] that are not `taken`, chosen by `seed` as [`pick`] chooses
/// (with nothing taken, the same words); fewer when fewer are left.
pub fn pick_new(seed: u64, count: usize, taken: impl Fn(&str) -> bool) -> Vec<&'static str> {
    let mut pool: Vec<&'static str> = WORDS.iter().copied().filter(|word| !taken(word)).collect();
    let mut rng = SplitMix64::new(seed);
    let count = count.min(pool.len());
    for position in 0..count {
        let remaining = (pool.len() - position) as u32;
        let chosen = position + rng.below(remaining) as usize;
        pool.swap(position, chosen);
    }
    pool.truncate(count);
    pool
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Seed 42's first three words, on every machine: a change to the generator, the shuffle or
    /// the list shows here.
    const PICK_42_3: [&str; 3] = ["violin", "cheese", "goat"];

    #[test]
    fn new_words_skip_the_taken_and_run_out_with_the_list() {
        let taken: Vec<&str> = pick(7, 40);
        let fresh = pick_new(7, 10, |word| taken.contains(&word));
        assert_eq!(fresh.len(), 10);
        assert!(fresh.iter().all(|word| !taken.contains(word)));
        let mut unique = fresh.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        assert_eq!(pick_new(42, 3, |_| false), PICK_42_3);
        let all_but_two = |word: &str| !WORDS[..2].contains(&word);
        let mut last = pick_new(1, 10, all_but_two);
        last.sort_unstable();
        let mut two = WORDS[..2].to_vec();
        two.sort_unstable();
        assert_eq!(last, two);
    }

    #[test]
    fn splitmix64_matches_reference_output() {
        // Reference values of SplitMix64 seeded with 1234567 (from the algorithm's published C code).
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn a_seed_gives_its_own_words() {
        // The first draw of seed 42 by hand: SplitMix64's first output scaled to the list's length
        // (Lemire's multiply-shift) is the position of the first word.
        let first = SplitMix64::new(42).next_u64();
        let position = ((u128::from(first) * WORDS.len() as u128) >> 64) as usize;
        assert_eq!(pick(42, 1), vec![WORDS[position]]);
        assert_eq!(pick(42, 3), PICK_42_3);
        // A longer draw starts with the shorter one's words.
        assert_eq!(pick(42, 10)[..3], PICK_42_3);
        // Different seeds, different words.
        let draws: Vec<Vec<&str>> = (0..20).map(|seed| pick(seed, 10)).collect();
        for (i, a) in draws.iter().enumerate() {
            for b in &draws[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // Asking for more than the list holds gives the whole list, once each.
        assert_eq!(pick(9, WORDS.len() + 5).len(), WORDS.len());
    }

    #[test]
    fn words_are_distinct_and_from_the_list() {
        let words = pick(7, 10);
        assert_eq!(words.len(), 10);
        let mut sorted = words.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 10);
        assert!(words.iter().all(|word| WORDS.contains(word)));
    }

    #[test]
    fn word_list_has_no_repeats() {
        let mut sorted = WORDS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), WORDS.len());
    }
}
