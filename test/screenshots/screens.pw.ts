/**
 * Screenshots of every screen at 1024x768 and 768x1024 into screenshots/ (gitignored), for a
 * person to look at: `npm run screenshots`. Not part of `npm test`; it asserts only that each
 * screen can be reached.
 */
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  openFresh,
  option,
  passBlind,
  roll,
  startGame,
  toggleOdds,
} from '../e2e/fixtures';

const SIZES = [
  { width: 1024, height: 768, name: 'landscape' },
  { width: 768, height: 1024, name: 'portrait' },
];

for (const size of SIZES) {
  test(`every screen, ${size.name}`, async ({ page }) => {
    await page.setViewportSize(size);
    const shot = (name: string) =>
      page.screenshot({ path: `screenshots/${size.name}-${name}.png`, animations: 'disabled' });
    await openFresh(page);
    await shot('01-new-game');
    await startGame(page, ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn'], 'longhall');
    await shot('02-table-opening');
    await roll(page);
    await shot('03-announce');
    await claim(page, 54);
    await roll(page);
    await claim(page, 61);
    await shot('04-facing');
    await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
    await shot('05-blind-pass');
    await claim(page, 62);
    await lift(page);
    await page.getByRole('radio', { name: 'Die 1: 4' }).click();
    await shot('06-lift-dice');
    await page.getByRole('radio', { name: 'Die 2: 1' }).click();
    await shot('07-verdict');
    await page.getByRole('button', { name: 'History' }).click();
    await opened(page, 'History');
    await shot('08-history');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Rules' }).click();
    await opened(page, 'Rules');
    await shot('09-rules');
    await page.getByRole('button', { name: 'Close' }).click();
    await option(page, 'Light theme');
    await shot('10-light');
    await option(page, 'Dark theme');
    await toggleOdds(page);
    await shot('13-odds-after-lift');
    await roll(page);
    await claim(page, 54);
    await shot('14-odds-standing');
    await page.getByRole('button', { name: 'Stats', exact: true }).click();
    await opened(page, 'Stats');
    await shot('15-stats');
    await closed(page);
    await option(page, 'Light theme');
    await page.getByRole('button', { name: 'Stats', exact: true }).click();
    await opened(page, 'Stats');
    await shot('16-stats-light');
    await closed(page);
    await option(page, 'Dark theme');
    await page.getByRole('button', { name: 'Options', exact: true }).click();
    await page.locator('mia-language-picker select').selectOption('nb');
    await closed(page);
    await expect(page.getByRole('button', { name: 'Valg', exact: true })).toBeVisible();
    await shot('17-table-norwegian');
    await page.getByRole('button', { name: 'Valg', exact: true }).click();
    await page.locator('mia-language-picker select').selectOption('en');
    await page.keyboard.press('Escape');
    await toggleOdds(page);
    await lift(page);
    await dice(page, 5, 4);
    await playToEnd(page);
    await expect(page.locator('mia-game-over')).toBeVisible();
    await shot('11-game-over');
    await page.locator('mia-game-over mia-scoreboard').scrollIntoViewIfNeeded();
    await shot('18-game-over-scoreboard');
    await option(page, 'Light theme');
    await page.locator('mia-game-over mia-lives-chart').scrollIntoViewIfNeeded();
    await shot('19-game-over-light');
    await option(page, 'Dark theme');
    await page.getByRole('button', { name: 'Options', exact: true }).click();
    await opened(page, 'Options');
    await shot('20-options-dialog');
    await page.locator('mia-language-picker select').selectOption('de');
    await closed(page);
    await expect(page.getByRole('button', { name: 'Optionen', exact: true })).toBeVisible();
    await shot('21-game-over-german');
    await page.getByRole('button', { name: 'Optionen', exact: true }).click();
    await page.locator('mia-language-picker select').selectOption('en');
    await page.keyboard.press('Escape');
  });
}

/** The dialog named `name` is open, its content shown. */
async function opened(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.locator('mia-dialog-button dialog[open]')).toHaveCount(1);
}

/** Escape closes the open dialog. */
async function closed(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('mia-dialog-button dialog[open]')).toHaveCount(0);
}

/** Erik claims Mia and everyone lifts it, round after round, until one is left. */
async function playToEnd(page: Page): Promise<void> {
  for (let i = 0; i < 20 && (await page.locator('mia-game-over').count()) === 0; i += 1) {
    await roll(page);
    await claim(page, 21);
    await passBlind(page, 21).catch(() => undefined);
    await lift(page);
    await dice(page, 2, 1);
  }
}

test('the unreadable-game screen, both sizes', async ({ page }) => {
  await openFresh(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('mia-cup');
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          tx.objectStore('games').put({ schema: 1, snapshot: 'torn' }, 'current');
          tx.oncomplete = () => resolve();
        };
      }),
  );
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.reload();
    await expect(page.getByText('The saved game cannot be opened')).toBeVisible();
    await page.screenshot({ path: `screenshots/${size.name}-12-unreadable.png` });
  }
});

for (const size of SIZES) {
  test(`lives as numbers (over ten), table mode and one side, ${size.name}`, async ({ page }) => {
    await page.setViewportSize(size);
    const shot = (name: string) =>
      page.screenshot({ path: `screenshots/${size.name}-${name}.png`, animations: 'disabled' });
    await openFresh(page);
    await page.getByRole('button', { name: 'Table mode', exact: true }).click();
    const more = page.getByRole('button', { name: 'More lives' });
    const adjust = async () => {
      while (await more.isEnabled()) await more.click();
    };
    await startGame(page, ['Erik', 'Snorri', 'Olaf'], 'pub', { adjust });
    await roll(page);
    await claim(page, 54);
    await lift(page);
    await dice(page, 3, 1);
    await expect(page.locator('mia-round-table .count').first()).toHaveText('19');
    await shot('22-table-mode-counts');
    await option(page, 'Table mode on');
    await expect(page.locator('mia-players .count').first()).toHaveText('19');
    await shot('23-one-side-counts');
  });
}
