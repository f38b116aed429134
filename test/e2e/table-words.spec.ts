/**
 * Table mode's buttons read in every language: at 1024x768, 768x1024, 1280x800 and 800x1280,
 * in English, Norwegian, German and Danish, the labels of the actions (Look, Pass blind, Lift!,
 * Cancel) and of the verdict's Undo wrap between words only ("Blind / weitergeben", never
 * "weiterge / ben") and stay inside their buttons, and the actions stay whole on screen beside
 * the simulated cup.
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, dice, lift, roll, saved, startGame } from './fixtures';
import { notWhole } from './table-helpers';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

/**
 * The words broken across two lines in the buttons of the actions and the verdicts, and the
 * labels wider than their button.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const deep = (root: ParentNode, selector: string): Element[] => {
      const found = [...root.querySelectorAll(selector)];
      for (const el of root.querySelectorAll('*'))
        if (el.shadowRoot) found.push(...deep(el.shadowRoot, selector));
      return found;
    };
    const buttons = deep(document, 'mia-actions, mia-verdict').flatMap((host) =>
      deep(host.shadowRoot ?? host, 'button'),
    );
    const broken: string[] = [];
    for (const button of buttons) {
      if (button.getClientRects().length === 0) continue;
      if (button.scrollWidth > button.clientWidth + 1)
        broken.push(`${button.textContent?.trim()} (wider)`);
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** English last: the steps between are tapped by their English names. */
const LOCALES = ['nb', 'de', 'da', 'en'];

/**
 * The page in `locale`, table mode, reloaded (and `again` done: a picker opened, which a reload
 * closes); its buttons break no word, and the actions are whole on screen.
 */
async function readsIn(
  page: Page,
  locale: string,
  step: string,
  again?: () => Promise<void>,
): Promise<void> {
  // The last step stored before the reload: a reload within a write's few milliseconds would
  // reopen the table before it (CI run L2 under load lost the claim so).
  await saved(page);
  await page.evaluate(
    (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
    JSON.stringify({ locale, layout: 'table' }),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  // The simulated cup's panel comes in above the actions once the cup is up, after the table
  // was drawn, and moves them down: a tap made as it comes in lands beside (CI run L4).
  await expect(page.getByTestId('sim-shake')).toBeVisible();
  await again?.();
  await expect(async () =>
    expect(await brokenWords(page), `${locale}, ${step}`).toEqual([]),
  ).toPass({ timeout: 15_000 });
  // The labels' room is not bought with scrolling: every action whole on screen (a picker
  // opened again, of a score per button, may scroll).
  if (again) return;
  const actions = page.locator('mia-actions .buttons > button');
  await expect(async () =>
    expect(await notWhole(actions), `${locale}, ${step}`).toEqual([]),
  ).toPass({ timeout: 15_000 });
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
]) {
  test(`the buttons' labels break only between words at ${size.width}x${size.height}`, async ({
    page,
  }) => {
    // With the simulated cup: its Shake and Lid take room above the actions.
    await page.setViewportSize(size);
    await page.goto('/?cup=sim');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
    );
    await page.reload();
    await startGame(page, ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid'], 'pub');
    await roll(page);
    await claim(page, 54);
    for (const locale of LOCALES) await readsIn(page, locale, 'believe or lift');
    const blind = () => page.locator('mia-actions [data-action="PASS_BLIND"]').click();
    for (const locale of LOCALES) await readsIn(page, locale, 'blind pass', blind);
    await claim(page, 61);
    await lift(page);
    await dice(page, 4, 1);
    await expect(page.locator('[data-testid="verdict"]').first()).toBeVisible();
    for (const locale of LOCALES) await readsIn(page, locale, 'verdict');
  });
}
