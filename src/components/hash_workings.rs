//! The current item, worked out: its UTF-8 bytes, both hashes, and each bit index written out with its
//! numbers, so a learner can redo the arithmetic by hand. Each row has the colour and number of the
//! badge it puts on the bit array.

use yew::prelude::*;

use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::strings::{scheme_formula, Msg};
use bloom_core::hashing::{murmur3_x64_128_halves, DoubleHashing, HashScheme, ItemHashes};
use bloom_core::params::FilterParams;
use bloom_core::small_sort::sort_distinct;
use bloom_core::text::{is_blank, utf8_hex};

/// Bytes shown before "… and N more".
const SHOWN_BYTES: usize = 48;

/// Props of [`HashWorkings`].
#[derive(Properties, PartialEq, Clone)]
pub struct HashWorkingsProps {
    /// The text in the Item field.
    pub text: AttrValue,
    /// m and k.
    pub params: FilterParams,
}

/// The two 64-bit halves of MurmurHash3 x64_128, each reduced mod m.
fn murmur128_view(text: &str, bits: u32) -> Html {
    let (low, high) = murmur3_x64_128_halves(text.as_bytes());
    let m = u64::from(bits);
    html! {
        <>
            <span class="mono">{ format!("h₁ = 0x{low:016x}") }</span>
            <span class="modulo">{ format!("mod {bits} = {}", low % m) }</span>
            <br />
            <span class="mono">{ format!("h₂ = 0x{high:016x}") }</span>
            <span class="modulo">{ format!("mod {bits} = {}", high % m) }</span>
        </>
    }
}

/// Bytes, hashes and the k index rows of the current text.
#[component]
pub fn HashWorkings(props: &HashWorkingsProps) -> Html {
    let lang = use_lang();
    if is_blank(&props.text) {
        return html! { <p class="hint">{ lang.text(Msg::WorkingsEmpty) }</p> };
    }
    let FilterParams {
        bits,
        hashes: k,
        scheme,
    } = props.params;
    let hashes = ItemHashes::of(&props.text);
    let reduced = DoubleHashing::new(hashes, bits);
    let rows = scheme.rows(&props.text, bits, k);
    let indexes: Vec<u32> = rows.iter().map(|row| row.index).collect();
    let byte_count = props.text.len();
    let (hex, more) = utf8_hex(&props.text, SHOWN_BYTES);
    let m_text = bits.to_string();
    let fnv_hex = format!("0x{:016x}", hashes.fnv);
    let murmur_hex = format!("0x{:08x}", hashes.murmur);
    let value_list = indexes
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut distinct = indexes.clone();
    sort_distinct(&mut distinct);

    html! {
        <div class="workings">
            <dl class="hashes">
                <dt>{ lang.fill(Msg::WorkingsBytes, &[("count", &grouped(byte_count as u64))]) }</dt>
                <dd class="mono bytes" data-testid="utf8-bytes">
                    { hex }
                    if more {
                        <span class="more">{ " " }{ lang.plural(Msg::WorkingsMoreBytes, (byte_count - SHOWN_BYTES) as u64, &[("count", &grouped((byte_count - SHOWN_BYTES) as u64))]) }</span>
                    }
                </dd>
                <dt>{ lang.text(Msg::WorkingsFnv) }{ " " }<span class="symbol">{ "h₁" }</span></dt>
                <dd data-testid="hash-fnv">
                    <span class="mono">{ fnv_hex }</span>
                    <span class="modulo">{ lang.fill(Msg::WorkingsModulo, &[("m", &m_text), ("value", &reduced.base.to_string())]) }</span>
                </dd>
                <dt>{ lang.text(Msg::WorkingsMurmur) }{ " " }<span class="symbol">{ "h₂" }</span></dt>
                <dd data-testid="hash-murmur">
                    <span class="mono">{ murmur_hex }</span>
                    <span class="modulo">{ lang.fill(Msg::WorkingsModulo, &[("m", &m_text), ("value", &reduced.step.to_string())]) }</span>
                </dd>
                if scheme == HashScheme::Murmur128Split {
                    <dt>{ lang.text(Msg::WorkingsMurmur128) }</dt>
                    <dd data-testid="hash-murmur128">{ murmur128_view(&props.text, bits) }</dd>
                }
            </dl>
            <h3 class="rows-heading">{ lang.text(Msg::WorkingsRowsHeading) }</h3>
            <p class="formula">{ lang.text(scheme_formula(scheme)) }</p>
            <ol class="rows" data-testid="bit-indexes" data-value={value_list}>
                { for rows.iter().enumerate().map(|(i, row)| html! {
                    <li class={classes!("row", format!("row-{}", i % 8))} key={i}>
                        <span class="row-badge" aria-hidden="true">{ i }</span>
                        <span class="mono">
                            { "g" }<sub>{ i }</sub>
                            { format!(" = {} = ", row.working) }
                            <strong>{ row.index }</strong>
                        </span>
                    </li>
                }) }
            </ol>
            if distinct.len() < indexes.len() {
                <p class="note">{ lang.text(Msg::WorkingsDuplicateIndexes) }</p>
            }
        </div>
    }
}
