/**
 * Shared Playwright fixtures and table helpers: every test fails on a page error, a console
 * error (a CSP violation is one) or a request that leaves the app's origin. The table's snapshot
 * (drawn over the app on a reload until the app has drawn the table: src/ui/first-screen) is
 * forgotten before each page unless a test asks for it (`tableSnapshots`, table-snapshot.spec):
 * a test that reloads mid-game checks the app's own restore, not the picture before it.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { SNAPSHOT_KEY } from '../../src/ui/first-screen/draw-snapshot';

export const test = base.extend<{ guard: void; tableSnapshots: boolean }>({
  tableSnapshots: [false, { option: true }],
  guard: [
    async ({ page, context, baseURL, tableSnapshots }, use) => {
      if (!tableSnapshots) {
        await context.addInitScript((key) => {
          try {
            localStorage.removeItem(key);
          } catch {
            // no storage here (about:blank)
          }
        }, SNAPSHOT_KEY);
      }
      const problems: string[] = [];
      const origin = new URL(baseURL!).origin;
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
      });
      context.on('request', (r) => {
        const url = r.url();
        if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) {
          problems.push(`request left the origin: ${url}`);
        }
      });
      await use();
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export type Preset = 'longhall' | 'pub' | 'lizumo' | 'box' | 'norwegian';

/**
 * Hold the built chunk `name` (`/assets/<name>-<hash>.js`: `index`, the app's first; `session`)
 * until the returned function is called. With the service worker blocked: it would serve the
 * chunks from its cache, past `page.route`.
 */
export async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Open the app with nothing stored and wait for the new-game screen. */
export async function openFresh(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  // The new-game screen shows before storage is opened; the app says when it was read.
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
}

/** Set the players (in seat order), the tradition and the opener, and start (setting aside a game under way). */
export async function startGame(
  page: Page,
  names: string[],
  preset: Preset = 'longhall',
  options: { opener?: number; lives?: number; adjust?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const { opener = 0 } = options;
  const inputs = page.locator('mia-new-game input');
  while ((await inputs.count()) < names.length) {
    await page.getByRole('button', { name: 'Add player' }).click();
  }
  while ((await inputs.count()) > names.length) {
    await page
      .getByRole('button', { name: /^Remove player/ })
      .last()
      .click();
  }
  for (const [i, name] of names.entries()) await inputs.nth(i).fill(name);
  await page.locator(`mia-new-game [data-preset="${preset}"]`).click();
  if (options.lives !== undefined) {
    const shown = page.locator('mia-rule-settings output');
    while (Number(await shown.textContent()) > options.lives) {
      await page.getByRole('button', { name: 'Fewer lives' }).click();
    }
  }
  await options.adjust?.(page);
  await page.getByRole('button', { name: `Player ${opener + 1} opens` }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  // A game under way behind the new-game screen is set aside (the app asks first).
  const asked = page.getByRole('dialog', { name: 'A game is under way' });
  await expect(page.locator('mia-table').or(asked)).toBeVisible();
  if (await asked.isVisible()) await asked.getByRole('button', { name: 'Set it aside' }).click();
  await expect(page.locator('mia-table')).toBeVisible();
}

const actions = (page: Page) => page.locator('mia-actions');

export const roll = (page: Page) => actions(page).locator('[data-action="ROLL"]').click();
export const lift = (page: Page) => actions(page).locator('[data-action="LIFT"]').click();
export const peek = (page: Page) => actions(page).locator('[data-action="PEEK"]').click();
export const acceptMia = (page: Page) =>
  actions(page).locator('[data-action="ACCEPT_MIA"]').click();

/** Tap a score in the claim picker that is showing. */
export const claim = (page: Page, score: number) =>
  actions(page).locator(`mia-claim-picker button[data-score="${score}"]`).click();

/** Pass the cup on blind with this score. */
export async function passBlind(page: Page, score: number): Promise<void> {
  await actions(page).locator('[data-action="PASS_BLIND"]').click();
  await claim(page, score);
}

/** Enter the dice shown after a lift: the second face settles it. */
export async function dice(page: Page, a: number, b: number): Promise<void> {
  const entry = actions(page).locator('mia-dice-entry');
  await entry.getByRole('radio', { name: `Die 1: ${a}` }).click();
  await entry.getByRole('radio', { name: `Die 2: ${b}` }).click();
}

/** Lives per seat as the table shows them. */
export async function livesShown(page: Page): Promise<number[]> {
  const seats = page.locator('mia-players li');
  await expect(seats.first()).toBeVisible();
  return seats.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-lives'))));
}

/** The player marked to act. */
export const toAct = (page: Page) => page.locator('mia-players li[aria-current="true"] .name');

export const verdict = (page: Page) => page.locator('[data-testid="verdict"]').first();

/** Wait until every step so far is written to IndexedDB. */
export const saved = (page: Page) => expect(page.locator('mia-app')).not.toHaveAttribute('saving');

/**
 * In a game: open the Options dialog (in table mode from the first seat's menu), tap one of its
 * buttons, and close it again.
 */
export async function option(page: Page, name: string | RegExp): Promise<void> {
  const seated = (await page.locator('mia-seat-bar').count()) > 0;
  if (seated) await openSeatMenu(page);
  const options = page.locator('mia-dialog-button[data-dialog="options"]');
  await options.getByRole('button', { name: 'Options', exact: true }).click();
  const dialog = options.getByRole('dialog', { name: 'Options' });
  await expect(dialog).toBeVisible();
  // The dialog's content is slotted: a child of <mia-dialog-button>, not of <dialog>.
  await options.getByRole('button', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (seated) await page.keyboard.press('Escape');
  await expect(page.locator('mia-seat-menu')).toHaveCount(0);
}

/** Table mode: open the menu of the seats on `side` (the first side with a menu by default). */
export async function openSeatMenu(page: Page, side?: string): Promise<void> {
  const bar = page.locator(side ? `mia-seat-bar[side="${side}"]` : 'mia-seat-bar').first();
  await bar.getByRole('button', { name: /^Menu/ }).click();
  await expect(page.locator('mia-seat-menu')).toBeVisible();
}

/** In a game: show or hide the odds (through the Options dialog). */
export const toggleOdds = (page: Page) => option(page, /^(Show odds|Odds shown)$/);
