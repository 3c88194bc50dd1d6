//! Every formula the chapters set on a line of its own, in MathML (the browser typesets it and
//! screen readers read it), grouped by chapter: one place to read them, and one test that each is
//! well formed and written once.

/// Chapter 1's formulas.
pub mod chapter1 {
    /// m/n = −ln p / (ln 2)²: the bits per item a filter needs for a false-positive rate p (derived
    /// in chapter 5).
    pub const BITS_PER_ITEM: &str = r#"<math display="block"><mrow><mfrac><mi>m</mi><mi>n</mi></mfrac><mo>=</mo><mfrac><mrow><mo>−</mo><mi>ln</mi><mi>p</mi></mrow><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mfrac></mrow></math>"#;
}

/// Chapter 3's formulas.
pub mod chapter3 {
    pub const FNV: &str = r#"<math display="block"><mrow><mi>h</mi><mo>←</mo><mo>(</mo><mi>h</mi><mo>⊕</mo><mi>b</mi><mo>)</mo><mo>·</mo><mi>P</mi><mspace width="0.5em"/><mo>mod</mo><mspace width="0.3em"/><msup><mn>2</mn><mn>64</mn></msup></mrow></math>"#;
    pub const DOUBLE: &str = r#"<math display="block"><mrow><msub><mi>g</mi><mi>i</mi></msub><mo>=</mo><mo>(</mo><msub><mi>h</mi><mn>1</mn></msub><mo>+</mo><mi>i</mi><mo>·</mo><msub><mi>h</mi><mn>2</mn></msub><mo>)</mo><mo>mod</mo><mi>m</mi><mo>,</mo><mspace width="0.5em"/><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>k</mi><mo>−</mo><mn>1</mn></mrow></math>"#;
    pub const REDUCE_BASE: &str = r#"<math display="block"><mrow><mi>a</mi><mo>=</mo><msub><mi>h</mi><mn>1</mn></msub><mspace width="0.3em"/><mo>mod</mo><mspace width="0.3em"/><mi>m</mi></mrow></math>"#;
    pub const REDUCE_STEP: &str = r#"<math display="block"><mrow><mi>b</mi><mo>=</mo><msub><mi>h</mi><mn>2</mn></msub><mspace width="0.3em"/><mo>mod</mo><mspace width="0.3em"/><mi>m</mi></mrow></math>"#;
    pub const REDUCE_INDEX: &str = r#"<math display="block"><mrow><msub><mi>g</mi><mi>i</mi></msub><mo>=</mo><mo>(</mo><mi>a</mi><mo>+</mo><mi>i</mi><mo>·</mo><mi>b</mi><mo>)</mo><mspace width="0.3em"/><mo>mod</mo><mspace width="0.3em"/><mi>m</mi></mrow></math>"#;
}

/// Chapter 4's formulas.
pub mod chapter4 {
    pub const MISS_ONE: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>g</mi><mo>≠</mo><mi>b</mi><mo>)</mo><mo>=</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac></mrow></math>"#;
    pub const MISS_ALL: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>0</mn><mo>)</mo><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup></mrow></math>"#;
    pub const SET: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>1</mn><mo>)</mo><mo>=</mo><mn>1</mn><mo>−</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup></mrow></math>"#;
    pub const LEMMA: &str = r#"<math display="block"><mrow><mi>p</mi><mo>≈</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
    pub const LIMIT: &str = r#"<math display="block"><mrow><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>=</mo><msup><mrow><mo>(</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mi>m</mi></msup><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>≈</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
    pub const APPROX: &str = r#"<math display="block"><mrow><mi>p</mi><mo>≈</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
    pub const EXACT: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><mi>E</mi><mo>[</mo><msup><mrow><mo>(</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow><mi>k</mi></msup><mo>]</mo><mo>=</mo><munderover><mo>∑</mo><mrow><mi>x</mi><mo>=</mo><mn>0</mn></mrow><mi>m</mi></munderover><mi>P</mi><mo>(</mo><mi>X</mi><mo>=</mo><mi>x</mi><mo>)</mo><mo>·</mo><msup><mrow><mo>(</mo><mfrac><mi>x</mi><mi>m</mi></mfrac><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
}

/// Chapter 5's formulas.
pub mod chapter5 {
    pub const RATE: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
    pub const LOG: &str = r#"<math display="block"><mrow><mi>g</mi><mo>=</mo><mi>ln</mi><mi>p</mi><mo>=</mo><mi>k</mi><mo>·</mo><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow></math>"#;
    pub const SUBSTITUTE: &str = r#"<math display="block"><mrow><mi>q</mi><mo>=</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mspace width="1em"/><mo>⟺</mo><mspace width="1em"/><mi>k</mi><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mi>q</mi></mrow></math>"#;
    pub const SYMMETRIC: &str = r#"<math display="block"><mrow><mi>g</mi><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mo>·</mo><mi>ln</mi><mi>q</mi><mo>·</mo><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mi>q</mi><mo>)</mo></mrow></math>"#;
    pub const HALF: &str = r#"<math display="block"><mrow><mi>q</mi><mo>=</mo><mn>1</mn><mo>−</mo><mi>q</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow></math>"#;
    pub const OPTIMAL_K: &str = r#"<math display="block"><mrow><msup><mi>k</mi><mo>*</mo></msup><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mfrac><mn>1</mn><mn>2</mn></mfrac><mo>=</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mn>2</mn></mrow></math>"#;
    pub const POWER: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><msup><mrow><mo>(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mo>)</mo></mrow><mi>k</mi></msup><mo>=</mo><msup><mrow><mo>(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mo>)</mo></mrow><mrow><mo>(</mo><mi>m</mi><mo>/</mo><mi>n</mi><mo>)</mo><mi>ln</mi><mn>2</mn></mrow></msup><mo>≈</mo><msup><mn>0.6185</mn><mrow><mi>m</mi><mo>/</mo><mi>n</mi></mrow></msup></mrow></math>"#;
    pub const SIZE_LOG: &str = r#"<math display="block"><mrow><mi>ln</mi><mi>p</mi><mo>=</mo><mi>k</mi><mo>·</mo><mi>ln</mi><mfrac><mn>1</mn><mn>2</mn></mfrac><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mrow></math>"#;
    pub const SIZE: &str = r#"<math display="block"><mrow><mi>m</mi><mo>=</mo><mo>−</mo><mfrac><mrow><mi>n</mi><mi>ln</mi><mi>p</mi></mrow><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mfrac></mrow></math>"#;
    pub const PER_ITEM: &str = r#"<math display="block"><mrow><mfrac><mi>m</mi><mi>n</mi></mfrac><mo>=</mo><mfrac><mrow><msub><mi>log</mi><mn>2</mn></msub><mo>(</mo><mn>1</mn><mo>/</mo><mi>p</mi><mo>)</mo></mrow><mrow><mi>ln</mi><mn>2</mn></mrow></mfrac><mo>≈</mo><mn>1.44</mn><mo>·</mo><msub><mi>log</mi><mn>2</mn></msub><mo>(</mo><mn>1</mn><mo>/</mo><mi>p</mi><mo>)</mo></mrow></math>"#;
}

/// Chapter 6's formulas.
pub mod chapter6 {
    pub const ZERO: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>0</mn><mo>)</mo><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>≈</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>=</mo><mi>q</mi></mrow></math>"#;
    pub const EXPECTED: &str = r#"<math display="block"><mrow><mi>E</mi><mo>[</mo><mi>Z</mi><mo>]</mo><mo>=</mo><mi>m</mi><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>≈</mo><mi>m</mi><mo>·</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
    pub const OBSERVED: &str = r#"<math display="block"><mrow><mi>m</mi><mo>−</mo><mi>X</mi><mo>≈</mo><mi>m</mi><mo>·</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
    pub const LOG: &str = r#"<math display="block"><mrow><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo><mo>≈</mo><mo>−</mo><mfrac><mrow><mi>k</mi><mi>n</mi></mrow><mi>m</mi></mfrac></mrow></math>"#;
    pub const ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;
    pub const INDEPENDENT: &str = r#"<math display="block"><mrow><mi>Var</mi><mo>(</mo><mi>Z</mi><mo>)</mo><mo>≈</mo><mi>m</mi><mo>·</mo><mi>q</mi><mo>(</mo><mn>1</mn><mo>−</mo><mi>q</mi><mo>)</mo></mrow></math>"#;
    pub const SLOPE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mfrac><mi>Z</mi><mi>m</mi></mfrac><mspace width="1em"/><mo>⇒</mo><mspace width="1em"/><mfrac><mrow><mi>d</mi><mover><mi>n</mi><mo>^</mo></mover></mrow><mrow><mi>d</mi><mi>Z</mi></mrow></mfrac><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mrow><mi>k</mi><mi>Z</mi></mrow></mfrac><mo>≈</mo><mo>−</mo><mfrac><mn>1</mn><mrow><mi>k</mi><mi>q</mi></mrow></mfrac></mrow></math>"#;
    pub const DELTA: &str = r#"<math display="block"><mrow><mi>Var</mi><mo>(</mo><mover><mi>n</mi><mo>^</mo></mover><mo>)</mo><mo>≈</mo><mfrac><mrow><mi>Var</mi><mo>(</mo><mi>Z</mi><mo>)</mo></mrow><msup><mrow><mo>(</mo><mi>k</mi><mi>q</mi><mo>)</mo></mrow><mn>2</mn></msup></mfrac><mo>=</mo><mfrac><mrow><mi>m</mi><mo>(</mo><mn>1</mn><mo>−</mo><mi>q</mi><mo>)</mo></mrow><mrow><msup><mi>k</mi><mn>2</mn></msup><mi>q</mi></mrow></mfrac></mrow></math>"#;
    pub const SD_INDEPENDENT: &str = r#"<math display="block"><mrow><mi>sd</mi><mo>(</mo><mover><mi>n</mi><mo>^</mo></mover><mo>)</mo><mo>≈</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><msqrt><mfrac><mrow><mn>1</mn><mo>−</mo><mi>q</mi></mrow><mrow><mi>m</mi><mi>q</mi></mrow></mfrac></msqrt><mo>=</mo><mfrac><mn>1</mn><mi>k</mi></mfrac><msqrt><mrow><mi>m</mi><mo>(</mo><msup><mi>e</mi><mrow><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>−</mo><mn>1</mn><mo>)</mo></mrow></msqrt></mrow></math>"#;
    pub const OCCUPANCY: &str = r#"<math display="block"><mrow><mi>Var</mi><mo>(</mo><mi>Z</mi><mo>)</mo><mo>≈</mo><mi>m</mi><mo>·</mo><mo>(</mo><mi>q</mi><mo>−</mo><mo>(</mo><mn>1</mn><mo>+</mo><mfrac><mrow><mi>k</mi><mi>n</mi></mrow><mi>m</mi></mfrac><mo>)</mo><msup><mi>q</mi><mn>2</mn></msup><mo>)</mo></mrow></math>"#;
    pub const SD: &str = r#"<math display="block"><mrow><mi>sd</mi><mo>(</mo><mover><mi>n</mi><mo>^</mo></mover><mo>)</mo><mo>≈</mo><mfrac><mn>1</mn><mi>k</mi></mfrac><msqrt><mrow><mi>m</mi><mo>(</mo><msup><mi>e</mi><mrow><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>−</mo><mn>1</mn><mo>−</mo><mfrac><mrow><mi>k</mi><mi>n</mi></mrow><mi>m</mi></mfrac><mo>)</mo></mrow></msqrt></mrow></math>"#;
}

/// Chapter 7's formulas.
pub mod chapter7 {
    pub const UPDATE: &str = r#"<math display="block"><mtable><mtr><mtd><mi>C</mi><mo>[</mo><msub><mi>g</mi><mi>i</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo><mo>←</mo><mi>C</mi><mo>[</mo><msub><mi>g</mi><mi>i</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo><mo>+</mo><mn>1</mn></mtd></mtr><mtr><mtd><mi>C</mi><mo>[</mo><msub><mi>g</mi><mi>i</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo><mo>←</mo><mi>C</mi><mo>[</mo><msub><mi>g</mi><mi>i</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo><mo>−</mo><mn>1</mn></mtd></mtr><mtr><mtd><munder><mi>min</mi><mi>i</mi></munder><mi>C</mi><mo>[</mo><msub><mi>g</mi><mi>i</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo><mo>&gt;</mo><mn>0</mn></mtd></mtr></mtable></math>"#;
    pub const BINOMIAL: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><msub><mi>C</mi><mi>j</mi></msub><mo>≥</mo><mi>i</mi><mo>)</mo><mo>≤</mo><mrow><mo>(</mo><mfrac linethickness="0"><mrow><mi>n</mi><mi>k</mi></mrow><mi>i</mi></mfrac><mo>)</mo></mrow><msup><mrow><mo>(</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mi>i</mi></msup></mrow></math>"#;
    pub const STIRLING: &str = r#"<math display="block"><mrow><mo>≤</mo><msup><mrow><mo>(</mo><mfrac><mrow><mi>e</mi><mi>n</mi><mi>k</mi></mrow><mrow><mi>i</mi><mi>m</mi></mrow></mfrac><mo>)</mo></mrow><mi>i</mi></msup></mrow></math>"#;
    pub const OPTIMAL: &str = r#"<math display="block"><mrow><mo>=</mo><msup><mrow><mo>(</mo><mfrac><mrow><mi>e</mi><mi>ln</mi><mn>2</mn></mrow><mi>i</mi></mfrac><mo>)</mo></mrow><mi>i</mi></msup><mo>,</mo><mspace width="1em"/><mi>k</mi><mo>=</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mn>2</mn></mrow></math>"#;
    pub const UNION: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><munder><mi>max</mi><mi>j</mi></munder><msub><mi>C</mi><mi>j</mi></msub><mo>≥</mo><mi>i</mi><mo>)</mo><mo>≤</mo><mi>m</mi><mo>·</mo><msup><mrow><mo>(</mo><mfrac><mrow><mi>e</mi><mi>ln</mi><mn>2</mn></mrow><mi>i</mi></mfrac><mo>)</mo></mrow><mi>i</mi></msup></mrow></math>"#;
    pub const COUNT_MIN: &str = r#"<math display="block"><mtable><mtr><mtd><mover><mi>f</mi><mo>^</mo></mover><mo>(</mo><mi>x</mi><mo>)</mo><mo>=</mo><munder><mi>min</mi><mi>r</mi></munder><mi>C</mi><mo>[</mo><mi>r</mi><mo>]</mo><mo>[</mo><msub><mi>g</mi><mi>r</mi></msub><mo>(</mo><mi>x</mi><mo>)</mo><mo>]</mo></mtd></mtr><mtr><mtd><mi>f</mi><mo>(</mo><mi>x</mi><mo>)</mo><mo>≤</mo><mover><mi>f</mi><mo>^</mo></mover><mo>(</mo><mi>x</mi><mo>)</mo><mo>,</mo><mspace width="1em"/><mi>P</mi><mo>(</mo><mover><mi>f</mi><mo>^</mo></mover><mo>(</mo><mi>x</mi><mo>)</mo><mo>≤</mo><mi>f</mi><mo>(</mo><mi>x</mi><mo>)</mo><mo>+</mo><mi>ε</mi><mi>N</mi><mo>)</mo><mo>≥</mo><mn>1</mn><mo>−</mo><mi>δ</mi></mtd></mtr><mtr><mtd><mi>w</mi><mo>=</mo><mo>⌈</mo><mi>e</mi><mo>/</mo><mi>ε</mi><mo>⌉</mo><mo>,</mo><mspace width="1em"/><mi>d</mi><mo>=</mo><mo>⌈</mo><mi>ln</mi><mo>(</mo><mn>1</mn><mo>/</mo><mi>δ</mi><mo>)</mo><mo>⌉</mo></mtd></mtr></mtable></math>"#;
}

/// Chapter 9's formulas.
pub mod chapter9 {
    pub const ANY_SLICE: &str = r#"<math display="block"><mrow><mi>P</mi><mo>=</mo><mn>1</mn><mo>−</mo><munderover><mo>∏</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>l</mi><mo>−</mo><mn>1</mn></mrow></munderover><mo>(</mo><mn>1</mn><mo>−</mo><msub><mi>p</mi><mn>0</mn></msub><msup><mi>r</mi><mi>i</mi></msup><mo>)</mo></mrow></math>"#;
    pub const UNION_BOUND: &str = r#"<math display="block"><mrow><mi>P</mi><mo>≤</mo><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>l</mi><mo>−</mo><mn>1</mn></mrow></munderover><msub><mi>p</mi><mn>0</mn></msub><msup><mi>r</mi><mi>i</mi></msup></mrow></math>"#;
    pub const ALL_SLICES: &str = r#"<math display="block"><mrow><mi>P</mi><mo>&lt;</mo><msub><mi>p</mi><mn>0</mn></msub><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mi>∞</mi></munderover><msup><mi>r</mi><mi>i</mi></msup></mrow></math>"#;
    pub const GEOMETRIC: &str = r#"<math display="block"><mrow><mi>P</mi><mo>&lt;</mo><mfrac><msub><mi>p</mi><mn>0</mn></msub><mrow><mn>1</mn><mo>−</mo><mi>r</mi></mrow></mfrac></mrow></math>"#;
}

/// Chapter 10's formulas.
pub mod chapter10 {
    pub const PARTITIONED: &str = r#"<math display="block"><mrow><msub><mi>P</mi><mi>part</mi></msub><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>k</mi><mi>m</mi></mfrac><mo>)</mo></mrow><mi>n</mi></msup><mo>)</mo></mrow><mi>k</mi></msup><mo>≥</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
    pub const OR_AND: &str = r#"<math display="block"><mtable><mtr><mtd><mi>F</mi><mo>(</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>)</mo><mo>=</mo><mi>F</mi><mo>(</mo><mi>A</mi><mo>)</mo><mspace width="0.3em"/><mtext>OR</mtext><mspace width="0.3em"/><mi>F</mi><mo>(</mo><mi>B</mi><mo>)</mo><mo>,</mo></mtd></mtr><mtr><mtd><mi>F</mi><mo>(</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>)</mo><mo>⊆</mo><mi>F</mi><mo>(</mo><mi>A</mi><mo>)</mo><mspace width="0.3em"/><mtext>AND</mtext><mspace width="0.3em"/><mi>F</mi><mo>(</mo><mi>B</mi><mo>)</mo></mtd></mtr></mtable></math>"#;
    pub const ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><mi>X</mi><mo>)</mo><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;
    pub const UNION_SIZE: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>|</mo><mo>≈</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mrow><mi>A</mi><mspace width="0.2em"/><mtext>OR</mtext><mspace width="0.2em"/><mi>B</mi></mrow></msub><mo>)</mo></mrow></math>"#;
    pub const INCLUSION_EXCLUSION: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>|</mo><mo>=</mo><mo>|</mo><mi>A</mi><mo>|</mo><mo>+</mo><mo>|</mo><mi>B</mi><mo>|</mo><mo>−</mo><mo>|</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>|</mo></mrow></math>"#;
    pub const INTERSECTION_SIZE: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>|</mo><mo>≈</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mi>A</mi></msub><mo>)</mo><mo>+</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mi>B</mi></msub><mo>)</mo><mo>−</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mrow><mi>A</mi><mspace width="0.2em"/><mtext>OR</mtext><mspace width="0.2em"/><mi>B</mi></mrow></msub><mo>)</mo></mrow></math>"#;
}

/// Chapter 12's formulas.
pub mod chapter12 {
    /// A blocked filter's rate (Putze, Sanders and Singler): the one-block rate averaged over the
    /// Poisson load of a block, λ = nB/m keys on average.
    pub const BLOCKED_RATE: &str = r#"<math display="block"><mrow><msub><mi>p</mi><mi>blocked</mi></msub><mo>=</mo><munderover><mo>∑</mo><mrow><mi>j</mi><mo>=</mo><mn>0</mn></mrow><mi>∞</mi></munderover><mfrac><mrow><msup><mi>λ</mi><mi>j</mi></msup><msup><mi>e</mi><mrow><mo>−</mo><mi>λ</mi></mrow></msup></mrow><mrow><mi>j</mi><mo>!</mo></mrow></mfrac><mo>·</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>j</mi><mo>/</mo><mi>B</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup><mo>,</mo><mspace width="1em"/><mi>λ</mi><mo>=</mo><mfrac><mrow><mi>n</mi><mi>B</mi></mrow><mi>m</mi></mfrac></mrow></math>"#;
    /// The Parquet spec's bits per distinct value for a rate p: c = −8 / ln(1 − p^(1/8)).
    pub const SPEC_BITS: &str = r#"<math display="block"><mrow><mi>c</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mn>8</mn></mrow><mrow><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>p</mi><mrow><mn>1</mn><mo>/</mo><mn>8</mn></mrow></msup><mo>)</mo></mrow></mfrac></mrow></math>"#;
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    /// The elements the formulas may use, with how many children each must have (`None`: any).
    const ELEMENTS: &[(&str, Option<usize>)] = &[
        ("math", Some(1)),
        ("mrow", None),
        ("mtable", None),
        ("mtr", None),
        ("mtd", None),
        ("msqrt", None),
        ("mfrac", Some(2)),
        ("msup", Some(2)),
        ("msub", Some(2)),
        ("mover", Some(2)),
        ("munder", Some(2)),
        ("munderover", Some(3)),
        ("mspace", Some(0)),
    ];
    /// The elements that hold text, and only text.
    const TOKENS: &[&str] = &["mi", "mo", "mn", "mtext"];

    /// Every formula's text, as this file writes it.
    fn formulas() -> Vec<&'static str> {
        let source = include_str!("formulas.rs");
        // The formulas, not this test's own examples.
        let (formulas, _) = source.split_once("#[cfg(").unwrap_or((source, ""));
        formulas
            .split("r#\"")
            .skip(1)
            .filter_map(|piece| piece.split_once("\"#").map(|(formula, _)| formula))
            .filter(|formula| formula.starts_with("<math"))
            .collect()
    }

    /// What is wrong with `formula` as MathML, if anything: an element not in the lists, a tag
    /// closed out of order, a child count a layout element cannot have, text outside a token or a
    /// token without text, a bare `&`.
    fn problem(formula: &str) -> Option<String> {
        // Open elements, each with the children seen so far.
        let mut open: Vec<(&str, usize)> = Vec::new();
        let mut rest = formula;
        let mut roots = 0;
        while !rest.is_empty() {
            let Some(tag_at) = rest.find('<') else {
                return Some(format!("text after the last tag: {rest}"));
            };
            let (text, tail) = rest.split_at(tag_at);
            let in_token = open.last().is_some_and(|(name, _)| TOKENS.contains(name));
            if !text.is_empty() && !in_token {
                return Some(format!("text outside a token: {text}"));
            }
            if text.replace("&lt;", "").replace("&gt;", "").contains('&') {
                return Some(format!("a bare & in {text}"));
            }
            let end = tail.find('>')?;
            let tag = &tail[1..end];
            rest = &tail[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let (opened, children) = open.pop()?;
                if opened != name {
                    return Some(format!("</{name}> closes <{opened}>"));
                }
                let wanted = ELEMENTS.iter().find(|(element, _)| *element == name);
                if let Some((_, Some(count))) = wanted {
                    if children != *count {
                        return Some(format!("<{name}> has {children} children, not {count}"));
                    }
                }
                if TOKENS.contains(&name) && text.is_empty() {
                    return Some(format!("an empty <{name}>"));
                }
                continue;
            }
            let name = tag.split([' ', '/']).next().unwrap_or_default();
            if !TOKENS.contains(&name) && !ELEMENTS.iter().any(|(element, _)| *element == name) {
                return Some(format!("<{name}> is not among the elements used"));
            }
            match open.last_mut() {
                Some((parent, _)) if TOKENS.contains(parent) => {
                    return Some(format!("<{name}> inside <{parent}>"))
                }
                Some((_, children)) => *children += 1,
                None => roots += 1,
            }
            if !tag.ends_with('/') {
                open.push((name, 0));
            }
        }
        if roots != 1 || !open.is_empty() {
            return Some(format!("{roots} roots, {} left open", open.len()));
        }
        None
    }

    #[test]
    fn every_formula_is_well_formed_block_mathml() {
        let formulas = formulas();
        assert!(formulas.len() >= 50, "{} formulas", formulas.len());
        for formula in &formulas {
            assert!(
                formula.starts_with(r#"<math display="block">"#),
                "{formula}"
            );
            assert_eq!(problem(formula), None, "{formula}");
        }
    }

    #[test]
    fn each_formula_is_written_once() {
        let formulas = formulas();
        for (i, formula) in formulas.iter().enumerate() {
            assert!(!formulas[..i].contains(formula), "twice: {formula}");
        }
    }

    #[test]
    fn the_check_finds_what_breaks_a_formula() {
        let good =
            r#"<math display="block"><mrow><mfrac><mi>m</mi><mi>n</mi></mfrac></mrow></math>"#;
        assert_eq!(problem(good), None);
        for (bad, says) in [
            (good.replace("<mi>n</mi>", ""), "1 children, not 2"),
            (good.replace("</mrow>", "</mfrac>"), "closes"),
            (good.replace("<mi>m</mi>", "<mi></mi>"), "an empty <mi>"),
            (good.replace("<mi>m</mi>", "<mi>m &amp; n</mi>"), "a bare &"),
            (good.replace("<mrow>", "<mrow>x"), "text outside a token"),
            (good.replace("mfrac", "mfraction"), "not among"),
            (good.replace("</math>", ""), "left open"),
        ] {
            let found = problem(&bad).unwrap_or_default();
            assert!(found.contains(says), "{bad}: {found:?}, wanted {says:?}");
        }
    }
}
