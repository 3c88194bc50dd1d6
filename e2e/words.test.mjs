// The words of the Chinese and Japanese site: one term per idea, as each language's term base
// (docs/terms/<lang>.json) names it, and the typography a native technical text uses. Two readings:
// every text file (static/locales/<lang>/*.json, named by file and key) and every built page as a
// reader sees it, prerendered and live with its widgets' answers on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { distDir, openPage, useSite } from './harness.mjs';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, options);
const root = path.resolve(distDir, '..');
const LANGS = ['zh', 'ja'];

/** The term base of `lang`: { numerals, percent, terms: [{ concept, en, use, avoid: [] }] }. */
const termBase = (lang) => JSON.parse(fs.readFileSync(path.join(root, 'docs/terms', `${lang}.json`), 'utf8'));

/** Every text of `lang`'s files (and of its pages' titles and descriptions, `meta/<lang>.json`) as
 * [where, text]: "chapter-7.json p4", each plural form apart. */
const textFiles = (lang) => {
  const folder = path.join(root, 'static/locales', lang);
  const files = [...fs.readdirSync(folder).sort().map((file) => path.join(folder, file)), path.join(root, 'static/meta', `${lang}.json`)];
  return files.flatMap((file) => Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')))
    .flatMap(([key, value]) => (typeof value === 'string' ? [[`${path.basename(file)} ${key}`, value]] : Object.entries(value).map(([form, text]) => [`${path.basename(file)} ${key} (${form})`, text]))));
};

/** The text of every built page of `lang` before the app arrives: [page, text]. */
const builtPages = (lang) => {
  const pages = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'index.html') pages.push([path.relative(distDir, file), htmlText(fs.readFileSync(file, 'utf8'))]);
    }
  };
  walk(path.join(distDir, lang));
  return pages;
};
const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };
const htmlText = (html) => html.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, '\n')
  .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => entities[name]);

// What a native technical text never writes, whatever the term base says.
const UNIT_WORDS = { zh: /吉字节|兆字节|千字节|太字节/gu, ja: /[ギメキテ][ビガロ]バイト/gu };
const PERCENT_WORDS = { zh: /百分之/gu, ja: /パーセント/gu };
// Both languages write a percentage with no space before the sign: 20.5%, not “20.5 %” (a number
// on its own, not the 64 of the code “index as u64 % bits”).
const PERCENT_SPACE = /(?<![\p{L}\p{N}_.,])\d+(?:[.,]\d+)* +%/gu;
const FULL_WIDTH_DIGITS = /[０-９]/gu;
// An ASCII space touching full-width punctuation, a quotation mark or a bracket: “插入 “apple” 后” or
// 「フィルタに 「pear」」 once a word is put in a template.
const FULL_WIDTH = '[，。、：；！？“”‘’「」『』（）《》【】]';
const SPACE_BESIDE_FULL_WIDTH = new RegExp(`(?<=${FULL_WIDTH}) +(?=\\S)|(?<=\\S) +(?=${FULL_WIDTH})`, 'gu');

// Chinese and Japanese text takes full-width punctuation: an ASCII comma, colon, semicolon, question
// or exclamation mark beside a Chinese or Japanese character (a space between or not), or an ASCII
// bracket touching one, is a mistake. Formulas keep their ASCII brackets and are set off by spaces
// (“近似式 (1 − e^(−kn/m))^k”); numbers keep their commas (“1,000”), a factorial its ! (“i! であり”).
const cjk = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff]';
const ASCII_BESIDE_CJK = new RegExp(`${cjk} ?[,:;?!]|(?:[,:;?]|(?<![\\w)])!) ?${cjk}|${cjk}[()]|[()]${cjk}`, 'gu');

/** Every ASCII punctuation mark in `text` that should be full-width. */
const asciiPunctuation = (text) => [...text.matchAll(ASCII_BESIDE_CJK)].map((match) => `“${text.slice(Math.max(0, match.index - 12), match.index + 14).replace(/\n/g, '⏎')}”`);

/** Every typographic slip in `text`, each with a little of what is around it. */
const typography = (lang, text) => [UNIT_WORDS[lang], PERCENT_WORDS[lang], PERCENT_SPACE, FULL_WIDTH_DIGITS, SPACE_BESIDE_FULL_WIDTH]
  .flatMap((pattern) => [...text.matchAll(pattern)].map((match) => `“${text.slice(Math.max(0, match.index - 10), match.index + match[0].length + 10).replace(/\n/g, '⏎')}”`));

/** Every variant the term base forbids in `text`: "漏判 (false negative: 假阴性)". */
const forbidden = (base, text) => base.terms.flatMap((term) => term.avoid.filter((word) => text.includes(word)).map((word) => `${word} (${term.concept}: ${term.use})`));

test('each language names every idea with the one word its term base gives, in every text file and built page', () => {
  const concepts = ['bit array', 'index', 'probe', 'false positive', 'false negative', 'false-positive rate', 'definitely not in the set', 'maybe in the set', 'widget', 'playground', 'counting filter', 'scalable filter', 'KiB', 'MiB', 'GiB', 'MB'];
  for (const lang of LANGS) {
    const base = termBase(lang);
    assert.equal(base.language, lang);
    assert.ok(base.numerals && base.percent, `${lang}: the term base says how numbers and percentages are written`);
    const named = base.terms.map((term) => term.concept);
    assert.deepEqual(concepts.filter((concept) => !named.some((name) => name.includes(concept))), [], `${lang}: concepts the term base must name`);
    for (const term of base.terms) {
      assert.ok(term.use && !term.avoid.some((word) => term.use.includes(word)), `${lang} ${term.concept}: its word is not among its variants`);
    }
    // The check finds a variant put back.
    const planted = base.terms.find((term) => term.avoid.length > 0);
    assert.ok(forbidden(base, `…${planted.avoid[0]}…`).length >= 1, `${lang}: a planted variant is found`);
    const inFiles = textFiles(lang).flatMap(([where, text]) => forbidden(base, text).map((found) => `${lang}/${where}: ${found}`));
    assert.deepEqual(inFiles, [], `${lang}: variants in the text files`);
    const inPages = builtPages(lang).flatMap(([page, text]) => forbidden(base, text).map((found) => `${page}: ${found}`));
    assert.deepEqual(inPages, [], `${lang}: variants in the built pages`);
  }
});

test('the text files write units as symbols, digits and percentages one way, and no space beside full-width punctuation', () => {
  for (const lang of LANGS) {
    // The check finds a stray space, a spelled-out unit and a spaced percentage put back.
    assert.equal(typography(lang, '把 “apple” 插入，占 1.12 吉字节 ギビバイト，20.5 %，1,000 % u64 % m').length, 5);
    const slips = textFiles(lang).flatMap(([where, text]) => typography(lang, text).map((slip) => `${lang}/${where}: ${slip}`));
    assert.deepEqual(slips, [], `${lang}: typographic slips in the text files`);
  }
});

// Each page with its widgets' answers on screen, so the texts are read with their blanks filled.
const openAll = async (page) => {
  for (const summary of await page.locator('summary').all()) await summary.click();
};
const WALK = [
  ['playground/#m=32&k=1&item=apple&item=pear&query=plum', async (page) => {
    await page.getByTestId('item-input').fill('fig');
    await page.getByTestId('step-query-button').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  }],
  ['playground/#m=16&k=3&item=apple&item=pear&item=plum&item=fig&query=kiwi', async () => {}],
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((chapter) => [`learn/${chapter}/`, openAll]),
  ['calculator/#n=1000000000&p=0.0001', async () => {}],
  ['calculator/#n=1&p=0.5', async () => {}],
  ['embed/', async () => {}],
  ['counting/#m=16&k=3&c=2&add=apple&add=apple&add=apple&add=pear&add=plum&add=fig', async (page) => {
    for (const [button, text] of [['remove-button', 'zebra'], ['remove-button', 'apple'], ['query-button', 'pear']]) {
      await page.getByTestId('item-input').fill(text);
      await page.getByTestId(button).click();
    }
    // A step through, for the steps' sentences too.
    await page.getByTestId('step-button').click();
    await page.getByTestId('step-next').click();
  }],
  ['count-min/#w=8&d=3&add=5*apple&stream=1', async (page) => {
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
  }],
  ['scalable/#preset=redis&n0=4&p=0.1&add=apple&stream=60', async (page) => {
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
    await openAll(page);
  }],
  ['sets/#m=16&a=apple&a=pear&a=plum&b=pear&b=fig&b=kiwi', async (page) => {
    await page.getByTestId('item-input').first().fill('kiwi');
    await page.getByTestId('query-button').first().click();
  }],
  ['lab/', openAll],
  ['bugs/', openAll],
  // Today's filters: a cuckoo insert stepped to its end, a deletion, a query; a static table built.
  ['filters/#kind=cuckoo&buckets=4&slots=1&fp=8&add=apple&add=pear&add=plum', async (page) => {
    for (const [button, text] of [['insert-button', 'fig'], ['remove-button', 'pear'], ['remove-button', 'zebra'], ['query-button', 'kiwi']]) {
      await page.getByTestId('item-input').fill(text);
      await page.getByTestId(button).click();
    }
    await page.getByTestId('step-button').click();
    for (let step = 0; step < 3; step++) await page.getByTestId('step-next').click();
  }],
  ['filters/#kind=xor&fp=8&add=apple&add=pear&add=plum&query=pear', async (page) => {
    await page.getByTestId('item-input').fill('fig');
    await page.getByTestId('insert-button').click();
    await page.getByTestId('step-button').click();
    await page.getByTestId('step-next').click();
  }],
];

test('every Chinese and Japanese page, its widgets answered, uses its term base’s words, full-width punctuation and clean typography', async () => {
  for (const lang of LANGS) {
    const base = termBase(lang);
    const found = [];
    for (const [address, act] of WALK) {
      const { page, problems } = await open(`/${lang}/${address}`, { ready: 'presenter-toggle' });
      await page.waitForLoadState('networkidle');
      await act(page);
      const text = await page.evaluate(() => document.body.innerText);
      found.push(...forbidden(base, text).map((word) => `${address}: ${word}`));
      assert.ok(/[\u3040-\u30ff\u4e00-\u9fff]/.test(text), `${address} shows ${lang}`);
      found.push(...typography(lang, text).map((slip) => `${address}: ${slip}`));
      found.push(...asciiPunctuation(text).map((slip) => `${address}: ASCII punctuation ${slip}`));
      assert.deepEqual(problems(), []);
      await page.close();
    }
    assert.deepEqual(found, [], lang);
  }
});
