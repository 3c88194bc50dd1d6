// End-to-end tests for a chapter presented as slides: "Present this chapter" shows one slide at a
// time (`slide`: the slide shown, its `data-index` counted from 1 and `data-count` the chapter's
// slides), the arrows, Space and the page keys move, the link names the slide, the widgets work on
// their slides (and beside the prose about them), a long derivation goes on over several slides, Esc
// returns to reading where the slide was, and a 1280×720 projector shows every slide in 28 px type or
// more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appReady, axeViolations, badgesOverNumbers, launchBrowser, openPage, readabilityProblems, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, { ready: 'chapter', ...options });
const slide = (page) => page.getByTestId('slide');
const index = async (page) => Number(await slide(page).getAttribute('data-index'));
/** The heading a person sees at the top of the slide shown. */
const heading = (page) => slide(page).locator('h2').first().textContent();
const setCells = (page) => slide(page).locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.index)).sort((a, b) => a - b));

/** Presses `key` and waits for slide `to`, drawn (a chart beside it redraws for its new width). */
async function press(page, key, to) {
  await page.keyboard.press(key);
  await page.locator(`[data-testid="slide"][data-index="${to}"]`).waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 30)))));
}

/** Shows the first slide, from the slide shown, that holds `selector`; its number. */
async function slideWith(page, selector) {
  const count = Number(await slide(page).getAttribute('data-count'));
  for (let at = await index(page); at <= count; at++) {
    if (await slide(page).locator(selector).count()) return at;
    await page.getByTestId('slide-next').click();
    await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
  }
  throw new Error(`no slide holds ${selector}`);
}

/** Shows the first slide, from the slide shown, whose text includes `words`; its number. */
async function slideSaying(page, words) {
  const count = Number(await slide(page).getAttribute('data-count'));
  let at = await index(page);
  for (; !(await slide(page).textContent()).includes(words); at++) {
    assert.ok(at < count, `a slide says “${words}”`);
    await press(page, 'ArrowRight', at + 1);
  }
  return at;
}

test('"Present this chapter" opens slide 1 with its heading; →, ←, Space, PageDown, PageUp and the buttons move', async () => {
  const { page, problems } = await open('/learn/2/');
  await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
  const headings = await page.locator('.chapter-body h2:not(.learn-try)').allTextContents();
  await page.getByTestId('present-chapter').click();
  await slide(page).waitFor();
  assert.equal(await index(page), 1);
  // The first slide is in the link too: a reload presents it.
  await page.waitForURL(/\/learn\/2\/\?present=1&slide=1$/);
  const count = Number(await slide(page).getAttribute('data-count'));
  assert.ok(count >= 6, `chapter 2 has ${count} slides`);
  // The first slide: the chapter's title and its first section; nothing else of the chapter.
  assert.equal(await page.locator('.learn-chapter h1').isVisible(), true, 'the chapter’s title');
  assert.equal(await heading(page), headings[0]);
  assert.equal(await page.getByTestId('slide-position').textContent(), `1 / ${count}`);
  assert.equal(await page.getByText(headings[1], { exact: true }).isVisible(), false, 'the next section waits for its slide');
  // The contents and the navigation are folded away.
  for (const hidden of ['.learn-contents', '[data-testid="site-nav"]', '[data-testid="lang-select"]']) {
    assert.equal(await page.locator(hidden).isVisible(), false, hidden);
  }
  await press(page, 'ArrowRight', 2);
  const second = await heading(page);
  assert.notEqual(second, headings[0], 'the heading changed');
  assert.equal(await page.getByTestId('slide-position').textContent(), `2 / ${count}`);
  assert.equal(await page.locator('.learn-chapter h1').isVisible(), false, 'the title heads the first slide only');
  await press(page, 'ArrowLeft', 1);
  assert.equal(await heading(page), headings[0]);
  await press(page, 'Space', 2);
  assert.equal(await heading(page), second);
  await press(page, 'PageDown', 3);
  await press(page, 'PageUp', 2);
  await page.getByTestId('slide-next').click();
  await slide(page).and(page.locator('[data-index="3"]')).waitFor();
  await page.getByTestId('slide-previous').click();
  await slide(page).and(page.locator('[data-index="2"]')).waitFor();
  // On the first slide the chapter before's link takes Previous's place (its last slide, presented),
  // as a key there goes to it (see the remote's test).
  await press(page, 'ArrowLeft', 1);
  assert.equal(await page.getByTestId('slide-previous').count(), 0);
  const back = page.getByTestId('slide-previous-chapter');
  assert.equal(await back.textContent(), '← Chapter 1');
  assert.match(await back.getAttribute('href'), /learn\/1\/\?present=1&slide=last$/);
  // The position keeps its width from slide to slide: Next does not move.
  const nextAt = async () => (await page.getByTestId('slide-next').boundingBox()).x;
  const atFirst = await nextAt();
  await press(page, 'End', count);
  await press(page, 'ArrowLeft', count - 1);
  assert.equal(await nextAt(), atFirst, 'Next stayed where it was');
  await press(page, 'Home', 1);
  // The list of shortcuts names the new keys.
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  const keys = await page.locator('.shortcut-list').textContent();
  assert.match(keys, /Space, PageDown.*next slide/);
  assert.match(keys, /Shift\+Space, PageUp.*previous slide/);
  assert.match(keys, /Home.*first slide.*End.*last slide/);
  // Esc closes the list first; the slides stay.
  await page.keyboard.press('Escape');
  await page.getByTestId('shortcut-help').waitFor({ state: 'detached' });
  assert.equal(await index(page), 1);
  // The menu opens above the slide, which moves down under it, its heading still on screen; Esc
  // folds it, and the slides stay.
  await press(page, 'ArrowRight', 2);
  await page.keyboard.press('m');
  await page.getByTestId('site-nav').waitFor();
  const header = await page.locator('.site-header').boundingBox();
  const top = await slide(page).locator('h2').first().boundingBox();
  assert.ok(top.y >= header.y + header.height - 1, 'the menu covers the slide’s heading');
  assert.ok(top.y + top.height <= (await page.evaluate(() => innerHeight)), 'the slide’s heading is off the screen');
  assert.equal(await page.locator('.site-footer').isVisible(), false);
  await page.keyboard.press('Escape');
  await page.getByTestId('site-nav').waitFor({ state: 'hidden' });
  assert.equal(await index(page), 2);
  assert.match(page.url(), /\?present=1&slide=2$/);
  await press(page, 'ArrowLeft', 1);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the link carries the slide: a reload and the same link in a fresh page open it', async () => {
  const { page, problems } = await open('/learn/4/?present=1');
  await slide(page).waitFor();
  await press(page, 'ArrowRight', 2);
  await press(page, 'ArrowRight', 3);
  await page.waitForURL(/\/learn\/4\/\?present=1&slide=3$/);
  const shown = await slide(page).textContent();
  await page.reload();
  await slide(page).waitFor();
  assert.equal(await index(page), 3);
  assert.equal(await slide(page).textContent(), shown);
  // Another browser, as a student's: nothing remembered but the link.
  const other = await launchBrowser();
  const fresh = await other.context.newPage();
  await fresh.goto(page.url());
  await appReady(fresh);
  await fresh.getByTestId('slide').waitFor();
  assert.equal(await fresh.getByTestId('slide').getAttribute('data-index'), '3');
  assert.equal(await fresh.getByTestId('slide').textContent(), shown);
  // The slide opened from a link has the focus: the first Tab goes into it, not to the Presenter
  // mode button (whose Space would end the show).
  await fresh.waitForFunction(() => document.activeElement?.dataset?.testid === 'slide');
  await fresh.keyboard.press('Tab');
  assert.equal(await fresh.evaluate(() => document.activeElement.closest('[data-testid="slide"]') !== null), true, 'the first Tab stays on the slide');
  await other.close();
  // A slide past the end is the last.
  const { page: far } = await open('/learn/4/?present=1&slide=999');
  await slide(far).waitFor();
  assert.equal(await index(far), Number(await slide(far).getAttribute('data-count')));
  await far.close();
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a widget on a slide works: insert into the chapter’s playground and its bits are set; typing never turns the slide', async () => {
  const { page, problems } = await open('/learn/3/?present=1');
  await slide(page).waitFor();
  const at = await slideWith(page, '[data-testid="item-input"]');
  assert.deepEqual(await setCells(page), [], 'an empty filter');
  const field = slide(page).getByTestId('item-input');
  await field.fill('apple');
  // The arrows and Space belong to the field while it has the focus.
  await field.press('ArrowRight');
  await field.press(' ');
  await field.press('Backspace');
  assert.equal(await index(page), at);
  await slide(page).getByTestId('insert-button').click();
  assert.deepEqual(await setCells(page), [...new Set(bitIndexes('apple', 32, 3))].sort((a, b) => a - b));
  // A word inserted with Enter is left selected (the next word replaces it): a remote's → and ←
  // then turn the slides, as they do anywhere else on it.
  await field.fill('apple');
  await field.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.locator(`[data-testid="slide"][data-index="${at}"]`).waitFor();
  // A query shows its verdict on the slide.
  await field.fill('apple');
  await slide(page).getByTestId('query-button').click();
  assert.equal(await slide(page).getByTestId('verdict').getAttribute('data-verdict'), 'present');
  assert.equal(await slide(page).getByTestId('verdict').isVisible(), true);
  // While a step-through is open the arrows step it, and Esc closes it before it leaves the slides.
  await field.fill('fig');
  await slide(page).getByTestId('step-query-button').click();
  const steps = slide(page).getByTestId('step-through');
  await steps.waitFor();
  await page.keyboard.press('ArrowRight');
  assert.equal(await steps.getAttribute('data-step'), '1');
  assert.equal(await index(page), at);
  await page.keyboard.press('Escape');
  await steps.waitFor({ state: 'detached' });
  assert.equal(await index(page), at, 'still presenting');
  // Esc on the widget's button gives the slide the focus back; the next Esc would leave.
  await slide(page).getByTestId('query-button').click();
  await page.keyboard.press('Escape');
  assert.equal(await index(page), at, 'Esc on a button keeps the slides');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'slide', 'the slide has the focus');
  // The bar says what the next Esc does, until the slide changes.
  assert.equal(await page.getByTestId('slides-esc-again').textContent(), 'Esc again: back to reading');
  // Away and back: the widget kept what was inserted.
  await page.getByTestId('slide-next').click();
  await page.getByTestId('slides-esc-again').waitFor({ state: 'detached' });
  await page.getByTestId('slide-previous').click();
  await page.locator(`[data-testid="slide"][data-index="${at}"]`).waitFor();
  assert.deepEqual(await setCells(page), [...new Set(bitIndexes('apple', 32, 3))].sort((a, b) => a - b));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('Esc returns to reading, at the place of the slide that was shown; presenting again starts at the slide being read', async () => {
  const { page, problems } = await open('/learn/5/?present=1&slide=6');
  await slide(page).waitFor();
  const first = await slide(page).evaluate((element) => element.firstElementChild.textContent);
  // The first Esc only pauses (a slip in front of a class costs nothing) and says what the next does.
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('slides-esc-again').textContent(), 'Esc again: back to reading');
  assert.equal(await index(page), 6);
  await page.keyboard.press('Escape');
  await page.getByTestId('slide').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'false');
  await page.waitForURL(/\/learn\/5\/$/);
  // The whole chapter again, the reader at the slide's first block.
  assert.equal(await page.locator('.learn-contents').isVisible(), true);
  const place = await page.evaluate((text) => {
    const element = [...document.querySelectorAll('.chapter-body *:not(.chapter-slide)')].find((each) => each.textContent === text);
    const box = element.getBoundingClientRect();
    return { top: box.top, height: innerHeight, scrolled: scrollY };
  }, first);
  assert.ok(place.scrolled > 0 && place.top >= -1 && place.top < place.height / 2, JSON.stringify(place));
  // Presenting again starts where the reader is: slide 6, then from further down, the slide read there.
  await page.keyboard.press('p');
  await slide(page).waitFor();
  assert.equal(await index(page), 6);
  assert.equal(await slide(page).evaluate((element) => element.firstElementChild.textContent), first);
  await page.keyboard.press('Escape');
  await page.getByTestId('slides-esc-again').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('slide').waitFor({ state: 'detached' });
  const read = await page.evaluate(() => {
    const second = document.querySelectorAll('.chapter-slide')[1].firstElementChild;
    second.scrollIntoView();
    return second.textContent;
  });
  // The page has scrolled by the next frame (a reader's key comes later still).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.keyboard.press('p');
  await slide(page).waitFor();
  assert.equal(await index(page), 2);
  assert.equal(await slide(page).evaluate((element) => element.firstElementChild.textContent), read, 'the slide read is the slide shown');
  await page.waitForURL(/\?present=1&slide=2$/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a slide taller than the screen scrolls from the keyboard: the slide shown takes the focus, ↓ reaches its end; Home and End go to the first and the last slide', async () => {
  // A low screen (a projector's picture cropped by a bar): chapter 4's chart no longer fits its slide.
  const { page, problems } = await open('/learn/4/?present=1&slide=1', { width: 1280, height: 560 });
  await slide(page).waitFor();
  await page.waitForLoadState('networkidle');
  // The first slide, from the first, that does not fit the screen.
  const count = Number(await slide(page).getAttribute('data-count'));
  let at = 1;
  const tall = () => slide(page).evaluate((element) => element.scrollHeight > element.clientHeight + 4);
  while (!(await tall()) && at < count) await press(page, 'ArrowRight', ++at);
  assert.ok(await tall(), 'chapter 4 has a slide taller than 1280×560');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'slide', 'the slide shown has the focus');
  const atEnd = () => slide(page).evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2);
  for (let presses = 0; presses < 60 && !(await atEnd()); presses++) await page.keyboard.press('ArrowDown');
  assert.ok(await atEnd(), '↓ scrolls the slide to its end');
  assert.equal(await index(page), at, '↓ scrolls; it does not turn the slide');
  await page.keyboard.press('ArrowRight');
  await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
  await press(page, 'End', count);
  // The last slide asks the class to check itself: the remote's first key on shows the answer.
  const answer = page.getByTestId('slide').getByTestId('check-answer');
  assert.equal(await answer.evaluate((details) => details.open), false);
  await page.keyboard.press('PageDown');
  assert.equal(await answer.evaluate((details) => details.open), true, 'PageDown shows the answer');
  assert.ok(await answer.locator('p').first().isVisible());
  assert.equal(await index(page), count, 'and stays on the last slide');
  await press(page, 'Shift+Space', count - 1);
  await press(page, 'Home', 1);
  await page.waitForURL(/\/learn\/4\/\?present=1&slide=1$/);
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} every slide of every chapter is on the screen in 28 px type; prose, exercises and widgets never need scrolling`, async () => {
    const { page, problems } = await open('/learn/1/?present=1', { width, height });
    const tall = [];
    for (let chapter = 1; chapter <= 12; chapter++) {
      if (chapter > 1) await page.goto(`${site.origin}/learn/${chapter}/?present=1`);
      await slide(page).waitFor();
      await page.waitForLoadState('networkidle');
      const count = Number(await slide(page).getAttribute('data-count'));
      for (let at = 1; at <= count; at++) {
        if (at > 1) await press(page, 'ArrowRight', at);
        const where = `chapter ${chapter}, slide ${at}`;
        const { small, clipped } = await readabilityProblems(page, 28);
        assert.deepEqual(small, [], `${where}: text under 28 px`);
        assert.deepEqual(clipped, [], `${where}: cut off`);
        const fit = await page.evaluate(() => {
          const shown = document.querySelector('[data-testid="slide"]');
          const bar = document.querySelector('.slide-bar').getBoundingClientRect();
          return {
            page: document.documentElement.scrollHeight <= innerHeight + 1,
            bar: bar.top >= 0 && bar.bottom <= innerHeight + 1,
            inside: shown.scrollHeight <= shown.clientHeight + 1,
            // A table, the rate chart's legend and the calculator's workings may run past 720 px.
            must: !shown.querySelector('.table-scroll, .chapter-chart, .calculator'),
          };
        });
        assert.ok(fit.page, `${where}: the page itself does not scroll`);
        assert.ok(fit.bar, `${where}: the slide's buttons are on the screen`);
        if (fit.must) assert.ok(fit.inside, `${where}: prose, a derivation, an exercise or a widget's stage fits its slide`);
        if (!fit.inside) tall.push(where);
      }
    }
    // Tables, the chart and the calculator longer than the screen scroll inside their slide.
    console.log(`${width}×${height}: slides that scroll inside: ${tall.join('; ') || 'none'}`);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('a slide’s words grow with the screen: 28 px prose at 1280×720 is 42 px at 1920×1080, on the same lines, the slide still whole', async () => {
  const sizes = {};
  for (const [width, height] of [[1280, 720], [1920, 1080]]) {
    const { page, problems } = await open('/learn/4/?present=1', { width, height });
    await slide(page).waitFor();
    await slideSaying(page, 'The pitfall: filling past the design');
    sizes[width] = await slide(page).evaluate((shown) => {
      const prose = shown.querySelector(':scope > p');
      const lines = Math.round(prose.getBoundingClientRect().height / parseFloat(getComputedStyle(prose).lineHeight));
      return { type: parseFloat(getComputedStyle(prose).fontSize), lines, more: shown.scrollHeight - shown.clientHeight };
    });
    assert.ok(sizes[width].more <= 1, `${width}: nothing to scroll (${sizes[width].more} px more)`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
  assert.equal(sizes[1280].type, 28);
  assert.equal(sizes[1920].type, 42);
  assert.ok(Math.abs(sizes[1920].lines - sizes[1280].lines) <= 1, JSON.stringify(sizes));
});

test('at 1280×720 a checked exercise keeps its question on the slide: the explanation stands beside the answer, in 28 px type', async () => {
  const { page, problems } = await open('/learn/4/?present=1', { width: 1280, height: 720 });
  await slideWith(page, '[data-testid="exercise"]');
  const exercise = slide(page).getByTestId('exercise');
  const question = await slide(page).getByTestId('exercise-question').textContent();
  const laidOut = async (option) => {
    const laid = await page.evaluate(() => {
      const shown = document.querySelector('[data-testid="slide"]');
      const box = (selector) => shown.querySelector(selector).getBoundingClientRect();
      const [said, answer, asked] = [box('[data-testid="exercise-feedback"]'), box('.exercise-answer'), box('[data-testid="exercise-question"]')];
      const frame = shown.getBoundingClientRect();
      return { scroll: shown.scrollHeight - shown.clientHeight, beside: said.left >= answer.right && said.top < answer.bottom, asked: asked.top >= frame.top - 1, said: said.bottom <= frame.bottom + 1 };
    });
    assert.ok(laid.beside, `${option}: the explanation beside the answer`);
    assert.ok(laid.asked && laid.said, `${option}: the question and the whole explanation on the slide (${question})`);
    assert.ok(laid.scroll <= 1, `${option}: nothing to scroll (${laid.scroll} px more)`);
    const { small, clipped } = await readabilityProblems(page, 28);
    assert.deepEqual([small, clipped], [[], []]);
  };
  const said = slide(page).getByTestId('exercise-feedback');
  for (const option of [0, 1, 2]) {
    await slide(page).getByTestId('exercise-option').nth(option).check();
    await slide(page).getByTestId('exercise-check').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="exercise"]').dataset.state !== 'unanswered');
    if ((await exercise.getAttribute('data-state')) === 'right') {
      assert.match(await said.textContent(), /^Right\. First the load: kn\/m = 3 · 19 \/ 64 = 0\.891\..*20\.5%/);
      await laidOut(option);
    } else {
      // Wrong, the hint first (the class tries again), then the worked answer on request.
      assert.match(await said.textContent(), /^Not quite\. You answered [\d.]+%\. Work out the load kn\/m first.*Show the worked answer$/);
      await laidOut(option);
      await slide(page).getByTestId('exercise-show').click();
      assert.match(await said.textContent(), /^Not quite\. First the load: .*You chose [\d.]+%\.$/);
      await laidOut(option);
    }
  }
  // Unchecked (another question), the answer is back under the row.
  await slide(page).getByTestId('exercise-another').click();
  assert.equal(await exercise.getAttribute('class'), 'exercise');
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [lang, folder, previous, next, position] of [
  ['zh', 'zh/', '← 上一张', '下一张 →', /^第 2 \/ \d+ 张$/],
  ['ja', 'ja/', '← 前へ', '次へ →', /^2 枚目 \/ 全 \d+ 枚$/],
]) {
  test(`in ${lang} the slide controls are translated`, async () => {
    const { page, problems } = await open(`/${folder}learn/6/?present=1&slide=2`);
    await slide(page).waitFor();
    assert.equal(await index(page), 2);
    assert.equal(await page.getByTestId('slide-previous').locator('span:not(.slide-room)').textContent(), previous);
    assert.equal(await page.getByTestId('slide-next').textContent(), next);
    assert.match(await page.getByTestId('slide-position').textContent(), position);
    assert.notEqual(await page.locator('.slide-bar').getAttribute('aria-label'), 'Slides');
    await press(page, 'ArrowRight', 3);
    assert.match(page.url(), new RegExp(`/${folder}learn/6/\\?present=1&slide=3$`));
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('prose about a widget shows the widget beside it: chapter 2’s three queries are made next to the words that ask for them', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1920, height: 1080 });
  await slide(page).waitFor();
  // The slide that asks for the three queries.
  const asking = await slideSaying(page, 'Try the three cases');
  const docked = page.getByTestId('docked-slide');
  assert.equal(await docked.isVisible(), true, 'the walk-through is beside the words');
  const [words, widget] = [await slide(page).boundingBox(), await docked.boundingBox()];
  assert.ok(widget.x >= words.x + words.width - 1, `side by side: ${JSON.stringify({ words, widget })}`);
  // The guided queries are there, as on the page read; the first asks about an inserted word.
  const tour = docked.getByTestId('tour-step');
  assert.equal(await tour.count(), 3);
  await tour.first().click();
  const verdict = docked.getByTestId('verdict');
  assert.equal(await verdict.getAttribute('data-verdict'), 'present');
  assert.equal(await verdict.isVisible(), true);
  // The next slide talks about the same filter: the widget is still there, as the class left it.
  await press(page, 'ArrowRight', asking + 1);
  assert.equal(await page.getByTestId('docked-slide').getByTestId('verdict').getAttribute('data-verdict'), 'present');
  await page.getByTestId('docked-slide').getByTestId('tour-step').nth(2).click();
  assert.equal(await page.getByTestId('docked-slide').getByTestId('verdict').getAttribute('data-verdict'), 'false-positive');
  // The keys step through a query on the widget beside the words; the slide stays until Esc stops it.
  const field = page.getByTestId('docked-slide').getByTestId('item-input');
  assert.ok((await field.boundingBox()).width >= 140, 'the field shows a word');
  await field.fill('fig');
  await page.keyboard.press('Escape');
  await page.keyboard.press('q');
  const besideSteps = page.getByTestId('docked-slide').getByTestId('step-through');
  await besideSteps.waitFor();
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid="step-through"][data-step="1"]').waitFor();
  await page.keyboard.press('PageDown');
  await page.locator('[data-testid="step-through"][data-step="2"]').waitFor();
  await page.keyboard.press('PageUp');
  await page.locator('[data-testid="step-through"][data-step="1"]').waitFor();
  assert.equal(await index(page), asking + 1, 'the keys stepped; the slide stayed');
  await page.keyboard.press('Escape');
  await besideSteps.waitFor({ state: 'detached' });
  assert.equal(await index(page), asking + 1, 'Esc stopped the steps, still presenting');
  // Back on the widget's own slide, the same widget: the false positive is what it shows.
  let at = asking + 1;
  while (!(await slide(page).getByTestId('item-input').count())) await press(page, 'ArrowLeft', --at);
  assert.equal(await page.getByTestId('docked-slide').count(), 0, 'a widget’s own slide docks nothing');
  assert.equal(await slide(page).getByTestId('verdict').getAttribute('data-verdict'), 'false-positive');
  // A phone that opens the presented link reads the chapter.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.origin}/learn/2/?present=1&slide=5`);
  await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
  assert.equal(await page.getByTestId('slide').count(), 0, 'no slides on a phone');
  assert.equal(await page.locator('.chapter-body').getByText('Try the three cases').isVisible(), true);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Slides of the first section come before the widget: nothing beside them.
  await page.goto(`${site.origin}/learn/2/?present=1&slide=1`);
  await slide(page).waitFor();
  assert.equal(await page.getByTestId('docked-slide').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('at 1280×720 the widget beside the prose shows what each guided query did: the verdict and every probed bit in its column, with no scrolling by hand', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  await slideSaying(page, 'Try the three cases');
  const docked = page.getByTestId('docked-slide');
  const inside = (box, column) => box.y >= column.y - 1 && box.y + box.height <= column.y + column.height + 1;
  for (const [step, word] of ['pear', 'olive', 'melon'].entries()) {
    await docked.getByTestId('tour-step').nth(step).click();
    await page.waitForTimeout(400);
    const column = await docked.boundingBox();
    const verdict = docked.getByTestId('verdict');
    assert.match(await verdict.textContent(), new RegExp(word));
    // Its label and its sentence (who set the bits may scroll inside what happened).
    for (const part of ['.verdict-label', '.verdict-text']) {
      assert.ok(inside(await verdict.locator(part).boundingBox(), column), `${word}: the verdict's ${part} in the column`);
    }
    for (const index of new Set(bitIndexes(word, 16, 3))) {
      const cell = await docked.locator(`[data-testid="bit"][data-index="${index}"]`).boundingBox();
      assert.ok(inside(cell, column), `${word}: bit ${index} in the column`);
    }
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('at 1280×720 the playground on its own slide shows what each guided query found under its array: the verdict and every probed bit on the slide', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  await slideWith(page, '[data-testid="tour-step"]');
  const current = page.locator('.chapter-slide.current');
  const inside = (box, frame) => box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1;
  for (const [step, word] of ['pear', 'olive', 'melon'].entries()) {
    await current.getByTestId('tour-step').nth(step).click();
    await page.waitForTimeout(400);
    const frame = await current.boundingBox();
    const verdict = current.getByTestId('verdict');
    assert.match(await verdict.textContent(), new RegExp(word));
    for (const part of ['.verdict-label', '.verdict-text']) {
      assert.ok(inside(await verdict.locator(part).boundingBox(), frame), `${word}: the verdict's ${part} on the slide`);
    }
    for (const index of new Set(bitIndexes(word, 16, 3))) {
      assert.ok(inside(await current.locator(`[data-testid="bit"][data-index="${index}"]`).boundingBox(), frame), `${word}: bit ${index} on the slide`);
    }
    assert.ok(inside(await current.getByTestId('tour-step').first().boundingBox(), frame), `${word}: the guided queries stay on the slide`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} a bug case on its slide is a stage: the case, its Run button and its chart on the first screen, the code under them; run, the chart of the three rates is in view, in 28 px type`, async () => {
    const { page, problems } = await open('/learn/11/?present=1', { width, height });
    await slide(page).waitFor();
    await slideWith(page, '[data-testid="frame-bugs"]');
    const inner = page.frameLocator('iframe[data-testid="frame-bugs"]');
    const frame = await (await slide(page).locator('iframe.widget-frame').elementHandle()).contentFrame();
    await frame.locator('.app.presenter').waitFor();
    const seen = (locator) => locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= element.ownerDocument.defaultView.innerHeight + 1;
    });
    // The chapter told the story: the case's heading, its filter, its button and the chart that will
    // show what a run measures; the code comes under them.
    const run = inner.getByTestId('bug-run');
    await run.waitFor();
    for (const [what, locator] of [['heading', inner.locator('h1')], ['filter', inner.locator('.bug-setup')],
      ['Run button', run], ['chart’s theory bar', inner.locator('.bug-chart .bug-bar.theory rect')]]) {
      assert.equal(await seen(locator), true, `the case's ${what} is on the first screen`);
    }
    assert.equal(await inner.locator('.bug-code pre').first().isVisible(), true, 'the code is there, under them');
    assert.equal(await inner.locator('.bug-case > h1 + p').isVisible(), false, 'the story is the chapter’s prose');
    const { small } = await readabilityProblems(frame, 28);
    assert.deepEqual(small, [], 'text in the frame under 28 px');
    await run.click();
    await inner.locator('[data-testid="bug-rate"][data-variant="fixed"][data-value]').waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
    assert.equal(await seen(inner.locator('.bug-chart')), true, 'the chart of the theory, the buggy and the fixed rate is on the frame’s screen');
    assert.equal(await seen(inner.locator('[data-testid="bug-rate"][data-variant="theory"]')), true, 'the table starts under it');
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height, presses] of [[1280, 720, 3], [1920, 1080, 2]]) {
  test(`at ${width}×${height} compressed filters on their slide are a stage: every measured rate’s bar and the fields on the first screen, the table’s words whole, ${presses} presses of the remote to the next slide`, async () => {
    const { page, problems } = await open('/learn/10/?present=1', { width, height });
    await slide(page).waitFor();
    const at = await slideWith(page, '[data-testid="frame-compressed"]');
    const frame = await (await slide(page).locator('iframe.widget-frame').elementHandle()).contentFrame();
    await frame.locator('.app.presenter').waitFor();
    await frame.getByTestId('comp-row').first().waitFor();
    const seen = (selector) => frame.locator(selector).evaluateAll((all) => all.map((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight + 1;
    }));
    const bars = await seen('.rate-bar');
    assert.equal(bars.length, 7, 'the plain filter and three k for each coder');
    const first = width === 1280 ? bars.slice(0, 6) : bars;
    assert.ok(first.every(Boolean), `bars on the first screen: ${bars}`);
    assert.deepEqual(await seen('[data-testid="comp-budget"], [data-testid="comp-items"]'), [true, true]);
    assert.equal(await frame.getByText(/When a filter travels over a network/).isVisible(), false, 'the chapter told what the panel’s introduction says');
    // No word of the table is broken over two lines.
    const broken = await frame.locator('.compressed-table').evaluate((table) => {
      const found = [];
      for (const cell of table.querySelectorAll('th, td')) {
        if (!cell.getClientRects().length) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) found.push(match[0]);
          }
        }
      }
      return found;
    });
    assert.deepEqual(broken, [], 'words broken in the table');
    const { small } = await readabilityProblems(frame, 28);
    assert.deepEqual(small, [], 'text in the frame under 28 px');
    for (let press = 1; press <= presses; press++) {
      assert.equal(await index(page), at, `still the compressed filters after ${press - 1} presses`);
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(300);
    }
    await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('a derivation longer than a slide goes on over the next slides, numbered on; read, it is one list', async () => {
  const { page, problems } = await open('/learn/4/');
  await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
  const steps = await page.locator('.derivation > li').count();
  const lists = await page.locator('.derivation').count();
  assert.ok(lists >= 2, `chapter 4's derivation is written for ${lists} slides`);
  // Read, the lists follow one another, their numbers running on.
  const starts = await page.locator('.derivation').evaluateAll((all) => all.map((list) => list.start));
  const sizes = await page.locator('.derivation').evaluateAll((all) => all.map((list) => list.children.length));
  assert.equal(starts[0], 1);
  for (let i = 1; i < lists; i++) assert.equal(starts[i], starts[i - 1] + sizes[i - 1]);
  assert.equal(sizes.reduce((a, b) => a + b), steps);
  // Presented at 1280×720: each part on its own slide, none needing a scroll.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${site.origin}/learn/4/?present=1`);
  await slide(page).waitFor();
  let seen = 0;
  for (let at = 1; seen < steps; at++) {
    const here = await slide(page).locator('.derivation > li').count();
    if (here) {
      assert.ok(await slide(page).evaluate((element) => element.scrollHeight <= element.clientHeight + 1), `slide ${at} fits`);
      assert.equal(await slide(page).locator('.derivation').evaluate((list) => list.start), seen + 1, `slide ${at} goes on from step ${seen + 1}`);
    }
    seen += here;
    await press(page, 'ArrowRight', at + 1);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} the chapter's playground on its slide is a stage: every step of a query fits, and only the steps' own buttons show`, async () => {
    const { page, problems } = await open('/learn/2/?present=1', { width, height });
    await slide(page).waitFor();
    await slideWith(page, '[data-testid="item-input"]');
    await slide(page).getByTestId('item-input').fill('melon');
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    const steps = slide(page).getByTestId('step-through');
    await steps.waitFor();
    assert.equal(await page.getByTestId('slide-next').isVisible(), false, 'one Next on the screen');
    for (let step = 0; ; step++) {
      const fit = await page.evaluate(() => {
        const shown = document.querySelector('[data-testid="slide"]');
        return { slide: shown.scrollHeight <= shown.clientHeight + 1, page: document.documentElement.scrollHeight <= innerHeight + 1 };
      });
      assert.deepEqual(fit, { slide: true, page: true }, `step ${step}`);
      const { small } = await readabilityProblems(page, 28);
      assert.deepEqual(small, [], `step ${step}: text under 28 px`);
      if ((await steps.getAttribute('class')).includes('last')) break;
      await page.keyboard.press('ArrowRight');
      await slide(page).locator(`[data-testid="step-through"][data-step="${step + 1}"]`).waitFor();
    }
    // At the result a remote's PageDown goes on to the next slide, and the result stays as the
    // class left it (beside the next slide's prose, when it docks the widget); the slides' buttons
    // are back, and → turns the slide.
    const at = await index(page);
    const said = await steps.getByTestId('step-body').textContent();
    await press(page, 'PageDown', at + 1);
    assert.equal(await page.getByTestId('slide-next').isVisible(), true, 'the slides’ own buttons are back');
    const kept = page.locator('[data-testid="step-through"].last');
    assert.equal(await kept.count(), 1, 'the result is kept');
    assert.equal(await kept.getByTestId('step-body').textContent(), said);
    // The remote goes back the same way: from the next slide the result kept beside it does not
    // hold PageUp, which returns to the widget's slide; there it goes back through the steps (a
    // remote has no ←), and on again to the result and the next slide.
    await press(page, 'PageUp', at);
    const count = Number(await steps.getAttribute('data-steps'));
    await page.keyboard.press('PageUp');
    await slide(page).locator(`[data-testid="step-through"][data-step="${count - 2}"]`).waitFor();
    assert.equal(await index(page), at, 'the widget’s slide still');
    await page.keyboard.press('PageDown');
    await slide(page).locator('[data-testid="step-through"].last').waitFor();
    assert.equal(await steps.getByTestId('step-body').textContent(), said, 'the same result');
    await press(page, 'PageDown', at + 1);
    await press(page, 'ArrowRight', at + 2);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} stepping through a query in the widget beside the prose keeps each step's title, words and buttons in its column, and the array under them; at the last step the verdict too`, async () => {
    const { page, problems } = await open('/learn/2/?present=1&slide=7', { width, height });
    await slide(page).waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('olive');
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    const steps = page.locator('.chapter-slide.docked [data-testid="step-through"]');
    await steps.waitFor();
    // Whole in the column's visible box (the column scrolls inside; what is scrolled out is not on the wall).
    const outside = (selectors) => page.evaluate((list) => {
      const column = document.querySelector('.chapter-slide.docked').getBoundingClientRect();
      return list.filter((selector) => {
        const box = document.querySelector(`.chapter-slide.docked ${selector}`)?.getBoundingClientRect();
        return !box || box.top < column.top - 1 || box.bottom > column.bottom + 1;
      });
    }, selectors);
    for (let step = 0; ; step++) {
      const last = (await steps.getAttribute('class')).includes('last');
      const wanted = ['.step-count', '[data-testid="step-title"]', '[data-testid="step-prev"]', '.bit-array', ...(last ? ['[data-testid="verdict"]'] : [])];
      assert.deepEqual(await outside(wanted), [], `step ${step}: out of the column`);
      if (last) break;
      await page.keyboard.press('ArrowRight');
      await page.locator(`.chapter-slide.docked [data-testid="step-through"][data-step="${step + 1}"]`).waitFor();
    }
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} a framed widget on its slide is its stage, filling the slide in 28 px type; after a click in it, a remote's keys still turn the slides`, async () => {
    const { page, problems } = await open('/learn/7/?present=1', { width, height });
    await slide(page).waitFor();
    const at = await slideWith(page, '.widget-frame');
    const frameBox = slide(page).locator('iframe.widget-frame');
    await frameBox.waitFor();
    const widget = await (await frameBox.elementHandle()).contentFrame();
    await widget.locator('.app.presenter.folded').waitFor();
    await widget.getByTestId('counter').first().waitFor();
    // The frame is as large as the slide, and its stage needs no scrolling.
    const fit = await page.evaluate(() => {
      const shown = document.querySelector('[data-testid="slide"]');
      const frame = shown.querySelector('iframe.widget-frame').getBoundingClientRect();
      const box = shown.getBoundingClientRect();
      return { inside: shown.scrollHeight <= shown.clientHeight + 1, frame: frame.height, slide: box.height, bottom: frame.bottom <= box.bottom + 1 };
    });
    assert.ok(fit.inside && fit.bottom, `the frame runs past its slide: ${JSON.stringify(fit)}`);
    assert.ok(fit.frame > fit.slide * 0.8, `the frame is ${fit.frame} px on a slide of ${fit.slide} px`);
    const staged = await widget.evaluate(() => ({ scrolls: document.documentElement.scrollHeight > innerHeight + 1 }));
    assert.equal(staged.scrolls, false, 'the stage in the frame scrolls');
    const { small } = await readabilityProblems(widget, 28);
    assert.deepEqual(small, [], 'text in the frame under 28 px');
    // "/" asks for the widget's field, in its frame: what the teacher types goes there.
    await page.keyboard.press('/');
    await page.keyboard.type('fi');
    assert.equal(await widget.getByTestId('item-input').inputValue(), 'fi');
    // The teacher inserts a word in the widget, then turns the slide with the remote.
    await widget.getByTestId('item-input').fill('fig');
    await widget.getByRole('button', { name: 'Insert', exact: true }).click();
    await widget.getByText(/Inserted\s+.fig./).first().waitFor();
    await press(page, 'PageDown', at + 1);
    await press(page, 'PageUp', at);
    // The widget kept what the class did.
    await widget.getByText(/Inserted\s+.fig./).first().waitFor();
    // → steps through the word's insert in the widget (its own key, as on its page); once that is
    // over, → and Esc are the chapter's again.
    await widget.getByTestId('item-input').click();
    await widget.getByTestId('item-input').press('Escape');
    await page.keyboard.press('ArrowRight');
    const line = widget.getByTestId('step-text');
    await line.and(widget.locator('[data-step="0"]')).waitFor();
    for (let step = 1; step <= 3; step++) {
      await page.keyboard.press('ArrowRight');
      await line.and(widget.locator(`[data-step="${step}"]`)).waitFor();
    }
    assert.equal(await index(page), at, 'stepping in the widget keeps the slide');
    // At the last step the remote goes on: the slide turns, as past the playground's result.
    await press(page, 'ArrowRight', at + 1);
    await press(page, 'ArrowLeft', at);
    // Back on the widget's slide, q steps through its field's word there, and the keys go on to it.
    await page.keyboard.press('q');
    await line.and(widget.locator('[data-step="0"]')).waitFor();
    await page.keyboard.press('PageDown');
    await line.and(widget.locator('[data-step="1"]')).waitFor();
    assert.equal(await index(page), at, 'the remote steps the widget');
    await page.keyboard.press('Escape');
    await line.waitFor({ state: 'detached' });
    await press(page, 'ArrowRight', at + 1);
    await press(page, 'ArrowLeft', at);
    await widget.locator('main').click({ position: { x: 5, y: 5 } });
    // Esc in the widget gives the slide the focus back (as on a control of the slide's own); the
    // next Esc leaves the slides.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'slide');
    assert.equal(await index(page), at, 'the first Esc keeps the slides');
    await page.keyboard.press('Escape');
    await slide(page).waitFor({ state: 'detached' });
    // Read again, the widget is at reading size.
    await widget.locator('.app:not(.presenter)').waitFor();
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('a remote’s PageDown or Space turns the slide after a click on the widget beside the prose; Enter presses the button it is on', async () => {
  const { page, problems } = await open('/learn/2/?present=1&slide=5', { width: 1920, height: 1080 });
  await slide(page).waitFor();
  const docked = page.getByTestId('docked-slide');
  await docked.getByTestId('tour-step').nth(1).click();
  await docked.getByTestId('verdict').waitFor();
  // The button keeps the focus: PageDown and Space are the slides', Enter presses the button again.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'tour-step');
  await press(page, 'PageDown', 6);
  await press(page, 'PageUp', 5);
  await docked.getByTestId('item-input').fill('zebra');
  await docked.getByTestId('insert-button').click();
  const set = await docked.locator('[data-testid="bit"][data-set="true"]').count();
  const outcome = await docked.getByTestId('outcome').textContent();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  assert.equal(await index(page), 5, 'Enter on the button did not turn the slide');
  assert.equal(await docked.locator('[data-testid="bit"][data-set="true"]').count(), set, 'inserting zebra again sets nothing new');
  assert.notEqual(await docked.getByTestId('outcome').textContent(), outcome, 'Enter inserted zebra again');
  await press(page, 'Space', 6);
  await press(page, 'Shift+Space', 5);
  await docked.getByTestId('insert-button').focus();
  // A word typed and entered: the field keeps the focus, and the remote still turns the slides.
  await docked.getByTestId('item-input').fill('kiwi');
  await docked.getByTestId('item-input').press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'item-input');
  await press(page, 'PageDown', 6);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('at 1280×720 a remote reaches all of a slide taller than the screen: PageDown shows its rest, in its frame too, before the next slide', async () => {
  const { page, problems } = await open('/learn/11/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  const at = await slideWith(page, '.widget-frame');
  const frame = await (await slide(page).locator('iframe.widget-frame').elementHandle()).contentFrame();
  await frame.locator('.app.presenter').waitFor();
  // Run, the case's rates and the table under them run past the frame's screen.
  await frame.getByTestId('bug-run').click();
  const fixed = frame.locator('[data-testid="bug-rate"][data-variant="fixed"][data-value]');
  await fixed.waitFor({ timeout: 60000 });
  await frame.evaluate(() => scrollTo(0, 0));
  // At the end as the remote's keys tell it (within 2 px), once a scroll has come to rest.
  const atEnd = () => frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
    done(scrollY + innerHeight >= document.documentElement.scrollHeight - 2)))));
  assert.equal(await atEnd(), false, 'the case runs past the frame’s screen');
  // The frame's foot says there is more, until its end is in view.
  const cue = () => frame.evaluate(() => new Promise((done) => requestAnimationFrame(() =>
    done(Number(getComputedStyle(document.querySelector('.app.embed'), '::after').opacity)))));
  assert.ok((await cue()) > 0.9, `the arrow at the frame’s foot shows (${await cue()})`);
  let presses = 0;
  while (!(await atEnd()) && presses < 12) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    presses++;
    assert.equal(await index(page), at, `PageDown ${presses} scrolled; it did not turn the slide`);
  }
  assert.ok(await atEnd(), 'PageDown brought the end of the case into view');
  assert.ok((await cue()) < 0.1, `at the end the arrow is gone (${await cue()})`);
  for (let more = 0; more < 3 && (await index(page)) === at; more++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(150);
  }
  assert.equal(await index(page), at + 1, 'at the end of the frame, PageDown turns the slide');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('chapter 5’s long table goes on over slides, each with its headings; read, it is one table of fifteen rows under one caption', async () => {
  const { page, problems } = await open('/learn/5/', { width: 1280, height: 720 });
  const parts = page.locator('.table-scroll.in-parts');
  assert.ok((await parts.count()) >= 2, 'the table is written in parts');
  assert.equal(await page.locator('.table-scroll.in-parts tbody tr').count(), 15, 'every row once');
  assert.equal(await parts.first().locator('caption').isVisible(), true);
  const captions = await parts.locator('caption').evaluateAll((all) => all.map((caption) => caption.getBoundingClientRect().width > 2));
  assert.deepEqual(captions.slice(1), captions.slice(1).map(() => false), 'read, the caption shows once');
  // The parts touch: one table to the eye, its headings once and its columns in line.
  const gap = await parts.evaluateAll((all) => all[1].querySelector('table').getBoundingClientRect().top - all[0].querySelector('table').getBoundingClientRect().bottom);
  assert.ok(Math.abs(gap) < 2, `${gap} px between the parts`);
  const headings = await parts.evaluateAll((all) => all.map((part) => part.querySelector('thead').getBoundingClientRect().height > 2));
  assert.deepEqual(headings, headings.map((_, i) => i === 0), 'read, the headings show once');
  const columns = await parts.evaluateAll((all) => all.map((part) => [...part.querySelector('tbody tr').cells].map((cell) => Math.round(cell.getBoundingClientRect().left))));
  for (const [i, lefts] of columns.entries()) assert.deepEqual(lefts, columns[0], `part ${i + 1}'s columns line up with the first's`);
  // Presented: each part on a slide of its own that fits the screen, its column headings on top.
  await page.keyboard.press('p');
  await slide(page).waitFor();
  const first = await slideWith(page, '.table-scroll.in-parts');
  for (let part = 0; part < (await parts.count()); part++) {
    if (part > 0) await press(page, 'ArrowRight', first + part);
    const shown = slide(page).locator('.table-scroll');
    assert.equal(await shown.locator('thead th').first().isVisible(), true, `part ${part + 1}: its headings`);
    assert.ok(await slide(page).evaluate((element) => element.scrollHeight <= element.clientHeight + 1), `part ${part + 1} fits its slide`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a table wider than the column reads as cards: each value after its column’s name, nothing cut at the edge; a table in parts one list of cards', async () => {
  for (const [url, lang, colon] of [['/learn/9/', 'en', ': '], ['/learn/3/', 'en', ': '], ['/zh/learn/5/', 'zh', '：']]) {
    const { page, problems } = await open(url, { width: 375, height: 800 });
    const boxes = page.locator('.table-scroll');
    await boxes.first().scrollIntoViewIfNeeded();
    await page.locator('.table-scroll.cards').first().waitFor();
    const laid = await boxes.evaluateAll((all) => all.map((box) => {
      const head = [...(box.querySelector('thead th') ? box.querySelectorAll('thead th') : [])].map((th) => th.textContent);
      const cell = box.querySelector('tbody td');
      return {
        cards: box.classList.contains('cards'),
        more: box.scrollWidth - box.clientWidth,
        right: box.getBoundingClientRect().right <= innerWidth + 1,
        role: box.querySelector('table').getAttribute('role'),
        first: cell && getComputedStyle(cell, '::before').content + ' ' + cell.textContent,
        head,
      };
    }));
    assert.ok(laid.some((box) => box.cards), `${url}: a table wider than the phone`);
    for (const [at, box] of laid.entries()) {
      // Nothing cut at the edge: a table that fits stays a table, a wider one is cards.
      assert.ok(box.more <= 1 && box.right, `${url} table ${at}: ${JSON.stringify(box)}`);
      if (!box.cards) continue;
      assert.equal(box.role, 'table', 'still a table to a screen reader');
      // The first value after its column's name (the second column's: the first heads the row).
      assert.ok(box.first.startsWith(`"${box.head[1]}${colon}"`), `${url} (${lang}): ${box.first}`);
    }
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('at 1280×720 every press of a remote does something a class can see, and a slide with more below says so at its foot', async () => {
  for (const chapter of [4, 7, 9]) {
    const { page, problems } = await open(`/learn/${chapter}/?present=1`, { width: 1280, height: 720 });
    await slide(page).waitFor();
    const count = Number(await slide(page).getAttribute('data-count'));
    // What a press can change: the slide, the scroll of the slide, of the widget beside it, of a
    // framed widget's page and its panels, and the answer shown.
    const seen = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const shown = document.querySelector('[data-testid="slide"]');
      const tops = [...document.querySelectorAll('.chapter-slide.current, .chapter-slide.docked, .chapter-slide.docked .outcome-panel')].map((box) => box.scrollTop);
      const inner = shown.querySelector('iframe.widget-frame')?.contentDocument;
      if (inner) tops.push(inner.scrollingElement.scrollTop, ...[...inner.querySelectorAll('.outcome-panel, .stages-panel, .rows-panel, .array-panel')].map((box) => box.scrollTop));
      // A framed widget's step-through, started or moved by the press, is seen too.
      if (inner) tops.push(inner.querySelector('[data-testid="step-text"]')?.dataset.step ?? '-');
      const more = shown.scrollTop + shown.clientHeight < shown.scrollHeight - 2;
      done({ state: JSON.stringify([shown.dataset.index, tops, shown.querySelector('details[open]') !== null]), index: Number(shown.dataset.index), more, cue: Number(getComputedStyle(shown, '::after').opacity) });
    }))));
    // A framed widget is pressed through once its program has taken its page over (before, a
    // press may scroll the copy the program then replaces).
    const settled = () => page.waitForFunction(() => {
      const frame = document.querySelector('[data-testid="slide"] iframe.widget-frame');
      const inner = frame?.contentDocument;
      return !frame || (inner?.readyState === 'complete' && !inner.getElementById('prerendered') && inner.querySelector('.app'));
    });
    await settled();
    let now = await seen();
    for (let presses = 0; now.index < count && presses < 80; presses++) {
      assert.ok(now.more ? now.cue > 0.9 : now.cue < 0.1, `chapter ${chapter}, slide ${now.index}: ${now.more ? 'more below, and no arrow says so' : 'an arrow, with nothing below'}`);
      await page.keyboard.press('PageDown');
      // What it did, once it shows (a key pressed in a frame reaches the slides by a message).
      let after = now;
      // (A framed widget's program shares the page's thread: on a busy machine its first work
      // may hold the key's turn for a while.)
      for (let wait = 0; after.state === now.state && wait < 100; wait++) {
        await page.waitForTimeout(100);
        await settled();
        after = await seen();
      }
      assert.notEqual(after.state, now.state, `chapter ${chapter}, slide ${now.index}: PageDown ${presses + 1} did nothing to see`);
      now = after;
    }
    assert.equal(now.index, count, `chapter ${chapter}: the remote reached the last slide`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('chapter 2’s false positive is explained beside the widget, which shows it: the verdict and its probed bits on the slide', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  await slideSaying(page, 'yet it was never inserted');
  const docked = page.getByTestId('docked-slide');
  assert.equal(await docked.isVisible(), true, 'the walk-through is beside the explanation');
  assert.match(await slide(page).textContent(), /the widget lists who set each bit/);
  await docked.getByTestId('tour-step').nth(2).click();
  await page.waitForTimeout(400);
  const verdict = docked.getByTestId('verdict');
  assert.equal(await verdict.getAttribute('data-verdict'), 'false-positive');
  const column = await docked.boundingBox();
  const inside = (box) => box.y >= column.y - 1 && box.y + box.height <= column.y + column.height + 1;
  assert.ok(inside(await verdict.locator('.verdict-label').boundingBox()), 'the verdict in the column');
  const word = (await docked.getByTestId('item-input').inputValue()).trim();
  for (const bit of new Set(bitIndexes(word, 16, 3))) {
    assert.ok(inside(await docked.locator(`[data-testid="bit"][data-index="${bit}"]`).boundingBox()), `${word}: bit ${bit} in the column`);
  }
  assert.ok(await slide(page).evaluate((element) => element.scrollHeight <= element.clientHeight + 1), 'the prose fits its slide');
  // Who set those bits may run past the panel at 720 px: a remote's PageDown shows the rest of it,
  // then turns the slide.
  const at = await index(page);
  const panel = docked.locator('.outcome-panel');
  const atEnd = () => panel.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2);
  await page.getByTestId('slide').focus();
  for (let presses = 0; !(await atEnd()); presses++) {
    assert.ok(presses < 6, 'the remote reaches the end of what happened');
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(150);
    assert.equal(await index(page), at, 'PageDown scrolled what happened; it did not turn the slide');
  }
  await press(page, 'PageDown', at + 1);
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} a removal’s long warning in chapter 7’s counting filter leads with the damage it did, and is read whole: on the screen, or by the remote's PageDown`, async () => {
    const { page, problems } = await open('/learn/7/?present=1', { width, height });
    await slide(page).waitFor();
    const at = await slideWith(page, '[data-testid="frame-counting"]');
    const frame = await (await slide(page).locator('iframe[data-testid="frame-counting"]').elementHandle()).contentFrame();
    await frame.locator('.app.presenter.folded').waitFor();
    await frame.getByTestId('item-input').fill('bee');
    await frame.getByTestId('remove-button').click();
    const inView = (locator) => locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const panel = element.closest('.outcome-panel').getBoundingClientRect();
      return box.bottom <= panel.bottom + 1 && box.top >= panel.top - 1 && box.bottom <= innerHeight;
    });
    // The warning's Remove anyway is on the screen, however long the warning; counter 31, which
    // "bee" probes twice, says so.
    assert.ok(await inView(frame.getByTestId('remove-anyway')), 'Remove anyway is in view');
    assert.equal(await frame.locator('[data-index="31"] .bit-badge').textContent(), 'g×2');
    await frame.getByRole('button', { name: /anyway/ }).click();
    const damage = frame.getByText(/This removal created 1 false negative/);
    await damage.waitFor();
    // The false negative it made is the first thing the class sees, with no key pressed.
    assert.ok(await inView(damage), 'the false negative it made is in view');
    assert.ok(await inView(frame.getByTestId('false-negative')), 'the item it denies is in view');
    const panel = frame.locator('.outcome-panel');
    const atEnd = () => panel.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2);
    if (height > 1000) assert.equal(await atEnd(), true, 'at 1080 px what happened is whole');
    await slide(page).focus();
    for (let presses = 0; !(await atEnd()); presses++) {
      assert.ok(presses < 6, 'the remote reaches the end of what happened');
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(150);
      assert.equal(await index(page), at, 'PageDown scrolled what happened; it did not turn the slide');
    }
    await press(page, 'PageDown', at + 1);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} a query stepped through in chapter 7’s counting filter ends on its whole verdict, with the counters it read`, async () => {
    const { page, problems } = await open('/learn/7/?present=1', { width, height });
    await slide(page).waitFor();
    await slideWith(page, '[data-testid="frame-counting"]');
    const frame = await (await slide(page).locator('iframe[data-testid="frame-counting"]').elementHandle()).contentFrame();
    await frame.locator('.app.presenter.folded').waitFor();
    await frame.getByTestId('item-input').fill('kiwi');
    await frame.getByTestId('insert-button').click();
    await frame.getByTestId('query-button').click();
    await frame.getByTestId('step-button').click();
    const whole = () => frame.evaluate(() => {
      const panel = document.querySelector('.outcome-panel');
      const box = panel.getBoundingClientRect();
      const counters = [...document.querySelectorAll('.counter.probe, .bit.probe')].map((cell) => cell.getBoundingClientRect());
      return {
        text: panel.textContent,
        inside: panel.scrollHeight <= panel.clientHeight + 1 && box.bottom <= innerHeight + 1,
        counters: counters.length > 0 && counters.every((cell) => cell.top >= 0 && cell.bottom <= innerHeight + 1),
      };
    });
    // Stepped on to the last probe, where the verdict comes.
    while (await frame.getByTestId('step-next').count()) await frame.getByTestId('step-next').click();
    await frame.getByTestId('step-done').waitFor();
    const shown = await whole();
    assert.match(shown.text, /“kiwi”: all 3 counters are above 0 \([\d, ]+\), so the filter answers “maybe” — and here rightly: it is in the set\./);
    assert.equal(shown.inside, true, 'the verdict is whole in its panel, on the screen');
    assert.equal(shown.counters, true, 'the counters it read are on the screen');
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} a remote alone steps chapter 7’s counting filter and chapter 9’s scalable filter: a word in each field, every counter or bit a step names on the screen and readable, and the slide turns after the last step`, async () => {
    for (const [chapter, widget] of [[7, 'counting'], [9, 'scalable']]) {
      const { page, problems } = await open(`/learn/${chapter}/?present=1`, { width, height });
      await slide(page).waitFor();
      const at = await slideWith(page, `[data-testid="frame-${widget}"]`);
      const frame = await (await slide(page).locator(`iframe[data-testid="frame-${widget}"]`).elementHandle()).contentFrame();
      await frame.locator('.app.presenter.folded').waitFor();
      // The widget opens with a word to query, its answer on the screen.
      const word = await frame.getByTestId('item-input').inputValue();
      assert.ok(word.trim().length > 0, `chapter ${chapter}: the field holds a word`);
      assert.match(await frame.locator('.outcome-panel').textContent(), new RegExp(`“${word}”`));
      await slide(page).focus();
      await page.keyboard.press('q');
      const text = frame.getByTestId('step-text');
      await text.waitFor();
      assert.equal(await text.getAttribute('data-step'), '0', `chapter ${chapter}: q starts at the first step`);
      const onScreen = (box) => box && box.width > 0 && box.y >= 0 && box.y + box.height <= height + 1;
      const frameBox = await slide(page).locator('iframe.widget-frame').boundingBox();
      for (let step = 1; ; step++) {
        await page.keyboard.press('PageDown');
        await frame.locator(`[data-testid="step-text"][data-step="${step}"]`).waitFor();
        const said = await text.textContent();
        // What the step names: a counter ("counter 31 is 4") or a stage's bits ("Stage 2: bits 7, 13, … hold").
        const named = widget === 'counting'
          ? [...said.matchAll(/counter (\d+) (?:is|goes)/g)].map((found) => `.counter-array [data-index="${found[1]}"]`)
          : (() => {
            const [, stage, bits] = said.match(/^Stage (\d+): bits ([\d, ]+) hold/);
            return bits.split(', ').map((bit) => `[data-testid="stage"]:nth-child(${stage}).drawn .dot[data-index="${bit}"]`);
          })();
        assert.ok(named.length > 0, `chapter ${chapter}, step ${step}: ${said}`);
        for (const cell of named) {
          const box = await frame.locator(cell).boundingBox();
          assert.ok(onScreen(box) && box.y + box.height <= frameBox.y + frameBox.height + 1, `chapter ${chapter}, step ${step}: ${cell} on the screen (${said})`);
          assert.ok(box.width >= 16, `chapter ${chapter}, step ${step}: ${cell} is ${box.width} px wide`);
        }
        assert.deepEqual(await badgesOverNumbers(frame), [], `chapter ${chapter}, step ${step}: a badge over a number`);
        if (step === 1) {
          // The QR code and the list of keys, opened from the slide mid-step and closed: the
          // remote's next PageDown still steps the widget (the next wait), not the slides.
          for (const [key, dialog] of [['c', 'code-dialog'], ['?', 'shortcut-help']]) {
            await slide(page).focus();
            await page.keyboard.press(key);
            await page.getByTestId(dialog).waitFor();
            await page.keyboard.press('Escape');
            await page.getByTestId(dialog).waitFor({ state: 'detached' });
          }
          assert.equal(await index(page), at, `chapter ${chapter}: the dialogs left the slide as it was`);
        }
        if (await frame.getByTestId('step-done').count()) break;
        assert.ok(step < 12, 'the steps end');
      }
      // PageUp steps back inside the widget, not to the slide before; PageDown returns.
      const last = Number(await text.getAttribute('data-step'));
      await page.keyboard.press('PageUp');
      await frame.locator(`[data-testid="step-text"][data-step="${last - 1}"]`).waitFor();
      assert.equal(await index(page), at, `chapter ${chapter}: PageUp stayed on the slide`);
      await page.keyboard.press('PageDown');
      await frame.getByTestId('step-done').waitFor();
      // Past the last step, the remote shows the rest of the answer (when its box scrolls), then
      // turns the slide.
      for (let presses = 0; await index(page) === at; presses++) {
        assert.ok(presses < 6, `chapter ${chapter}: the remote turns the slide after the last step`);
        await page.keyboard.press('PageDown');
        await page.waitForTimeout(300);
      }
      assert.equal(await index(page), at + 1);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} the count-min sketch on its slide shows every row of counters after a stream, and names its Zipf field`, async () => {
    const { page, problems } = await open('/learn/7/?present=1', { width, height });
    await slide(page).waitFor();
    await slideWith(page, '[data-testid="frame-count-min"]');
    const frame = await (await slide(page).locator('iframe[data-testid="frame-count-min"]').elementHandle()).contentFrame();
    await frame.locator('.app.presenter.folded').waitFor();
    const label = frame.locator('label[for="cms-exponent"]');
    assert.equal(await label.isVisible(), true, 'the Zipf field has its label on the stage');
    assert.match(await label.textContent(), /Zipf exponent/);
    await frame.getByTestId('stream-button').click();
    await frame.getByTestId('cms-streamed').waitFor();
    const cut = await frame.evaluate(() => [...document.querySelectorAll('.cms-cell')]
      .filter((cell) => { const box = cell.getBoundingClientRect(); return box.bottom > innerHeight + 1 || box.top < 0; }).length);
    assert.equal(cut, 0, 'counters below the frame’s screen');
    assert.equal(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), true, 'the stage in the frame scrolls');
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('the slide bar’s Presenter mode, Menu and QR buttons line up on every kind of chapter', async () => {
  const { page, problems } = await open('/learn/11/?present=1', { width: 1280, height: 720 });
  for (const chapter of [11, 2, 7]) {
    if (chapter !== 11) await page.goto(`${site.origin}/learn/${chapter}/?present=1`);
    await slide(page).waitFor();
    const boxes = await page.locator('.site-header > :is(.presenter-toggle, .menu-toggle, .code-toggle)').evaluateAll((all) =>
      all.map((button) => { const box = button.getBoundingClientRect(); return [Math.round(box.top), Math.round(box.bottom), Math.round(box.left), Math.round(box.right)]; }));
    assert.equal(boxes.length, 3, `chapter ${chapter}: three buttons`);
    assert.deepEqual(new Set(boxes.map(([top, bottom]) => `${top}-${bottom}`)).size, 1, `chapter ${chapter}: one top and bottom: ${JSON.stringify(boxes)}`);
    const gaps = boxes.slice(1).map((box, i) => box[2] - boxes[i][3]);
    assert.ok(Math.max(...gaps) - Math.min(...gaps) <= 1, `chapter ${chapter}: even gaps ${gaps}`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a remote goes on past a chapter’s last slide: its answer first, then the next chapter, presented; and back before its first, to the last slide of the chapter before', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  await page.keyboard.press('End');
  const count = Number(await slide(page).getAttribute('data-count'));
  await page.locator(`[data-testid="slide"][data-index="${count}"]`).waitFor();
  const answer = slide(page).getByTestId('check-answer');
  assert.equal(await answer.evaluate((details) => details.open), false);
  // Where Next was, the next chapter's link, presented, as the remote goes there.
  const onward = page.getByTestId('slide-next-chapter');
  assert.equal(await onward.textContent(), 'Chapter 3 →');
  assert.equal(new URL(await onward.getAttribute('href'), page.url()).pathname + new URL(await onward.getAttribute('href'), page.url()).search, '/learn/3/?present=1');
  assert.equal(await page.getByTestId('slide-next').count(), 0);
  // The bar is one row of one-line parts, clear of the header's buttons beside it.
  const bar = await page.evaluate(() => {
    const parts = [...document.querySelectorAll('.slide-bar > *')].map((part) => part.getBoundingClientRect());
    const [toggle, qr] = ['presenter-toggle', 'qr-button'].map((id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect());
    return {
      tallest: Math.max(...parts.map((box) => box.height)),
      line: qr.height,
      right: Math.max(...parts.map((box) => box.right)),
      toggle: toggle.left,
      clear: toggle.bottom <= Math.min(...parts.map((box) => box.top)) || Math.max(...parts.map((box) => box.right)) <= toggle.left,
    };
  });
  assert.ok(bar.tallest <= bar.line + 4, `a part of the bar folds: ${JSON.stringify(bar)}`);
  assert.ok(bar.clear, `the bar runs under the header's buttons: ${JSON.stringify(bar)}`);
  await page.keyboard.press('PageDown');
  assert.equal(await answer.evaluate((details) => details.open), true, 'the first press shows the answer');
  assert.match(page.url(), /\/learn\/2\//);
  // Then the rest of the slide, then a pause that says what the next press does: a press too many
  // after "Check yourself" does not take the class into the next chapter.
  const pause = page.getByTestId('slides-chapter-end');
  for (let more = 0; more < 4 && !(await pause.isVisible()); more++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
  }
  assert.equal(await pause.textContent(), 'End of the chapter: the next key opens chapter 3');
  assert.match(page.url(), /\/learn\/2\//);
  assert.equal(await index(page), count);
  await page.keyboard.press('PageDown');
  await page.waitForURL(/\/learn\/3\/\?present=1/);
  await appReady(page);
  await page.locator('[data-testid="slide"][data-index="1"]').waitFor();
  assert.match(await slide(page).textContent(), /\S/);
  // A press too many is undone by the remote's other key: back to chapter 2, at its last slide.
  await page.keyboard.press('PageUp');
  await page.waitForURL(/\/learn\/2\/\?present=1/);
  await appReady(page);
  await page.locator(`[data-testid="slide"][data-index="${count}"]`).waitFor();
  assert.match(await slide(page).textContent(), /Check yourself/);
  await page.waitForFunction((count) => location.search === `?present=1&slide=${count}`, count);
  // ← on the first slide of a chapter does the same.
  await page.keyboard.press('Home');
  await page.locator('[data-testid="slide"][data-index="1"]').waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/\/learn\/1\/\?present=1&slide=last/);
  await appReady(page);
  const first = Number(await slide(page).getAttribute('data-count'));
  await page.locator(`[data-testid="slide"][data-index="${first}"]`).waitFor();
  // The last chapter's last slide says the tutorial ends there.
  await page.goto(`${site.origin}/learn/12/?present=1&slide=last`);
  await appReady(page);
  assert.equal(await page.getByTestId('slides-end').textContent(), 'The end of the tutorial');
  assert.equal(await page.getByTestId('slide-next').isDisabled(), true);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the widget beside the prose opens at its top on each slide, wherever an earlier slide left it scrolled — once a query is answered, at its answer', async () => {
  const { page, problems } = await open('/ja/learn/2/?present=1', { width: 1280, height: 720 });
  await slide(page).waitFor();
  const docked = page.getByTestId('docked-slide');
  const count = Number(await slide(page).getAttribute('data-count'));
  // Two slides in a row with the widget beside them: scrolled down on the first (a query's answer
  // brought into view, a remote's PageDown), the second shows it from its top.
  let checked = false;
  for (let at = 1; at < count && !checked; at++) {
    const beside = await docked.isVisible();
    if (beside) {
      await docked.evaluate((column) => { column.scrollTop = column.scrollHeight; });
      assert.ok(await docked.evaluate((column) => column.scrollTop) > 0, 'the column scrolls at 720 px');
    }
    await press(page, 'ArrowRight', at + 1);
    if (beside && await docked.isVisible()) {
      assert.equal(await docked.evaluate((column) => column.scrollTop), 0, `slide ${at + 1} shows the widget from its top`);
      const field = await docked.getByTestId('item-input').boundingBox();
      assert.ok(field.y >= 0, `its field at ${field.y} px`);
      checked = true;
    }
  }
  assert.ok(checked, 'two slides in a row have the widget beside them');
  // Once a query has been answered beside the prose, the next slide with the widget beside it
  // opens at the array with the answer under it: the verdict and its probed bits in the column.
  await press(page, 'Home', 1);
  for (let at = 1; !(await docked.isVisible() && await docked.getByTestId('tour-step').count()); at++) {
    assert.ok(at < count, 'a slide has the guided queries beside it');
    await press(page, 'ArrowRight', at + 1);
  }
  await docked.getByTestId('tour-step').nth(2).click();
  await docked.getByTestId('verdict').waitFor();
  for (let at = await index(page); at < count; at++) {
    await press(page, 'ArrowRight', at + 1);
    if (!(await docked.isVisible())) continue;
    const column = await docked.boundingBox();
    const inside = (box) => box.y >= column.y - 1 && box.y + box.height <= column.y + column.height + 1;
    const verdict = docked.getByTestId('verdict');
    for (const part of ['.verdict-label', '.verdict-text']) {
      assert.ok(inside(await verdict.locator(part).boundingBox()), `slide ${at + 1}: the verdict's ${part} in the column`);
    }
    for (const bit of new Set(bitIndexes('melon', 16, 3))) {
      assert.ok(inside(await docked.locator(`[data-testid="bit"][data-index="${bit}"]`).boundingBox()), `slide ${at + 1}: bit ${bit} in the column`);
    }
    break;
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} prose about chapter 4's chart shows the chart beside it, or, where it cannot, a button to its slide`, async () => {
    const { page, problems } = await open('/learn/4/?present=1&slide=10', { width, height });
    await slide(page).waitFor();
    assert.match(await slide(page).textContent(), /Add random words and watch the points climb/);
    const button = page.getByTestId('dock-link');
    if (width < 1500) {
      // Too narrow for the chart in 28 px type beside the prose: the prose is alone, and says where the chart is.
      assert.equal(await page.getByTestId('docked-slide').isVisible(), false);
      assert.ok(await button.isVisible(), 'the way to the chart is on the slide');
      const [, target] = (await button.textContent()).match(/^Try it on slide (\d+) →$/);
      await button.click();
      await page.waitForFunction((target) => document.querySelector('[data-testid="slide"]')?.dataset.index === target, target);
      await page.waitForURL(new RegExp(`slide=${target}$`));
      // The slide it leads to is the chart's, live: ten random words move its points.
      const points = () => page.locator('[data-testid="slide"] .chapter-chart [data-testid="fpr-point"]').count();
      const before = await points();
      await slide(page).getByRole('button', { name: 'Add 10 random words' }).click();
      await page.waitForFunction((before) => document.querySelectorAll('[data-testid="slide"] .chapter-chart [data-testid="fpr-point"]').length > before, before);
    } else {
      // Beside the prose, the chart with its two fields named.
      const docked = page.getByTestId('docked-slide');
      assert.ok(await docked.locator('.chapter-chart svg').first().isVisible(), 'the chart beside the prose');
      assert.equal(await button.isVisible(), false, 'no button where the chart is shown');
      for (const [id, name] of [['chapter-m-input', 'm (bits)'], ['chapter-k-input', 'k (hash functions)']]) {
        const label = docked.locator(`label[for="${id}"]`);
        assert.ok(await label.isVisible(), `${name} named`);
        assert.equal((await label.textContent()).trim(), name);
      }
      // The chart and its legend whole beside the prose: nothing to scroll.
      const more = await docked.evaluate((element) => element.scrollHeight - element.clientHeight);
      assert.ok(more <= 1, `the chart beside the prose needs ${more} px more`);
    }
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`at ${width}×${height} prose about chapter 7’s counting filter, a framed widget, has a button to the widget’s slide`, async () => {
    const { page, problems } = await open('/learn/7/?present=1', { width, height });
    await slide(page).waitFor();
    const widget = await slideWith(page, '[data-testid="frame-counting"]');
    await slideSaying(page, 'So delete only items known to be in the set');
    const button = page.getByTestId('dock-link');
    assert.ok(await button.isVisible(), 'the way to the widget the words talk about is on the slide');
    assert.equal(await button.textContent(), `Try it on slide ${widget} →`);
    await button.click();
    await page.waitForFunction((widget) => document.querySelector('[data-testid="slide"]')?.dataset.index === String(widget), widget);
    await slide(page).locator('iframe[data-testid="frame-counting"]').waitFor();
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('the chart beside chapter 4’s prose keeps its place as words go in, even when some were in already', async () => {
  const { page, problems } = await open('/learn/4/?present=1', { width: 1920, height: 1080 });
  await slide(page).waitFor();
  await slideSaying(page, 'watch the points climb');
  const docked = page.getByTestId('docked-slide');
  const chart = docked.locator('.chart-figure');
  const before = await chart.boundingBox();
  const n = docked.getByTestId('chapter-chart-n');
  const duplicates = docked.getByTestId('chapter-chart-duplicates');
  // Each press adds ten new words while the list lasts; the list runs out after fifteen or so.
  for (let press = 1; press <= 16 && !(await duplicates.count()); press++) {
    const start = Number((await n.textContent()).replace('n = ', ''));
    await docked.getByTestId('random-words-button').click();
    await page.waitForFunction(([node, from]) => node.textContent !== `n = ${from}`, [await n.elementHandle(), start]);
    if (!(await duplicates.count())) assert.equal(await n.textContent(), `n = ${start + 10}`, `press ${press} adds ten new words`);
  }
  assert.match(await duplicates.textContent(), /^\d+ of them (was|were) already in the set\.$/);
  const note = await duplicates.boundingBox();
  assert.ok(note.width >= 200 && note.height <= 60, `the note is a line: ${JSON.stringify(note)}`);
  const after = await chart.boundingBox();
  assert.ok(after.width >= before.width * 0.8 && after.y + after.height <= 1080, `the chart stays on screen: ${JSON.stringify({ before, after })}`);
  assert.deepEqual(problems(), []);
  await page.close();
});
