//! A fixed-length array of bits, packed 64 to a word. It is the whole memory of a Bloom filter: m bits,
//! all zero at the start, only ever set (never cleared) by inserts.

/// m bits, packed into `u64` words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitArray {
    words: Vec<u64>,
    len: u32,
}

impl BitArray {
    /// `len` bits, all zero.
    pub fn new(len: u32) -> Self {
        Self {
            words: vec![0; len.div_ceil(64) as usize],
            len,
        }
    }

    /// The number of bits, m.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// True when the array has no bits at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether bit `index` is set; bits past the end read as zero.
    pub fn get(&self, index: u32) -> bool {
        index < self.len && self.words[(index / 64) as usize] & (1 << (index % 64)) != 0
    }

    /// Sets bit `index`; returns true if it was zero before. Indexes past the end are ignored.
    pub fn set(&mut self, index: u32) -> bool {
        if index >= self.len {
            return false;
        }
        let word = &mut self.words[(index / 64) as usize];
        let mask = 1 << (index % 64);
        let was_zero = *word & mask == 0;
        *word |= mask;
        was_zero
    }

    /// X, the number of set bits.
    pub fn count_ones(&self) -> u32 {
        self.words.iter().map(|word| word.count_ones()).sum()
    }

    /// The indexes of the set bits, in order.
    pub fn ones(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len).filter(|&index| self.get(index))
    }

    /// Bit by bit `self OR other` (`AND` with `both`); `None` unless the lengths are equal.
    pub fn combined(&self, other: &BitArray, both: bool) -> Option<BitArray> {
        (self.len == other.len).then(|| BitArray {
            words: self
                .words
                .iter()
                .zip(&other.words)
                .map(|(a, b)| if both { a & b } else { a | b })
                .collect(),
            len: self.len,
        })
    }

    /// The bits as ⌈m/8⌉ bytes, bit i in byte i/8 at weight 2^(i mod 8): what a filter sends over
    /// a network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self
            .words
            .iter()
            .flat_map(|word| word.to_le_bytes())
            .collect();
        bytes.truncate(self.len.div_ceil(8) as usize);
        bytes
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn set_reports_only_the_first_time() {
        let mut bits = BitArray::new(70);
        assert!(bits.set(65));
        assert!(!bits.set(65));
        assert!(bits.get(65));
        assert!(!bits.get(64));
        assert_eq!(bits.count_ones(), 1);
    }

    #[test]
    fn combines_and_serialises_bit_by_bit() {
        let mut a = BitArray::new(12);
        let mut b = BitArray::new(12);
        a.set(1);
        a.set(9);
        b.set(9);
        b.set(11);
        let or = a.combined(&b, false).unwrap();
        let and = a.combined(&b, true).unwrap();
        assert_eq!(or.ones().collect::<Vec<_>>(), [1, 9, 11]);
        assert_eq!(and.ones().collect::<Vec<_>>(), [9]);
        assert_eq!(or.to_bytes(), [0b0000_0010, 0b0000_1010]);
        assert_eq!(a.combined(&BitArray::new(13), false), None);
    }

    #[test]
    fn out_of_range_is_ignored() {
        let mut bits = BitArray::new(8);
        assert!(!bits.set(8));
        assert!(!bits.get(8));
        assert_eq!(bits.count_ones(), 0);
    }
}
