import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  acceptMia,
  claim,
  dice,
  lift,
  openFresh,
  option,
  roll,
  startGame,
  toggleOdds,
} from './fixtures';

async function noViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => `${screen}: ${v.id} (${v.nodes.length}) ${v.help}`);
  expect(found).toEqual([]);
}

// Axe runs over every screen in both themes: minutes of work on a busy 2-core machine. The
// limit only catches a hang.
test.describe.configure({ timeout: 600_000 });

test('axe finds no violations on any screen, in either theme', async ({ page }) => {
  await openFresh(page);
  await noViolations(page, 'new game');

  await startGame(page, ['Ann', 'Bo', 'Cy'], 'pub', { lives: 2 });
  // One side here; table mode has its own axe checks (table-a11y.spec.ts and the table-*.spec.ts).
  await expect(page.locator('mia-table')).toHaveAttribute('layout', 'one-side');
  await noViolations(page, 'table, opening');
  await roll(page);
  await noViolations(page, 'table, announcing');
  await claim(page, 43);
  await noViolations(page, 'table, facing a claim');
  await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
  await noViolations(page, 'table, blind pass');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await lift(page);
  await noViolations(page, 'table, entering dice');
  await dice(page, 4, 3);
  await noViolations(page, 'table, verdict');

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('mia-history')).toBeVisible();
  await noViolations(page, 'history');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect(page.locator('mia-rules-panel')).toContainText('Believing means looking');
  await noViolations(page, 'rules');
  await page.getByRole('button', { name: 'Close' }).click();

  await option(page, 'Light theme');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await noViolations(page, 'table, light theme');
  await option(page, 'Dark theme');

  await roll(page);
  await claim(page, 21);
  await acceptMia(page);
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 1);
  await expect(page.locator('mia-game-over')).toBeVisible();
  await noViolations(page, 'game over');
});

test('axe finds no violations on the unreadable-game screen', async ({ page }) => {
  await openFresh(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('mia-cup');
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          tx.objectStore('games').put({ schema: 99 }, 'current');
          tx.oncomplete = () => resolve();
        };
      }),
  );
  await page.reload();
  await expect(page.getByText('newer version of Mia Cup').first()).toBeVisible();
  await noViolations(page, 'unreadable');
});

test('axe finds no violations on the odds, the statistics and the scoreboard, in both themes', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'pub', { lives: 2 });
  await toggleOdds(page);
  await roll(page);
  await claim(page, 54);
  await noViolations(page, 'odds, standing claim');
  await lift(page);
  await dice(page, 4, 3);
  await noViolations(page, 'odds, after a lift');
  for (const theme of ['dark', 'light']) {
    for (const name of ['Stats', 'Options']) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await noViolations(page, `${name}, ${theme}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name })).toBeHidden();
    }
    if (theme === 'dark') await option(page, 'Light theme');
  }
  // Bo opens (after the loser) with a true 65; Ann lifts it and is the first out.
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 6, 5);
  await expect(page.locator('mia-game-over mia-lives-chart')).toBeVisible();
  await noViolations(page, 'game over, light theme');
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.locator('mia-language-picker select').selectOption('nb');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await noViolations(page, 'game over, Norwegian');
});
