//! Every word the page shows, keyed by message id, in English, Simplified Chinese and Japanese: each
//! message is one line with its three texts, so none can be forgotten. Templates name their blanks
//! (`{item}`, `{bits}`), and [`fill`] puts the values in, so each language orders them as it needs.

use crate::bloom::hashing::HashScheme;

/// A language the page can be shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    English,
    /// 简体中文.
    Chinese,
    /// 日本語.
    Japanese,
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 3] = [Lang::English, Lang::Chinese, Lang::Japanese];

    /// The BCP 47 code, for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh-Hans",
            Lang::Japanese => "ja",
        }
    }

    /// The short form used in links (`lang=zh`).
    pub fn param(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh",
            Lang::Japanese => "ja",
        }
    }

    /// The language of a link parameter or a browser language tag (`zh-CN`, `ja-JP`, `en-GB`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::English),
            "zh" => Some(Lang::Chinese),
            "ja" => Some(Lang::Japanese),
            _ => None,
        }
    }

    /// The language's name in itself, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Chinese => "简体中文",
            Lang::Japanese => "日本語",
        }
    }

    /// The text of `msg` in this language.
    pub fn text(self, msg: Msg) -> &'static str {
        match self {
            Lang::English => english(msg),
            Lang::Chinese => chinese(msg),
            Lang::Japanese => japanese(msg),
        }
    }

    /// Numbers joined for reading: "3, 17 and 31", "3、17 和 31", "3、17、31".
    pub fn list(self, numbers: &[u32]) -> String {
        let (separator, last) = (
            self.text(Msg::ListSeparator),
            self.text(Msg::ListLastSeparator),
        );
        match numbers {
            [] => String::new(),
            [only] => only.to_string(),
            [rest @ .., final_number] => {
                let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
                format!("{}{last}{final_number}", rest.join(separator))
            }
        }
    }

    /// The text of `msg` with its `{name}` blanks filled from `args`.
    pub fn fill(self, msg: Msg, args: &[(&str, &str)]) -> String {
        fill(self.text(msg), args)
    }
}

/// The name of a hash scheme, as the selector lists it.
pub fn scheme_name(scheme: HashScheme) -> Msg {
    match scheme {
        HashScheme::DoubleHashing => Msg::SchemeDouble,
        HashScheme::EnhancedDoubleHashing => Msg::SchemeEnhanced,
        HashScheme::Independent => Msg::SchemeIndependent,
        HashScheme::Murmur128Split => Msg::SchemeMurmur128,
    }
}

/// The one-line formula of a hash scheme.
pub fn scheme_formula(scheme: HashScheme) -> Msg {
    match scheme {
        HashScheme::DoubleHashing => Msg::SchemeFormulaDouble,
        HashScheme::EnhancedDoubleHashing => Msg::SchemeFormulaEnhanced,
        HashScheme::Independent => Msg::SchemeFormulaIndependent,
        HashScheme::Murmur128Split => Msg::SchemeFormulaMurmur128,
    }
}

/// Replaces each `{name}` in `template` with its value from `args`; unknown blanks are left as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(key, _)| *key == name) {
                    Some((_, value)) => out.push_str(value),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

macro_rules! messages {
    ($($id:ident => [$english:expr, $chinese:expr, $japanese:expr],)*) => {
        /// A message id: one piece of text the page shows.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Msg { $(#[allow(missing_docs)] $id,)* }

        impl Msg {
            /// Every message id, for checking that each table is complete.
            pub const ALL: &'static [Msg] = &[$(Msg::$id,)*];
        }

        fn english(msg: Msg) -> &'static str {
            match msg { $(Msg::$id => $english,)* }
        }

        fn chinese(msg: Msg) -> &'static str {
            match msg { $(Msg::$id => $chinese,)* }
        }

        fn japanese(msg: Msg) -> &'static str {
            match msg { $(Msg::$id => $japanese,)* }
        }
    };
}

messages! {
    SiteTitle => ["Bloom filters, interactively", "布隆过滤器，动手学", "ブルームフィルタを手で動かして学ぶ"],
    NavLabel => ["Site", "站点", "サイト"],
    NavLearn => ["Tutorial", "教程", "チュートリアル"],
    LearnContents => ["Contents", "目录", "目次"],
    LearnProgress => ["Chapter {i} of {n}", "第 {i} 章，共 {n} 章", "第 {i} 章 / 全 {n} 章"],
    LearnPrevious => ["Previous: {title}", "上一章：{title}", "前の章：{title}"],
    LearnNext => ["Next: {title}", "下一章：{title}", "次の章：{title}"],
    LearnPager => ["Previous and next chapter", "上一章和下一章", "前後の章"],
    LearnCheck => ["Check yourself", "自我检测", "確認問題"],
    LearnShowAnswer => ["Show the answer", "显示答案", "答えを見る"],
    LearnTry => ["Try it", "动手试试", "試してみよう"],
    EstimateAdd => ["Add 10 words", "添加 10 个词", "単語を 10 個追加"],
    EstimateReset => ["Start again", "重新开始", "最初から"],
    EstimateTrue => ["true n", "真实 n", "本当の n"],
    EstimateBits => ["X, bits set", "X，为 1 的位数", "X、1 のビット数"],
    EstimateGuess => ["n̂ from the bits", "由位估计的 n̂", "ビットから推定した n̂"],
    EstimateCaption => ["m = {m}, k = {k}: the estimate after each group of ten words", "m = {m}、k = {k}：每添加十个词后的估计值", "m = {m}、k = {k}：10 語ごとの推定値"],
    NavPlayground => ["Playground", "演练场", "プレイグラウンド"],
    NavCalculator => ["Calculator", "计算器", "計算機"],
    SkipToContent => ["Skip to the content", "跳到正文", "本文へスキップ"],
    NotFoundTitle => ["There is no page here", "这里没有页面", "このページはありません"],
    NotFoundBody => ["The link may be mistyped. The playground is one click away.", "链接可能有误。演练场就在一键之外。", "リンクが間違っているかもしれません。プレイグラウンドはワンクリックで開けます。"],
    FooterText => ["Runs entirely in your browser: nothing you type leaves this page.", "全部在浏览器中运行：你输入的任何内容都不会离开本页。", "すべてブラウザの中で動きます。入力した内容がこのページの外に出ることはありません。"],

    PlaygroundTitle => ["Playground", "演练场", "プレイグラウンド"],
    PlaygroundIntro => ["A Bloom filter is an array of m bits and k hash functions. Inserting an item sets the k bits its hashes point to; a query checks those bits. A 0 means “definitely not inserted”; all 1s means “probably inserted” — and sometimes that is a false positive.", "布隆过滤器由 m 位的位数组和 k 个哈希函数组成。插入一个元素，就把它的哈希值指向的 k 位置为 1；查询则检查这些位。只要有一位是 0，就“一定没有插入过”；全部为 1 则表示“可能插入过”——有时这就是一次误判。", "ブルームフィルタは m ビットの配列と k 個のハッシュ関数でできています。要素を挿入すると、そのハッシュ値が指す k 個のビットを 1 にします。問い合わせではそのビットを調べます。0 が一つでもあれば「確実に挿入されていない」、すべて 1 なら「おそらく挿入済み」——ときにそれは偽陽性です。"],

    ItemLabel => ["Item", "元素", "要素"],
    ItemPlaceholder => ["Type a word, e.g. apple", "输入一个词，例如 apple", "単語を入力（例：apple）"],
    ItemHint => ["Enter inserts. Any text works: emoji, 中文,日本語.", "按 Enter 插入。任何文本都可以：emoji、中文、日本語。", "Enter で挿入。どんなテキストでも使えます：絵文字、中文、日本語。"],
    InsertButton => ["Insert", "插入", "挿入"],
    QueryButton => ["Query", "查询", "問い合わせ"],
    ResetButton => ["Reset", "重置", "リセット"],
    RandomWordsButton => ["Add 10 random words", "添加 10 个随机词", "ランダムな単語を 10 個追加"],
    SeedLabel => ["Seed", "种子", "シード"],
    SeedHint => ["Same seed, same words.", "同一个种子，得到同样的词。", "同じシードなら同じ単語になります。"],
    BitsLabel => ["m (bits)", "m（位数）", "m（ビット数）"],
    HashesLabel => ["k (hash functions)", "k（哈希函数个数）", "k（ハッシュ関数の数）"],
    ParamsHint => ["Press Enter or leave the field to apply. The items stay; the filter is rebuilt from them.", "按 Enter 或离开输入框即可生效。元素保留不变，过滤器会用它们重新构建。", "Enter を押すか入力欄を離れると反映されます。要素はそのままで、フィルタはそれらから作り直されます。"],

    ErrorEmptyNumber => ["Type a whole number from {min} to {max}. Still using {name} = {current}.", "请输入 {min} 到 {max} 之间的整数。仍在使用 {name} = {current}。", "{min} から {max} までの整数を入力してください。引き続き {name} = {current} を使います。"],
    ErrorNotWholeNumber => ["That is not a whole number. Type one from {min} to {max}. Still using {name} = {current}.", "这不是整数。请输入 {min} 到 {max} 之间的整数。仍在使用 {name} = {current}。", "整数ではありません。{min} から {max} までの整数を入力してください。引き続き {name} = {current} を使います。"],
    ErrorOutOfRange => ["{value} is out of range: {name} must be from {min} to {max}. Still using {name} = {current}.", "{value} 超出范围：{name} 必须在 {min} 到 {max} 之间。仍在使用 {name} = {current}。", "{value} は範囲外です：{name} は {min} から {max} まででなければなりません。引き続き {name} = {current} を使います。"],

    OutcomeHeading => ["What just happened", "刚刚发生了什么", "いま起きたこと"],
    OutcomeIdle => ["Nothing yet. Type an item and press Insert or Query.", "还没有操作。输入一个元素，然后点“插入”或“查询”。", "まだ何もしていません。要素を入力して「挿入」か「問い合わせ」を押してください。"],
    InsertedNew => ["Inserted “{item}”: set bits {indexes}.", "已插入“{item}”：置位 {indexes}。", "「{item}」を挿入しました：ビット {indexes} を立てました。"],
    InsertedNewBits => ["Newly set: {bits}.", "新置为 1 的位：{bits}。", "新たに 1 になったビット：{bits}。"],
    InsertedNoNewBits => ["Every one of those bits was already 1, so the array did not change.", "这些位原本都已是 1，所以位数组没有变化。", "これらのビットはすでにすべて 1 だったので、配列は変わりませんでした。"],
    InsertedSomeAlreadySet => ["Already 1 before: {bits}.", "原本已是 1：{bits}。", "もともと 1 だったビット：{bits}。"],
    InsertedDuplicate => ["“{item}” was already inserted, so nothing changed. It has now been inserted {times} times; n counts distinct items and stays {n}.", "“{item}”已经插入过，所以什么都没变。它现在共插入了 {times} 次；n 只计不同的元素，仍为 {n}。", "「{item}」はすでに挿入済みなので、何も変わりません。これで {times} 回挿入されました。n は異なる要素だけを数えるので {n} のままです。"],
    RefusedBlank => ["Nothing to insert: the text is empty or only spaces. Type a word first.", "没有可插入的内容：文本为空或只有空格。请先输入一个词。", "挿入するものがありません：テキストが空か空白だけです。まず単語を入力してください。"],
    RefusedTooLong => ["That text is {size}, more than the {limit} the playground accepts. Nothing was inserted.", "这段文本有 {size}，超过演练场接受的 {limit}。没有插入任何内容。", "このテキストは {size} あり、プレイグラウンドが受け付ける {limit} を超えています。何も挿入していません。"],
    RefusedQueryBlank => ["Nothing to query: the text is empty or only spaces.", "没有可查询的内容：文本为空或只有空格。", "問い合わせるものがありません：テキストが空か空白だけです。"],
    AddedWords => ["Added {count} words with seed {seed}: {words}.", "用种子 {seed} 添加了 {count} 个词：{words}。", "シード {seed} で {count} 個の単語を追加しました：{words}。"],
    AddedWordsDuplicates => ["{count} of them were already in the set.", "其中 {count} 个已经在集合中。", "そのうち {count} 個はすでに集合にありました。"],
    ResetDone => ["Reset: {count} items removed and every bit set back to 0.", "已重置：移除了 {count} 个元素，所有位都恢复为 0。", "リセットしました：{count} 個の要素を取り除き、すべてのビットを 0 に戻しました。"],
    Undone => ["Undone: back to the filter before the last change.", "已撤销：回到上一次更改之前的过滤器。", "元に戻しました：直前の変更の前のフィルタです。"],
    Redone => ["Redone: the change is back.", "已重做：更改恢复了。", "やり直しました：変更が戻りました。"],
    UndoButton => ["Undo", "撤销", "元に戻す"],
    RedoButton => ["Redo", "重做", "やり直す"],
    Rebuilt => ["Rebuilt the filter with m = {m} and k = {k} ({scheme}) from the same {n} items.", "已用同样的 {n} 个元素，以 m = {m}、k = {k}（{scheme}）重建过滤器。", "同じ {n} 個の要素から、m = {m}、k = {k}（{scheme}）でフィルタを作り直しました。"],

    VerdictBadgeAbsent => ["✗ Absent", "✗ 不在集合中", "✗ 含まれない"],
    VerdictBadgePresent => ["✓ Present", "✓ 在集合中", "✓ 含まれる"],
    VerdictBadgeFalsePositive => ["! False positive", "! 误判", "! 偽陽性"],
    VerdictAbsent => ["Definitely not in the set: {bits} 0. An inserted item would have set every one of its bits.", "一定不在集合中：{bits} 0。插入过的元素会把自己的每一位都置为 1。", "確実に集合に含まれません：{bits} 0 です。挿入された要素なら、自分のビットをすべて 1 にしているはずです。"],
    VerdictAbsentQuery => ["Query “{item}”: probed bits {indexes}.", "查询“{item}”：检查了第 {indexes} 位。", "「{item}」を問い合わせ：ビット {indexes} を調べました。"],
    VerdictBitIs => ["bit {bits} is", "第 {bits} 位为", "ビット {bits} が"],
    VerdictBitsAre => ["bits {bits} are", "第 {bits} 位为", "ビット {bits} が"],
    VerdictPresent => ["In the set (it was inserted): all {k} of its bits are 1.", "在集合中（插入过）：它的 {k} 位全部为 1。", "集合に含まれます（挿入済み）：{k} 個のビットがすべて 1 です。"],
    VerdictFalsePositive => ["All {k} bits are set, yet “{item}” was never inserted: a false positive.", "{k} 位全部为 1，可“{item}”从未插入过：这是一次误判。", "{k} 個のビットがすべて 1 なのに、「{item}」は一度も挿入されていません：偽陽性です。"],
    ProvenanceHeading => ["Who set those bits", "这些位是谁置的", "これらのビットを立てた要素"],
    ProvenanceRow => ["bit {bit} ← {items}", "第 {bit} 位 ← {items}", "ビット {bit} ← {items}"],

    ArrayHeading => ["The bit array", "位数组", "ビット配列"],
    ArrayLabel => ["Bit array: {m} bits, {x} set. Arrow keys move between bits.", "位数组：共 {m} 位，{x} 位为 1。用方向键在各位之间移动。", "ビット配列：{m} ビット中 {x} ビットが 1。矢印キーでビット間を移動します。"],
    ArrayLegend => ["Filled cells are 1. Outlined cells with a numbered badge are the current item’s bits (badge i = hash g_i). “new” marks bits the last insert set.", "实心格表示 1。带编号徽标的描边格是当前元素的位（徽标 i 对应哈希 g_i）。“新”标出上一次插入新置的位。", "塗られたマスが 1 です。番号バッジ付きの枠のマスは現在の要素のビット（バッジ i はハッシュ g_i）。「新」は直前の挿入で立ったビットです。"],
    BitLabelPrefix => ["Bit ", "第 ", "ビット "],
    BitLabelProbe => [", probed by hash row {rows}", "，由第 {rows} 行哈希检查", "、ハッシュ行 {rows} が調べる"],
    BitNew => ["new", "新", "新"],
    BitDetailHint => ["Hover over or focus a bit to see which items set it.", "把鼠标移到某一位上或聚焦它，就能看到是哪些元素置的。", "ビットにマウスを乗せるかフォーカスすると、それを立てた要素がわかります。"],
    BitDetailSetBy => ["Bit {index} is 1, set by: {items}.", "第 {index} 位为 1，由这些元素置位：{items}。", "ビット {index} は 1 で、立てた要素：{items}。"],
    BitDetailUnset => ["Bit {index} is 0: no inserted item hashes to it.", "第 {index} 位为 0：没有任何已插入的元素哈希到这里。", "ビット {index} は 0 です：ここにハッシュされる挿入済みの要素はありません。"],

    WorkingsHeading => ["The current item, worked out", "当前元素的计算过程", "現在の要素の計算"],
    WorkingsEmpty => ["Type something in the Item field to see its bytes, hashes and bit indexes.", "在“元素”框中输入内容，即可看到它的字节、哈希值和位下标。", "「要素」欄に入力すると、そのバイト列・ハッシュ値・ビット番号が表示されます。"],
    WorkingsBytes => ["UTF-8 bytes ({count})", "UTF-8 字节（{count}）", "UTF-8 バイト列（{count}）"],
    WorkingsMoreBytes => ["… and {count} more bytes", "……另有 {count} 个字节", "…ほか {count} バイト"],
    WorkingsFnv => ["FNV-1a 64", "FNV-1a 64", "FNV-1a 64"],
    WorkingsMurmur => ["MurmurHash3 x86_32, seed 0", "MurmurHash3 x86_32，种子 0", "MurmurHash3 x86_32、シード 0"],
    WorkingsModulo => ["mod {m} = {value}", "mod {m} = {value}", "mod {m} = {value}"],
    WorkingsRowsHeading => ["Bit indexes", "位下标", "ビット番号"],
    WorkingsDuplicateIndexes => ["Some indexes repeat: this item really uses fewer than k distinct bits.", "有些下标重复：这个元素实际用到的不同位少于 k 个。", "重複する番号があります：この要素が実際に使う異なるビットは k 個より少なくなります。"],

    StatsHeading => ["Statistics", "统计", "統計"],
    StatItems => ["n, distinct items", "n，不同元素数", "n、異なる要素の数"],
    StatItemsNote => ["{insertions} inserts in all; duplicates are not counted twice", "共插入 {insertions} 次；重复插入不重复计数", "挿入は合計 {insertions} 回。重複は二重に数えません"],
    StatSetBits => ["X, bits set", "X，为 1 的位数", "X、1 のビット数"],
    StatSetBitsValue => ["{x} of {m}", "{x} / {m}", "{x} / {m}"],
    StatFill => ["Fill ratio X/m", "填充率 X/m", "充填率 X/m"],
    StatFpr => ["False-positive probability now, (X/m)^k", "当前误判率，(X/m)^k", "現在の偽陽性率、(X/m)^k"],
    StatFprOneIn => ["about 1 in {n}", "约 {n} 次中 1 次", "約 {n} 回に 1 回"],
    StatExpected => ["Formula for this n, (1 − e^(−kn/m))^k", "按公式（此 n），(1 − e^(−kn/m))^k", "この n での公式値、(1 − e^(−kn/m))^k"],
    StatEstimate => ["Estimated n from the bits, −(m/k)·ln(1 − X/m)", "由位估计的 n，−(m/k)·ln(1 − X/m)", "ビットから推定した n、−(m/k)·ln(1 − X/m)"],
    StatEstimateFull => ["∞ — every bit is 1, so the bits can no longer tell how many items went in", "∞ —— 每一位都是 1，位数组已无法告诉我们插入了多少元素", "∞ —— すべてのビットが 1 なので、いくつ挿入されたかはもうビットからはわかりません"],

    SchemeLabel => ["Hash scheme", "哈希方案", "ハッシュ方式"],
    SchemeDouble => ["Double hashing (Kirsch–Mitzenmacher)", "双重哈希（Kirsch–Mitzenmacher）", "ダブルハッシュ（Kirsch–Mitzenmacher）"],
    SchemeEnhanced => ["Enhanced double hashing (Dillinger–Manolios)", "增强双重哈希（Dillinger–Manolios）", "拡張ダブルハッシュ（Dillinger–Manolios）"],
    SchemeIndependent => ["k independent seeded MurmurHash3", "k 个独立的带种子 MurmurHash3", "シード付き MurmurHash3 を k 個独立に"],
    SchemeMurmur128 => ["MurmurHash3 x64_128, split in two halves", "MurmurHash3 x64_128，拆成两半", "MurmurHash3 x64_128 を二つに分割"],
    SchemeFormulaDouble => ["gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m for i = 0 … k − 1, with h₁ = FNV-1a 64 and h₂ = MurmurHash3.", "gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m，i = 0 … k − 1，其中 h₁ = FNV-1a 64，h₂ = MurmurHash3。", "gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m（i = 0 … k − 1）。h₁ = FNV-1a 64、h₂ = MurmurHash3。"],
    SchemeFormulaEnhanced => ["g₀ = x = h₁ mod m and y = h₂ mod m; then for each next i: x = (x + y) mod m, y = (y + i) mod m, gᵢ = x. The growing step keeps the indexes apart even when h₂ mod m = 0.", "g₀ = x = h₁ mod m，y = h₂ mod m；之后每个 i：x = (x + y) mod m，y = (y + i) mod m，gᵢ = x。步长不断增长，即使 h₂ mod m = 0，下标也会分开。", "g₀ = x = h₁ mod m、y = h₂ mod m。以後の各 i で x = (x + y) mod m、y = (y + i) mod m、gᵢ = x。増えていく歩幅のおかげで、h₂ mod m = 0 のときも番号がばらけます。"],
    SchemeFormulaIndependent => ["gᵢ = MurmurHash3(bytes, seed i) mod m: k separate hashes, the ideal double hashing approximates.", "gᵢ = MurmurHash3(字节, 种子 i) mod m：k 个独立的哈希，双重哈希所逼近的理想情形。", "gᵢ = MurmurHash3(バイト列, シード i) mod m：k 個の別々のハッシュ。ダブルハッシュが近似する理想です。"],
    SchemeFormulaMurmur128 => ["One MurmurHash3 x64_128 of the bytes, split into h₁ (low 64 bits) and h₂ (high 64 bits); then gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m.", "对字节计算一次 MurmurHash3 x64_128，拆成 h₁（低 64 位）和 h₂（高 64 位）；然后 gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m。", "バイト列の MurmurHash3 x64_128 を一度計算し、h₁（下位 64 ビット）と h₂（上位 64 ビット）に分けます。その後 gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m。"],
    WorkingsMurmur128 => ["MurmurHash3 x64_128, seed 0", "MurmurHash3 x64_128，种子 0", "MurmurHash3 x64_128、シード 0"],

    ChartHeading => ["False-positive rate as items go in", "误判率随插入增长", "挿入とともに変わる偽陽性率"],
    ChartTitle => ["False-positive rate against n for m = {m}, k = {k}", "m = {m}、k = {k} 时误判率与 n 的关系", "m = {m}、k = {k} での偽陽性率と n の関係"],
    ChartAxisItems => ["n, items inserted", "n，已插入元素数", "n、挿入した要素数"],
    ChartAxisRate => ["false-positive rate", "误判率", "偽陽性率"],
    ChartLogToggle => ["Log scale", "对数坐标", "対数目盛"],
    ChartLegendApprox => ["Approximate (1 − e^(−kn/m))^k", "近似式 (1 − e^(−kn/m))^k", "近似式 (1 − e^(−kn/m))^k"],
    ChartLegendClassic => ["Classic (1 − (1 − 1/m)^(kn))^k", "经典式 (1 − (1 − 1/m)^(kn))^k", "古典式 (1 − (1 − 1/m)^(kn))^k"],
    ChartLegendExact => ["Exact E[(X/m)^k]", "精确值 E[(X/m)^k]", "厳密値 E[(X/m)^k]"],
    ChartLegendFill => ["This filter: (X/m)^k after each item", "本过滤器：每次插入后的 (X/m)^k", "このフィルタ：各挿入後の (X/m)^k"],
    ChartLegendMeasured => ["Measured on {probes} never-inserted strings (95% interval)", "在 {probes} 个从未插入的字符串上实测（95% 区间）", "一度も挿入していない {probes} 個の文字列で実測（95% 区間）"],
    ChartCurrentN => ["n = {n}", "n = {n}", "n = {n}"],
    ChartSummary => ["At n = {n}: approximate {approx}, classic {classic}, exact {exact}; this filter’s (X/m)^k is {fill} and {probes} probe strings measured {measured}.", "n = {n} 时：近似 {approx}，经典 {classic}，精确 {exact}；本过滤器的 (X/m)^k 为 {fill}，{probes} 个探测字符串实测 {measured}。", "n = {n} のとき：近似 {approx}、古典 {classic}、厳密 {exact}。このフィルタの (X/m)^k は {fill}、{probes} 個の探査文字列での実測は {measured}。"],
    ChartWhyExact => ["Why does the exact curve sit above the others when m is small? Both formulas put the average number of set bits into (X/m)^k, but that function curves upward, so fluctuations in X raise its average (Jensen’s inequality) — the exact rate averages over them; as m grows X varies less and the three curves meet.", "为什么 m 较小时精确曲线高于其他两条？两个公式都把置位数的平均值代入 (X/m)^k，而这个函数是向上弯的，X 的波动会抬高它的平均值（詹森不等式）——精确值正是对这些波动求平均；m 越大，X 的波动越小，三条曲线也就重合了。", "m が小さいとき、厳密な曲線がほかより上にあるのはなぜでしょう。二つの公式はどちらも立ったビット数の平均を (X/m)^k に代入しますが、この関数は下に凸なので X の揺らぎが平均を押し上げます（イェンセンの不等式）。厳密値はその揺らぎまで平均したもので、m が大きくなると X の揺らぎが小さくなり、三つの曲線は重なります。"],
    ChartTableSummary => ["The chart as a table", "以表格查看图表", "グラフを表で見る"],
    ChartTableItems => ["n", "n", "n"],
    ReadoutsHeading => ["Rates at the current n", "当前 n 下的各项比率", "現在の n での値"],
    ReadoutApprox => ["Approximate", "近似", "近似"],
    ReadoutClassic => ["Classic", "经典", "古典"],
    ReadoutExact => ["Exact", "精确", "厳密"],
    ReadoutFill => ["This filter, (X/m)^k", "本过滤器，(X/m)^k", "このフィルタ、(X/m)^k"],
    ReadoutMeasured => ["Measured", "实测", "実測"],
    ReadoutMeasuredDetail => ["{positives} of {probes} probes; 95% interval {low} – {high}", "{probes} 个探测中 {positives} 个；95% 区间 {low} – {high}", "{probes} 個の探査のうち {positives} 個、95% 区間 {low} – {high}"],

    CompareButton => ["Compare schemes", "比较各方案", "方式を比較"],
    CompareHint => ["Runs random trials of every hash scheme at this m and k for about a second and plots each scheme’s average measured rate.", "在当前 m 和 k 下，对每种哈希方案运行约一秒的随机试验，并画出各方案的平均实测误判率。", "現在の m と k で各ハッシュ方式のランダム試行を約 1 秒行い、方式ごとの平均実測率を描きます。"],
    CompareRunning => ["Running trials… {trials} so far.", "正在试验……已完成 {trials} 次。", "試行中… これまで {trials} 回。"],
    CompareDone => ["{trials} trials per scheme: {probes} probe strings per point.", "每种方案 {trials} 次试验：每个点 {probes} 个探测字符串。", "方式ごとに {trials} 回の試行：各点で {probes} 個の探査文字列。"],
    CompareAt => ["At n = {n}: {rates}; exact {exact}.", "n = {n} 时：{rates}；精确值 {exact}。", "n = {n} のとき：{rates}。厳密値 {exact}。"],
    CompareLegend => ["Measured: {scheme}", "实测：{scheme}", "実測：{scheme}"],
    CompareNote => ["Plain double hashing drifts above the exact curve at small m and large k: when h₂ mod m shares a factor with m, an item’s k indexes cycle over only a few bits. Try m = 1024, k = 16 with the log scale.", "m 小而 k 大时，普通双重哈希会偏离到精确曲线之上：当 h₂ mod m 与 m 有公因子时，元素的 k 个下标只在少数几位之间循环。试试 m = 1024、k = 16，并打开对数坐标。", "m が小さく k が大きいと、素朴なダブルハッシュは厳密な曲線より上にずれます：h₂ mod m が m と公約数を持つと、要素の k 個の番号が少数のビットを巡回するだけになるからです。m = 1024、k = 16 で対数目盛にしてみてください。"],

    OptimalHeading => ["Choosing k", "如何选 k", "k の選び方"],
    OptimalEmpty => ["Insert some items: the best k depends on how many there are.", "请先插入一些元素：最佳 k 取决于元素的数量。", "まず要素を挿入してください：最適な k は要素の数で決まります。"],
    OptimalChartTitle => ["False-positive rate against k for m = {m}, n = {n}", "m = {m}、n = {n} 时误判率与 k 的关系", "m = {m}、n = {n} での偽陽性率と k の関係"],
    OptimalAxisK => ["k, hash functions", "k，哈希函数个数", "k、ハッシュ関数の数"],
    OptimalReal => ["Real optimum k* = (m/n)·ln 2 = {value}", "实数最优值 k* = (m/n)·ln 2 = {value}", "実数の最適値 k* = (m/n)·ln 2 = {value}"],
    OptimalBest => ["Best whole k by the exact rate: {k} (rate {rate})", "按精确误判率的最佳整数 k：{k}（误判率 {rate}）", "厳密な率で最良の整数 k：{k}（率 {rate}）"],
    OptimalDiffer => ["They differ: rounding k* does not always give the k with the lowest exact rate, because the rate is not symmetric around its minimum and small m shifts it.", "两者不同：把 k* 取整并不总能得到精确误判率最低的 k，因为误判率在最小值两侧并不对称，m 较小时最小值还会偏移。", "両者は異なります：k* を丸めても厳密な率が最小の k になるとは限りません。率は最小値の左右で対称ではなく、m が小さいと最小値もずれるからです。"],
    OptimalAgree => ["Here rounding k* gives the same k.", "这里把 k* 取整得到的正是同一个 k。", "ここでは k* を丸めると同じ k になります。"],
    OptimalUse => ["Use k = {k}", "使用 k = {k}", "k = {k} を使う"],
    OptimalCapped => ["The playground allows k up to 16.", "演练场中 k 最大为 16。", "プレイグラウンドの k は 16 までです。"],
    OptimalCurrent => ["You are using k = {k}.", "当前使用的是 k = {k}。", "現在 k = {k} を使っています。"],

    CalcTitle => ["Sizing calculator", "容量计算器", "サイズ計算機"],
    CalcIntro => ["Fill in what you know and leave the rest blank: the calculator solves for what is missing and shows the formula it used. Any two of n, p and m are enough; add k to fix the number of hash functions.", "填写已知的量，其余留空：计算器会求出缺少的量，并给出所用的公式。n、p、m 中任意两个就够了；再填 k 可以固定哈希函数个数。", "わかっている値を入れ、残りは空欄に：計算機が足りない値を求め、使った式を示します。n・p・m のうち二つあれば十分です。k を入れるとハッシュ関数の数を固定できます。"],
    CalcItemsLabel => ["n — expected items", "n —— 预计元素数", "n —— 想定する要素数"],
    CalcItemsHint => ["e.g. 1e6, 1,000,000 or 1M", "例如 1e6、1,000,000 或 1M", "例：1e6、1,000,000、1M"],
    CalcRateLabel => ["p — false-positive rate", "p —— 误判率", "p —— 偽陽性率"],
    CalcRateHint => ["e.g. 0.001, 0.1% or 1 in 1000", "例如 0.001、0.1% 或 1 in 1000", "例：0.001、0.1%、1 in 1000"],
    CalcBitsLabel => ["m — bits", "m —— 位数", "m —— ビット数"],
    CalcBitsHint => ["bits (28755176) or a size: 1MiB, 64KiB, 1.5GB, 8Mb (B = bytes, b = bits)", "位数（28755176）或容量：1MiB、64KiB、1.5GB、8Mb（B = 字节，b = 位）", "ビット数（28755176）またはサイズ：1MiB、64KiB、1.5GB、8Mb（B = バイト、b = ビット）"],
    CalcHashesLabel => ["k — hash functions", "k —— 哈希函数个数", "k —— ハッシュ関数の数"],
    CalcHashesHint => ["a whole number; leave blank for the best k", "整数；留空则取最佳 k", "整数。空欄なら最適な k"],
    CalcErrorEmpty => ["Type a value or leave the field blank.", "请输入一个值，或把该栏留空。", "値を入力するか、空欄にしてください。"],
    CalcErrorNotANumber => ["“{text}” is not a number this calculator reads. {hint}", "计算器读不懂“{text}”这个数。{hint}", "「{text}」はこの計算機が読める数ではありません。{hint}"],
    CalcErrorUnit => ["“{unit}” is not a unit it knows. {hint}", "不认识单位“{unit}”。{hint}", "「{unit}」は知らない単位です。{hint}"],
    CalcErrorNegative => ["{name} cannot be negative.", "{name} 不能为负数。", "{name} は負にできません。"],
    CalcErrorZero => ["{name} must be more than zero.", "{name} 必须大于零。", "{name} は 0 より大きくなければなりません。"],
    CalcErrorNotWhole => ["{name} must be a whole number.", "{name} 必须是整数。", "{name} は整数でなければなりません。"],
    CalcErrorRateTooHigh => ["p must be below 1 (100%): a filter that always says “maybe” needs no bits.", "p 必须小于 1（100%）：总是回答“可能”的过滤器根本不需要任何位。", "p は 1（100%）未満でなければなりません：いつも「たぶん」と答えるフィルタにビットは要りません。"],
    CalcErrorTooLarge => ["That is more than this calculator handles.", "超出了本计算器能处理的范围。", "この計算機で扱える範囲を超えています。"],
    CalcTooFew => ["Give at least two of n, p and m (k alone fixes nothing).", "请至少给出 n、p、m 中的两个（只有 k 什么也决定不了）。", "n・p・m のうち少なくとも二つを入れてください（k だけでは何も決まりません）。"],
    CalcNoAnswer => ["These values have no finite answer — for example, that p cannot be reached with this k.", "这些值没有有限的解——例如，用这个 k 无法达到这个 p。", "この値には有限の答えがありません——たとえばこの k ではその p に届きません。"],
    CalcStale => ["Showing the last answer; fix the field marked above to update it.", "显示的是上一次的结果；修正上面标出的输入框后即可更新。", "前回の答えを表示しています。上で示した欄を直すと更新されます。"],
    CalcResultHeading => ["Result", "结果", "結果"],
    CalcResultItems => ["n, items", "n，元素数", "n、要素数"],
    CalcResultRate => ["p, false-positive rate", "p，误判率", "p、偽陽性率"],
    CalcResultBits => ["m, bits", "m，位数", "m、ビット数"],
    CalcResultHashes => ["k, hash functions", "k，哈希函数个数", "k、ハッシュ関数の数"],
    CalcResultBytes => ["Memory", "内存", "メモリ"],
    CalcResultPerItem => ["Bits per item", "每个元素的位数", "要素あたりのビット数"],
    CalcOneIn => ["1 in {n}", "{n} 次中 1 次", "{n} 回に 1 回"],
    CalcBytesExact => ["{n} bytes", "{n} 字节", "{n} バイト"],
    CalcTargetMissed => ["Rounding k to a whole number lands a hair above the target {target}; {bits} bits (+{extra}) meet it with k = {k}.", "把 k 取整后，误判率略高于目标 {target}；用 {bits} 位（多 {extra} 位）、k = {k} 即可达到目标。", "k を整数に丸めたため、目標 {target} をわずかに上回ります。{bits} ビット（+{extra}）なら k = {k} で目標を満たします。"],
    CalcHowHeading => ["How", "怎么算的", "計算のしかた"],
    CalcFormulaBits => ["m = ⌈−n·ln p / (ln 2)²⌉ = ⌈−{n} × ln {p} / 0.480453⌉ = {m}", "m = ⌈−n·ln p / (ln 2)²⌉ = ⌈−{n} × ln {p} / 0.480453⌉ = {m}", "m = ⌈−n·ln p / (ln 2)²⌉ = ⌈−{n} × ln {p} / 0.480453⌉ = {m}"],
    CalcFormulaHashes => ["k = max(1, round((m/n)·ln 2)) = round({m} / {n} × 0.693147) = {k}", "k = max(1, round((m/n)·ln 2)) = round({m} / {n} × 0.693147) = {k}", "k = max(1, round((m/n)·ln 2)) = round({m} / {n} × 0.693147) = {k}"],
    CalcFormulaRate => ["p = (1 − e^(−kn/m))^k = (1 − e^(−{k} × {n} / {m}))^{k} = {p}", "p = (1 − e^(−kn/m))^k = (1 − e^(−{k} × {n} / {m}))^{k} = {p}", "p = (1 − e^(−kn/m))^k = (1 − e^(−{k} × {n} / {m}))^{k} = {p}"],
    CalcFormulaCapacity => ["n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉ = ⌈{m} / (−{k} / ln(1 − e^(ln {p} / {k})))⌉ = {n}", "n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉ = ⌈{m} / (−{k} / ln(1 − e^(ln {p} / {k})))⌉ = {n}", "n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉ = ⌈{m} / (−{k} / ln(1 − e^(ln {p} / {k})))⌉ = {n}"],
    CalcFormulaBitsFixedK => ["With k = {k} fixed: m = ⌈−k·n / ln(1 − p^(1/k))⌉ = ⌈−{k} × {n} / ln(1 − {p}^(1/{k}))⌉ = {m}", "固定 k = {k}：m = ⌈−k·n / ln(1 − p^(1/k))⌉ = ⌈−{k} × {n} / ln(1 − {p}^(1/{k}))⌉ = {m}", "k = {k} に固定：m = ⌈−k·n / ln(1 − p^(1/k))⌉ = ⌈−{k} × {n} / ln(1 − {p}^(1/{k}))⌉ = {m}"],
    CalcFormulaHashesForRate => ["k = round(log₂(1/p)) = round(log₂(1/{p})) = {k}", "k = round(log₂(1/p)) = round(log₂(1/{p})) = {k}", "k = round(log₂(1/p)) = round(log₂(1/{p})) = {k}"],
    CalcFormulaCheck => ["All four given: with n = {n}, m = {m} and k = {k} the rate is {p} (target {target}).", "四个量都已给出：n = {n}、m = {m}、k = {k} 时误判率为 {p}（目标 {target}）。", "四つとも与えられています：n = {n}、m = {m}、k = {k} での率は {p}（目標 {target}）。"],
    CalcMemoryHeading => ["Memory against n at p = {p}", "p = {p} 时内存随 n 的变化", "p = {p} でのメモリと n の関係"],
    CalcMemoryAxisItems => ["n, items", "n，元素数", "n、要素数"],
    CalcMemoryDesc => ["Memory grows in proportion to n: {per_item} bits per item at p = {p}. At n = {n} it is {size}.", "内存与 n 成正比：p = {p} 时每个元素 {per_item} 位。n = {n} 时为 {size}。", "メモリは n に比例します：p = {p} で要素あたり {per_item} ビット。n = {n} では {size}。"],

    SizingHeading => ["The sizing table", "容量对照表", "サイズ早見表"],
    SizingIntro => ["Bits (m) and hash functions (k) for five set sizes at three false-positive rates, each with its memory. The optimal k depends only on p: 13, 17 and 23 here. Select a cell to load it into the calculator.", "五种集合大小、三种误判率下所需的位数（m）和哈希函数个数（k），以及各自的内存。最优 k 只取决于 p：这里分别是 13、17 和 23。点一个格子即可把它载入计算器。", "五つの集合サイズと三つの偽陽性率について、ビット数（m）・ハッシュ関数の数（k）・メモリを示します。最適な k は p だけで決まり、ここでは 13、17、23 です。セルを選ぶと計算機に読み込みます。"],
    SizingCell => ["m = {m}, k = {k}, {size}", "m = {m}，k = {k}，{size}", "m = {m}、k = {k}、{size}"],
    SizingItems => ["n", "n", "n"],
    SizingTableLabel => ["m, k and memory for each n and p (scrolls sideways on small screens)", "各 n 和 p 下的 m、k 与内存（小屏幕上可横向滚动）", "各 n と p での m・k・メモリ（小さな画面では横にスクロール）"],
    BestTableLabel => ["Bits per item, best k and rate (scrolls)", "每个元素的位数、最佳 k 与误判率（可滚动）", "要素あたりビット数・最適な k・率（スクロール可）"],

    BestHeading => ["Best-practice lookup table", "最佳实践查找表", "ベストプラクティス表"],
    BestIntro => ["For a whole number of bits per item, the k with the lowest rate (1 − e^(−k/(m/n)))^k — the kind of precomputed table ClickHouse uses for its Bloom filter skip indexes. The highlighted row is the first that reaches the current p.", "对每个整数的“每元素位数”，给出使 (1 − e^(−k/(m/n)))^k 最低的 k——ClickHouse 的布隆过滤器跳数索引用的就是这类预先算好的表。高亮的行是第一个达到当前 p 的行。", "要素あたりのビット数（整数）ごとに、(1 − e^(−k/(m/n)))^k を最小にする k を示します——ClickHouse がブルームフィルタのスキップインデックスに使う、あらかじめ計算した表と同じ種類のものです。強調した行が、現在の p に届く最初の行です。"],
    BestBitsPerItem => ["bits per item, m/n", "每元素位数 m/n", "要素あたりビット数 m/n"],
    BestHashes => ["best k", "最佳 k", "最適な k"],
    BestRate => ["false-positive rate", "误判率", "偽陽性率"],
    BestCurrent => ["For p = {p}: at least {b} bits per item with k = {k} (rate {rate}).", "p = {p} 时：每个元素至少 {b} 位，k = {k}（误判率 {rate}）。", "p = {p} なら：要素あたり少なくとも {b} ビット、k = {k}（率 {rate}）。"],
    BestNone => ["No row in the table reaches p = {p}; it needs more than {b} bits per item.", "表中没有一行能达到 p = {p}；需要每个元素超过 {b} 位。", "表のどの行も p = {p} に届きません。要素あたり {b} ビットより多く必要です。"],

    UrlsHeading => ["“One billion URLs at 0.01% in 18 MB?”", "“十亿个 URL、0.01% 误判率，只要 18 MB？”", "「10 億個の URL を 0.01% で、18 MB に？」"],
    UrlsClaim => ["A web-crawler article claims a Bloom filter holds a billion URLs at a 0.01% false-positive rate in 18 MB. The calculator says: m = {m} bits ≈ {size}.", "一篇网络爬虫文章声称，布隆过滤器能用 18 MB 以 0.01% 的误判率存下十亿个 URL。计算器的答案是：m = {m} 位 ≈ {size}。", "あるクローラの記事は、ブルームフィルタなら 10 億個の URL を偽陽性率 0.01% で 18 MB に収められると書いています。計算機の答えは m = {m} ビット ≈ {size} です。"],
    UrlsWhy => ["18 MB is only {claim_bits} bits — {claim_per_item} bits per URL — while 0.01% needs {per_item} bits per URL whatever the URLs are, so the claim is about {factor} times too small (likely a slip between bits, bytes and a lost factor of 1,000).", "18 MB 只有 {claim_bits} 位——每个 URL {claim_per_item} 位——而 0.01% 无论 URL 是什么都需要每个 URL {per_item} 位，所以这个说法大约小了 {factor} 倍（多半是把位和字节弄混，又丢了一个 1000 的因子）。", "18 MB はたった {claim_bits} ビット——URL あたり {claim_per_item} ビット——ですが、0.01% には URL の中身に関係なく URL あたり {per_item} ビットが必要です。つまりこの主張は約 {factor} 倍小さすぎます（ビットとバイトの取り違えと、1,000 倍の見落としでしょう）。"],
    UrlsExact => ["Still, {size} beats storing the URLs themselves: an exact set of 10⁹ URLs at 60–100 bytes each is 60–100 GB.", "不过 {size} 仍远胜直接存储这些 URL：10⁹ 个 URL、每个 60–100 字节的精确集合要 60–100 GB。", "それでも {size} は URL そのものを保存するよりずっと小さいのです：1 個 60〜100 バイトの URL 10⁹ 個を正確に持つ集合は 60〜100 GB になります。"],
    UrlsLoad => ["Load n = 10⁹, p = 0.01%", "载入 n = 10⁹，p = 0.01%", "n = 10⁹、p = 0.01% を読み込む"],

    IgnoredTitle => ["Some parts of this link could not be used and were ignored:", "这个链接中有些部分无法使用，已被忽略：", "このリンクの一部は使えなかったため無視しました："],
    IgnoredBits => ["m = “{value}”: m must be a whole number from {range}, so the default was used", "m = “{value}”：m 必须是 {range} 之间的整数，因此使用了默认值", "m = 「{value}」：m は {range} の整数でなければならないため、既定値を使いました"],
    IgnoredHashes => ["k = “{value}”: k must be a whole number from {range}, so the default was used", "k = “{value}”：k 必须是 {range} 之间的整数，因此使用了默认值", "k = 「{value}」：k は {range} の整数でなければならないため、既定値を使いました"],
    IgnoredScheme => ["scheme = “{value}”: no such hash scheme, so double hashing was used", "scheme = “{value}”：没有这种哈希方案，因此使用了双重哈希", "scheme = 「{value}」：そのようなハッシュ方式はないため、ダブルハッシュを使いました"],
    IgnoredBlankItems => ["{count} empty item(s)", "{count} 个空元素", "空の要素 {count} 個"],
    IgnoredUnreadableItems => ["{count} item(s) that are not valid UTF-8 text", "{count} 个不是有效 UTF-8 文本的元素", "有効な UTF-8 テキストでない要素 {count} 個"],
    IgnoredLongItems => ["{count} item(s) longer than {limit}", "{count} 个超过 {limit} 的元素", "{limit} を超える要素 {count} 個"],
    IgnoredTooManyItems => ["{count} item(s) past the first {limit}", "前 {limit} 个之后的 {count} 个元素", "最初の {limit} 個を超えた要素 {count} 個"],
    IgnoredCompact => ["the compact item list (z) could not be decoded", "压缩的元素列表（z）无法解码", "圧縮した要素リスト（z）を復号できませんでした"],
    IgnoredUnknown => ["the unknown parameter “{key}”", "未知参数“{key}”", "不明なパラメータ「{key}」"],
    IgnoredDismiss => ["Dismiss", "关闭", "閉じる"],

    ShareHeading => ["Share this filter", "分享这个过滤器", "このフィルタを共有"],
    ShareCopy => ["Copy link", "复制链接", "リンクをコピー"],
    ShareFieldLabel => ["Link that restores this exact filter", "能恢复这个过滤器的链接", "このフィルタをそのまま復元するリンク"],
    ShareHint => ["The link restores m, k, the hash scheme and every item, in order, in any browser. The address bar always holds it too.", "这个链接能在任何浏览器中按顺序恢复 m、k、哈希方案和每一个元素。地址栏里也始终保存着它。", "このリンクはどのブラウザでも m・k・ハッシュ方式とすべての要素を順番どおりに復元します。アドレスバーにも常に入っています。"],
    ShareStillLong => ["Even compact it is long: a chat app or server may cut it. This browser keeps the state regardless.", "即使压缩后仍然很长：聊天应用或服务器可能会截断它。不过本浏览器会一直保存当前状态。", "圧縮してもまだ長く、チャットアプリやサーバーで切れるかもしれません。このブラウザは状態をそのまま保存しています。"],
    ShareCopied => ["Copied to the clipboard.", "已复制到剪贴板。", "クリップボードにコピーしました。"],
    ShareFailed => ["The browser would not copy; select the link above and copy it yourself.", "浏览器不允许复制；请选中上面的链接自行复制。", "ブラウザがコピーを許しませんでした。上のリンクを選択してコピーしてください。"],
    ShareCompact => ["The full link would be {plain} — over the 8 kB some servers and apps cut — so this is its compact form ({compact}): the items compressed into one parameter.", "完整链接将有 {plain}——超过某些服务器和应用会截断的 8 kB——所以这里给出压缩形式（{compact}）：元素被压缩进一个参数。", "完全なリンクは {plain} になり、一部のサーバーやアプリが切り詰める 8 kB を超えます。そのため圧縮形式（{compact}）にしました：要素を一つのパラメータに圧縮しています。"],

    PresenterOn => ["Presenter mode", "演示模式", "プレゼンモード"],
    PresenterHint => ["Larger type for a projector (p)", "为投影仪放大字号（p）", "プロジェクター向けに文字を大きく（p）"],
    KeysTitle => ["Keyboard shortcuts", "键盘快捷键", "キーボードショートカット"],
    KeysNote => ["Shortcuts never act while you type in a field; press Esc or Tab out of it first.", "在输入框中打字时快捷键不会生效；请先按 Esc 或 Tab 离开输入框。", "入力欄で文字を打っている間はショートカットは働きません。先に Esc か Tab で入力欄を離れてください。"],
    KeysClose => ["Close", "关闭", "閉じる"],
    KeyFocusItem => ["Jump to the item field", "跳到元素输入框", "要素の入力欄へ移動"],
    KeyHelp => ["Show this list", "显示此列表", "この一覧を表示"],
    KeyPrevious => ["Previous step (while stepping through)", "上一步（逐步演示时）", "前のステップ（ステップ実行中）"],
    KeyNext => ["Next step (while stepping through)", "下一步（逐步演示时）", "次のステップ（ステップ実行中）"],
    KeyPresenter => ["Presenter mode on or off", "开关演示模式", "プレゼンモードの切り替え"],
    KeyReset => ["Reset the filter (u undoes it)", "重置过滤器（按 u 可撤销）", "フィルタをリセット（u で元に戻せます）"],
    KeyUndo => ["Undo the last change", "撤销上一次更改", "直前の変更を元に戻す"],
    KeyRedo => ["Redo", "重做", "やり直す"],
    KeyClose => ["Close this list, or stop stepping", "关闭此列表，或停止逐步演示", "この一覧を閉じる、またはステップ実行を止める"],

    StepInsertButton => ["Step through insert", "逐步演示插入", "挿入をステップ実行"],
    StepQueryButton => ["Step through query", "逐步演示查询", "問い合わせをステップ実行"],
    StepCountInsert => ["Inserting, step {i} of {n}", "插入中，第 {i} 步 / 共 {n} 步", "挿入中：ステップ {i} / {n}"],
    StepCountQuery => ["Querying, step {i} of {n}", "查询中，第 {i} 步 / 共 {n} 步", "問い合わせ中：ステップ {i} / {n}"],
    StepTextTitle => ["The text", "文本", "テキスト"],
    StepText => ["We start from the text “{item}” ({chars} characters).", "我们从文本“{item}”（{chars} 个字符）开始。", "テキスト「{item}」（{chars} 文字）から始めます。"],
    StepBytesTitle => ["Its UTF-8 bytes", "它的 UTF-8 字节", "その UTF-8 バイト列"],
    StepBytes => ["{count} bytes. The hash functions read these bytes, not the characters.", "共 {count} 个字节。哈希函数读取的是这些字节，而不是字符。", "{count} バイト。ハッシュ関数が読むのは文字ではなくこのバイト列です。"],
    StepFnvTitle => ["First hash: FNV-1a 64", "第一个哈希：FNV-1a 64", "一つ目のハッシュ：FNV-1a 64"],
    StepFnvStart => ["Start from the offset basis {basis}. For each byte: XOR the byte in, then multiply by the prime {prime} (keeping 64 bits).", "从偏移基数 {basis} 开始。对每个字节：先与该字节做异或，再乘以素数 {prime}（保留 64 位）。", "オフセット基数 {basis} から始めます。各バイトについて、そのバイトと XOR をとり、素数 {prime} を掛けます（64 ビットに収めます）。"],
    StepFnvRound => ["byte {byte}: XOR → {xor}, × prime → {product}", "字节 {byte}：异或 → {xor}，× 素数 → {product}", "バイト {byte}：XOR → {xor}、× 素数 → {product}"],
    StepFnvEnd => ["… after all {count} bytes: h₁ = {hash}", "……处理完全部 {count} 个字节后：h₁ = {hash}", "…{count} バイトすべてを処理すると：h₁ = {hash}"],
    StepSecondTitle => ["Second hash", "第二个哈希", "二つ目のハッシュ"],
    StepIndependent => ["{k} MurmurHash3 x86_32 hashes with seeds 0, 1, 2, …", "{k} 个种子分别为 0、1、2……的 MurmurHash3 x86_32 哈希", "シード 0、1、2… の MurmurHash3 x86_32 ハッシュを {k} 個"],
    StepIndexTitle => ["Index g{i}", "下标 g{i}", "番号 g{i}"],
    StepSetsBit => ["Bit {bit} is 0, so the insert sets it to 1.", "第 {bit} 位是 0，插入会把它置为 1。", "ビット {bit} は 0 なので、挿入で 1 にします。"],
    StepBitAlreadySet => ["Bit {bit} is already 1; it stays 1.", "第 {bit} 位已经是 1，保持不变。", "ビット {bit} はすでに 1 で、そのままです。"],
    StepBitIsOne => ["Bit {bit} is 1.", "第 {bit} 位是 1。", "ビット {bit} は 1 です。"],
    StepBitIsZero => ["Bit {bit} is 0 — this alone proves the item was never inserted.", "第 {bit} 位是 0——仅此一点就证明该元素从未插入过。", "ビット {bit} は 0 です——これだけで、その要素が挿入されていないことがわかります。"],
    StepResultTitle => ["Result", "结果", "結果"],
    StepInsertDone => ["Inserted: bits {bits} are new. n is now {n}.", "已插入：第 {bits} 位是新置的。n 现在为 {n}。", "挿入しました：ビット {bits} が新たに立ちました。n は {n} になりました。"],
    StepInsertNothingNew => ["Inserted, but every bit was already 1: the array did not change. n is {n}.", "已插入，但每一位原本都是 1：位数组没有变化。n 为 {n}。", "挿入しましたが、どのビットもすでに 1 でした：配列は変わりません。n は {n} です。"],
    StepQueryAbsent => ["Definitely not in the set: bits {bits} are 0.", "一定不在集合中：第 {bits} 位为 0。", "確実に集合に含まれません：ビット {bits} が 0 です。"],
    StepQueryPresent => ["All bits are 1 and the item was inserted: in the set.", "所有位都是 1，且该元素插入过：在集合中。", "すべてのビットが 1 で、要素は挿入済み：集合に含まれます。"],
    StepQueryFalsePositive => ["All bits are 1, yet the item was never inserted: a false positive.", "所有位都是 1，可该元素从未插入过：这是一次误判。", "すべてのビットが 1 なのに、要素は一度も挿入されていません：偽陽性です。"],
    StepPrevious => ["Previous", "上一步", "前へ"],
    StepNext => ["Next", "下一步", "次へ"],
    StepStop => ["Stop", "停止", "中止"],
    StepClose => ["Close", "关闭", "閉じる"],
    StepKeys => ["← and → step; Esc stops.", "← 和 → 逐步前进或后退；Esc 停止。", "← と → で進む・戻る。Esc で中止。"],

    EmbedHeading => ["Embed in a web page", "嵌入到网页中", "ウェブページに埋め込む"],
    EmbedWidgetLabel => ["Widget", "组件", "ウィジェット"],
    EmbedWidgetPlayground => ["Bloom filter playground", "布隆过滤器演练场", "ブルームフィルタ・プレイグラウンド"],
    EmbedWidgetChart => ["Bloom filter false-positive chart", "布隆过滤器误判率图表", "ブルームフィルタの偽陽性率グラフ"],
    EmbedWidgetCalculator => ["Bloom filter sizing calculator", "布隆过滤器容量计算器", "ブルームフィルタのサイズ計算機"],
    EmbedThemeLabel => ["Theme", "主题", "テーマ"],
    EmbedThemeAuto => ["Follow the reader’s system", "跟随读者的系统设置", "読者のシステム設定に従う"],
    EmbedThemeLight => ["Light", "浅色", "ライト"],
    EmbedThemeDark => ["Dark", "深色", "ダーク"],
    EmbedReadOnly => ["Read-only (no controls; the current items stay)", "只读（不显示控件；保留当前元素）", "読み取り専用（操作部品なし、現在の要素はそのまま）"],
    EmbedCodeLabel => ["Paste this into your page", "把这段代码粘贴到你的网页中", "このコードをページに貼り付けてください"],
    EmbedCopy => ["Copy code", "复制代码", "コードをコピー"],
    EmbedHint => ["The frame shows the current state. Its script lets the frame take the height the widget reports; the widget loads everything from this site and sends nothing anywhere else.", "框架中显示的是当前状态。其中的脚本让框架采用组件报告的高度；组件的一切都从本站加载，也不会向任何其他地方发送数据。", "フレームには現在の状態が表示されます。スクリプトはウィジェットが知らせる高さをフレームに反映します。ウィジェットはすべてこのサイトから読み込み、ほかのどこにも何も送りません。"],
    EmbedPreview => ["Preview", "预览", "プレビュー"],

    ExportSvg => ["Download SVG", "下载 SVG", "SVG をダウンロード"],
    ExportPng => ["Download PNG", "下载 PNG", "PNG をダウンロード"],
    ExportArrayPng => ["Download the bit array as PNG", "把位数组下载为 PNG", "ビット配列を PNG でダウンロード"],

    ItemsHeading => ["Inserted items", "已插入的元素", "挿入した要素"],
    ItemsEmpty => ["No items yet.", "还没有元素。", "まだ要素はありません。"],
    ItemsTimes => ["×{times}", "×{times}", "×{times}"],
    ItemsCount => ["{n} distinct", "{n} 个不同元素", "異なる要素 {n} 個"],
    LanguageLabel => ["Language", "语言", "言語"],
    ListSeparator => [", ", "、", "、"],
    ListLastSeparator => [" and ", " 和 ", "、"],
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_named_blanks() {
        assert_eq!(
            fill("bit {bit} of {m}", &[("bit", "3"), ("m", "32")]),
            "bit 3 of 32"
        );
        assert_eq!(fill("{a}{a}", &[("a", "x")]), "xx");
        assert_eq!(fill("keep {unknown} and {", &[]), "keep {unknown} and {");
    }

    #[test]
    fn values_are_not_reinterpreted() {
        // A value that looks like a blank stays as typed.
        assert_eq!(fill("“{item}”", &[("item", "{item}")]), "“{item}”");
    }

    /// The `{names}` a template uses, sorted.
    fn blanks(template: &str) -> Vec<&str> {
        let mut names: Vec<&str> = template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    #[test]
    fn every_message_has_all_three_translations_with_the_same_blanks() {
        for &msg in Msg::ALL {
            let english = Lang::English.text(msg);
            for lang in Lang::ALL {
                let text = lang.text(msg);
                // A separator may be only spaces; everything else must say something.
                if !matches!(msg, Msg::ListSeparator | Msg::ListLastSeparator) {
                    assert!(!text.trim().is_empty(), "{msg:?} in {lang:?}");
                }
                assert_eq!(blanks(text), blanks(english), "{msg:?} in {lang:?}");
            }
        }
    }

    #[test]
    fn translations_are_really_translated() {
        let same = |lang: Lang| {
            Msg::ALL
                .iter()
                .filter(|&&msg| lang.text(msg) == Lang::English.text(msg))
                .count()
        };
        // Formulas, symbols and names stay as they are; everything else differs.
        assert!(
            same(Lang::Chinese) < 25,
            "{} untranslated",
            same(Lang::Chinese)
        );
        assert!(
            same(Lang::Japanese) < 25,
            "{} untranslated",
            same(Lang::Japanese)
        );
        assert_eq!(Lang::Chinese.text(Msg::InsertButton), "插入");
        assert_eq!(Lang::Japanese.text(Msg::ChartAxisRate), "偽陽性率");
    }

    #[test]
    fn lists_in_each_language() {
        assert_eq!(Lang::English.list(&[3, 17, 31]), "3, 17 and 31");
        assert_eq!(Lang::Chinese.list(&[3, 17, 31]), "3、17 和 31");
        assert_eq!(Lang::Japanese.list(&[3, 17, 31]), "3、17、31");
        assert_eq!(Lang::English.list(&[5]), "5");
        assert_eq!(Lang::English.list(&[]), "");
    }

    #[test]
    fn language_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Chinese));
        assert_eq!(Lang::from_tag("ja_JP"), Some(Lang::Japanese));
        assert_eq!(Lang::from_tag("EN-gb"), Some(Lang::English));
        assert_eq!(Lang::from_tag("fr"), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.param()), Some(lang));
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }
}
