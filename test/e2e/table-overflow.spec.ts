/**
 * Nothing is cut off in table mode: at 1024x768, 768x1024, 1280x800 and 800x1280, with 2 to 16
 * players of 40-character names, in all four languages, every seat panel shows its whole name
 * and lives, and the verdict and the standing claim are whole in their frame, or the box that
 * scrolls them shows that there is more (it fades at its lower edge: `data-more`). So does a
 * dialog longer than the screen, turned to any side.
 */
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  openFresh,
  openSeatMenu,
  roll,
  startGame,
} from './fixtures';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

/** 40-character names, each a little different. */
const names = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    `Kristoffer ${i + 1} Haraldsen Bjørnstad-Lunde`.padEnd(40, 'x').slice(0, 40),
  );

/** What is cut off in table mode, in words (empty when nothing is). */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const deep = (root: ParentNode, selector: string): Element[] => {
      const found = [...root.querySelectorAll(selector)];
      for (const el of root.querySelectorAll('*'))
        if (el.shadowRoot) found.push(...deep(el.shadowRoot, selector));
      return found;
    };
    const up = (node: Node): Node | null =>
      node instanceof Element && node.assignedSlot
        ? node.assignedSlot
        : (node.parentNode ?? (node instanceof ShadowRoot ? node.host : null));
    const over = (el: Element) =>
      el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    // Seats: the panel fits its frame, the name its line.
    for (const seat of deep(document, 'mia-facing[data-seat]')) {
      const frame = seat.shadowRoot?.querySelector('.turn');
      const name = seat.querySelector('.name');
      const who = name?.textContent?.trim().slice(0, 14);
      if (frame && over(frame)) problems.push(`seat ${who}: panel taller than its frame`);
      if (name && name.scrollWidth > name.clientWidth + 1) problems.push(`seat ${who}: name cut`);
    }
    // The verdicts and the standing claim: whole where they are shown, or their box scrolls and
    // says there is more; nothing inside them cut.
    for (const host of deep(document, 'mia-verdict, mia-standing-claim')) {
      if (host.getClientRects().length === 0) continue;
      const box = host.getBoundingClientRect();
      for (let node = up(host); node; node = up(node)) {
        if (!(node instanceof Element)) continue;
        const clip = node.getBoundingClientRect();
        const { overflowY } = getComputedStyle(node);
        if (overflowY === 'visible' && node.localName !== 'mia-facing') continue;
        const whole = box.top >= clip.top - 1 && box.bottom <= clip.bottom + 1;
        const hinted = node.hasAttribute('data-more') || node.scrollTop > 0;
        // The first box that cuts it must say so; the boxes round that one see it whole.
        if (!whole && !hinted) problems.push(`${host.localName}: cut, with no sign of more`);
        if (!whole || node.localName === 'mia-facing') break;
      }
      for (const inner of host.shadowRoot?.querySelectorAll('*') ?? []) {
        const { overflowX, overflowY } = getComputedStyle(inner);
        if ((overflowX !== 'visible' || overflowY !== 'visible') && over(inner))
          problems.push(`${host.localName}: "${inner.textContent?.trim().slice(0, 20)}" cut`);
      }
    }
    return problems;
  });
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
]) {
  for (const count of [2, 10, 16]) {
    test(`nothing is cut off at ${size.width}x${size.height} with ${count} players of 40 letters`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await openFresh(page);
      await page.getByRole('button', { name: 'Table mode', exact: true }).click();
      await startGame(page, names(count), 'longhall');
      for (const locale of ['en', 'nb', 'de', 'da']) {
        await page.evaluate(
          (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
          JSON.stringify({ locale, layout: 'table' }),
        );
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('mia-round-table mia-facing[data-seat]')).toHaveCount(count);
        await expect(async () => expect(await cutOff(page), locale).toEqual([])).toPass({
          timeout: 15_000,
        });
        if (locale !== 'en') continue;
        // A verdict (the next opener's, and the loser's band) in every language after this.
        await roll(page);
        await claim(page, 54);
        await lift(page);
        await dice(page, 4, 1);
        await expect(page.locator('[data-testid="verdict"]').first()).toBeVisible();
        await expect(async () => expect(await cutOff(page), 'verdict').toEqual([])).toPass({
          timeout: 15_000,
        });
      }
    });
  }
}

test('a dialog longer than the screen fades at its lower edge until it is scrolled there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openFresh(page);
  await page.getByRole('button', { name: 'Table mode', exact: true }).click();
  await startGame(page, names(10), 'longhall');
  for (const side of ['bottom', 'left']) {
    await openSeatMenu(page, side);
    // A menu of a few buttons fits: no fade.
    await expect(page.getByRole('dialog', { name: 'Menu' })).not.toHaveAttribute('data-more');
    await page.locator('mia-seat-menu').getByRole('button', { name: 'Stats', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Stats' });
    await expect(dialog).toHaveAttribute('data-more');
    await dialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(dialog).not.toHaveAttribute('data-more');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.locator('mia-dialog-button dialog[open]')).toHaveCount(0);
  }
});
