/**
 * Table mode's dialogs read from every side: at the four tablet sizes, History, Rules, Stats
 * and Options opened from each side's menu face that side, lie whole on the screen, run along
 * the side they face as far as the screen allows (a quarter-turned dialog on a portrait tablet
 * as long as the screen is tall), and their Close button covers none of their words.
 */
import type { Locator } from '@playwright/test';
import { test, expect, claim, openSeatMenu, roll, startGame } from './fixtures';
import { tableMode, turnOf } from './table-helpers';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

const SIDES = [
  ['bottom', 0],
  ['left', 90],
  ['top', 180],
  ['right', 270],
] as const;

/** What is wrong with the open dialog of `button` (a `<mia-dialog-button>`), in words. */
function dialogMisfits(button: Locator): Promise<string[]> {
  return button.evaluate((host) => {
    const problems: string[] = [];
    const dialog = host.shadowRoot!.querySelector('dialog')!;
    const box = dialog.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1)
      problems.push(`off the screen: ${JSON.stringify(box)}`);
    // Along the side it faces: about as long as the screen allows (1000 px at most).
    const quarter = ['90', '270'].includes(dialog.dataset.facing ?? '');
    const along = quarter ? box.height : box.width;
    const room = Math.min(1000, quarter ? innerHeight : innerWidth);
    if (along < 0.94 * room) problems.push(`${Math.round(along)} px long of ${room}`);
    // Close covers no word of the content (at the top, where the dialog opens).
    const close = host.shadowRoot!.querySelector('.close')!.getBoundingClientRect();
    const texts = (root: Node): Text[] =>
      [...root.childNodes].flatMap((node) => [
        ...(node instanceof Text && node.textContent?.trim() ? [node] : []),
        ...(node instanceof Element && node.shadowRoot ? texts(node.shadowRoot) : []),
        ...texts(node),
      ]);
    for (const text of texts(host)) {
      if (text.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of range.getClientRects()) {
        const apart =
          r.right <= close.left + 1 ||
          r.left >= close.right - 1 ||
          r.bottom <= close.top + 1 ||
          r.top >= close.bottom - 1;
        if (!apart) problems.push(`Close covers "${text.textContent?.trim().slice(0, 30)}"`);
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
  test(`every dialog reads from every side at ${size.width}x${size.height}`, async ({ page }) => {
    await tableMode(page, size);
    await startGame(page, ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid'], 'pub');
    await roll(page);
    await claim(page, 54);
    for (const name of ['History', 'Rules', 'Stats', 'Options']) {
      for (const [side, facing] of SIDES) {
        await openSeatMenu(page, side);
        await page.locator('mia-seat-menu').getByRole('button', { name, exact: true }).click();
        const dialog = page.getByRole('dialog', { name });
        await expect(async () => expect(await turnOf(dialog)).toBe(facing)).toPass();
        const button = page.locator(`mia-seat-menu mia-dialog-button[label="${name}"]`);
        await expect(async () =>
          expect(await dialogMisfits(button), `${name} from the ${side}`).toEqual([]),
        ).toPass({ timeout: 15_000 });
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await expect(page.locator('mia-dialog-button dialog[open]')).toHaveCount(0);
      }
    }
  });
}
