/**
 * Table mode fits its screen: at each tablet size and number of players, every control of the
 * prompt (the actions, the claims, the dice, Undo beside a verdict) is whole on screen, inside
 * the turned frame that shows it (not clipped, not scrolled away), at least 48 px, and no two of
 * them overlap; the verdict's words have room to be read (not broken a letter or two per line).
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, dice, lift, openFresh, roll, saved, startGame } from './fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];
const NAMES = ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid', 'Leif', 'Sigrid', 'Gunnar'];

/**
 * What does not fit in table mode now, in words (empty when all fits). Controls are the buttons
 * of `<mia-actions>` and of the verdicts; each must lie whole inside the frame (`mia-facing`) it
 * is drawn in and inside every box that scrolls it (not scrolled away), and must not overlap
 * another. Boxes are the screen's: a frame turns by quarters, so they stay exact.
 */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const all = (root: ParentNode, selector: string): Element[] => {
      const found = [...root.querySelectorAll(selector)];
      if (root instanceof Element && root.shadowRoot) found.push(...all(root.shadowRoot, selector));
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) found.push(...all(el.shadowRoot, selector));
      }
      return found;
    };
    /** The parent of a node in the flat tree (into slots, out of shadow roots). */
    const up = (node: Node): Node | null =>
      node instanceof Element && node.assignedSlot
        ? node.assignedSlot
        : (node.parentNode ?? (node instanceof ShadowRoot ? node.host : null));
    /** The frame an element is drawn in: its nearest `mia-facing`. */
    const frameOf = (el: Element): Element | null => {
      for (let node: Node | null = el; node; node = up(node)) {
        if (node instanceof Element && node.localName === 'mia-facing') return node;
      }
      return null;
    };
    /** What of the screen an element may show in: its frame, and every box that scrolls it. */
    const clipsOf = (el: Element): DOMRect[] => {
      const clips: DOMRect[] = [];
      for (let node = up(el); node; node = up(node)) {
        if (!(node instanceof Element)) continue;
        const { overflowX, overflowY } = getComputedStyle(node);
        const clipping = overflowX !== 'visible' || overflowY !== 'visible';
        if (clipping || node.localName === 'mia-facing') clips.push(node.getBoundingClientRect());
        if (node.localName === 'mia-facing') break;
      }
      return clips;
    };
    const within = (box: DOMRect, clip: DOMRect) =>
      box.left >= clip.left - 1 &&
      box.top >= clip.top - 1 &&
      box.right <= clip.right + 1 &&
      box.bottom <= clip.bottom + 1;
    const name = (el: Element) =>
      `${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? el.localName}`;
    const actions = all(document, 'mia-actions').flatMap((a) => all(a, 'button'));
    const undos = all(document, 'mia-verdict').flatMap((v) => all(v, 'button'));
    const controls = [...actions, ...undos].filter((b) => b.getClientRects().length > 0);
    if (controls.length === 0) problems.push('no control shown');
    const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect() }));
    for (const { el, box } of boxes) {
      if (Math.min(box.width, box.height) < 48) problems.push(`${name(el)}: under 48 px`);
      if (!frameOf(el)) problems.push(`${name(el)}: not in a frame`);
      else if (!clipsOf(el).every((clip) => within(box, clip))) {
        problems.push(`${name(el)}: not whole on screen`);
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].box;
        const b = boxes[j].box;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) problems.push(`${name(boxes[i].el)} overlaps ${name(boxes[j].el)}`);
      }
    }
    // The odds (when the table shows them): every figure whole on screen, never broken inside.
    for (const figure of all(document, 'mia-odds').flatMap((o) => all(o, 'dd, p'))) {
      if (figure.getClientRects().length === 0) continue;
      const text = figure.textContent?.trim() ?? '';
      if (!clipsOf(figure).every((clip) => within(figure.getBoundingClientRect(), clip))) {
        problems.push(`odds "${text.slice(0, 20)}": not whole on screen`);
      }
      const range = document.createRange();
      range.selectNodeContents(figure);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (lines > text.split(/\s+/).length) problems.push(`odds "${text}" broken inside a word`);
    }
    // The verdict's words: at least about a dozen letters to a line, and every line shown.
    for (const headline of all(document, '[data-testid="verdict"]')) {
      if (headline.getClientRects().length === 0) continue;
      const html = headline as HTMLElement;
      const letter = parseFloat(getComputedStyle(html).fontSize) * 0.6;
      if (html.clientWidth < 12 * letter) problems.push(`verdict is ${html.clientWidth}px wide`);
      if (!clipsOf(headline).every((clip) => within(headline.getBoundingClientRect(), clip))) {
        problems.push('verdict: not whole on screen');
      }
    }
    return problems;
  });
}

async function fits(page: Page, step: string): Promise<void> {
  // The frames settle on their size a frame after a change (a resize observer).
  await expect(async () => expect(await misfits(page), step).toEqual([])).toPass({
    timeout: 15_000,
  });
}

test.use({ reducedMotion: 'reduce' });

for (const size of SIZES) {
  for (const count of [2, 4, 6, 9]) {
    test(`table mode fits ${size.width}x${size.height} with ${count} players`, async ({ page }) => {
      await page.setViewportSize(size);
      await openFresh(page);
      await page.getByRole('button', { name: 'Table mode', exact: true }).click();
      await startGame(page, NAMES.slice(0, count), 'pub');
      await fits(page, 'roll');
      await roll(page);
      await fits(page, 'claims');
      await claim(page, 54);
      await fits(page, 'believe or lift');
      await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
      await fits(page, 'blind pass');
      await claim(page, 61);
      await lift(page);
      await fits(page, 'dice');
      await dice(page, 4, 1);
      await expect(page.locator('[data-testid="verdict"]').first()).toBeVisible();
      await fits(page, 'verdict');
    });
  }
}

for (const count of [4, 9]) {
  test(`with the odds shown, a short frame keeps the claim, the odds and the actions in view (${count} players)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await openFresh(page);
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table', odds: true })),
    );
    await page.reload();
    await startGame(page, NAMES.slice(0, count), 'pub');
    await roll(page);
    await claim(page, 54);
    await expect(page.locator('mia-odds [data-testid="odds-beat"]')).toBeAttached();
    await fits(page, 'believe or lift, with the odds');
  });
}

test('a column of table mode that scrolls can be scrolled by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await openFresh(page);
  await page.evaluate(() =>
    localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table', odds: true })),
  );
  await page.reload();
  await startGame(page, NAMES.slice(0, 4), 'pub');
  await roll(page);
  await claim(page, 54);
  // Turned toward the left side, the claim and the odds are taller than their column.
  const centre = page.locator('mia-table .inner > .centre');
  await expect(page.locator('mia-odds')).toBeAttached();
  await expect(centre).toHaveAttribute('tabindex', '0');
  await centre.focus();
  await page.keyboard.press('End');
  await expect.poll(() => centre.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // The actions' column fits: not in the tab order.
  await expect(page.locator('mia-table .inner > .act')).not.toHaveAttribute('tabindex', /.*/);
});

/**
 * The toolbar's buttons in words (empty when all is well): on one row, and no label broken
 * inside a word (a label may take two lines, one word each).
 */
function toolbarMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('mia-app')?.shadowRoot?.querySelector('mia-toolbar');
    const root = bar?.shadowRoot;
    if (!root) return ['no toolbar'];
    const buttons: Element[] = [
      ...root.querySelectorAll('button'),
      ...[...root.querySelectorAll('mia-dialog-button')].flatMap((d) => [
        ...(d.shadowRoot?.querySelectorAll('button[part="button"]') ?? []),
      ]),
    ];
    const problems: string[] = [];
    const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top / 4)));
    if (tops.size !== 1) problems.push(`${tops.size} rows`);
    for (const button of buttons) {
      const text = button.textContent?.trim() ?? '';
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const words = text.split(/\s+/).length;
      if (lines > words) problems.push(`"${text}" takes ${lines} lines`);
      if (button.scrollWidth > button.clientWidth + 1) problems.push(`"${text}" overflows`);
    }
    return problems;
  });
}

test('in a game on a landscape tablet the toolbar keeps to one row in every language', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openFresh(page);
  await startGame(page, NAMES.slice(0, 4), 'pub');
  await saved(page); // stored before the reloads (a reload at once may find no game)
  for (const locale of ['en', 'nb', 'de', 'da']) {
    await page.evaluate(
      (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
      JSON.stringify({ locale, layout: 'one-side' }),
    );
    await page.reload();
    await expect(page.locator('mia-actions [data-action="ROLL"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(async () => expect(await toolbarMisfits(page), locale).toEqual([])).toPass({
      timeout: 15_000,
    });
  }
});

/** Each seat's Undo and Menu in words (empty when all is well): whole, no word broken. */
function seatBarMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document
      .querySelector('mia-app')
      ?.shadowRoot?.querySelector('mia-table')
      ?.shadowRoot?.querySelector('mia-round-table');
    const bars = [...(table?.shadowRoot?.querySelectorAll('mia-seat-bar') ?? [])];
    if (bars.length === 0) return ['no seat bars'];
    const problems: string[] = [];
    for (const bar of bars) {
      const root = bar.shadowRoot!;
      const buttons = [
        ...root.querySelectorAll('button'),
        ...(root.querySelector('mia-dialog-button')?.shadowRoot?.querySelectorAll('button') ?? []),
      ];
      for (const button of buttons) {
        const text = button.textContent?.trim() ?? '';
        const range = document.createRange();
        range.selectNodeContents(button);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const words = text.split(/\s+/).length;
        const side = bar.getAttribute('side');
        if (lines > words) problems.push(`${side}: "${text}" broken inside a word`);
        if (button.scrollWidth > button.clientWidth + 1)
          problems.push(`${side}: "${text}" overflows`);
        const box = button.getBoundingClientRect();
        if (Math.min(box.width, box.height) < 48) problems.push(`${side}: "${text}" under 48 px`);
      }
    }
    return problems;
  });
}

for (const size of SIZES) {
  test(`each seat's Undo and menu fit at ${size.width}x${size.height} in every language`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openFresh(page);
    await startGame(page, NAMES, 'pub');
    for (const locale of ['en', 'nb', 'de', 'da']) {
      await page.evaluate(
        (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
        JSON.stringify({ locale, layout: 'table' }),
      );
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('mia-seat-bar')).toHaveCount(4);
      await expect(async () => expect(await seatBarMisfits(page), locale).toEqual([])).toPass({
        timeout: 15_000,
      });
    }
  });
}
