/** What a new player tripped over, one test each: each would fail without its fix. */
import type { Page } from '@playwright/test';
import { test, expect, claim, lift, openFresh, roll, startGame, verdict } from './fixtures';

const picker = (page: Page) => page.locator('mia-new-game mia-language-picker select');

test('every string follows a language switch on the new-game screen at once, also back', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo']);
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('button', { name: 'Back to the game' })).toBeVisible();
  await picker(page).selectOption('de');
  await expect(page.getByRole('button', { name: 'Zurück zum Spiel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Spiel starten' })).toBeVisible();
  await picker(page).selectOption('en');
  await expect(page.getByRole('button', { name: 'Back to the game' })).toBeVisible();
  await picker(page).selectOption('da');
  await expect(page.getByRole('button', { name: 'Tilbage til spillet' })).toBeVisible();
  await page.getByRole('button', { name: 'Tilbage til spillet' }).click();
  await expect(page.locator('mia-actions [data-action="ROLL"]')).toHaveText('Slå');
});

test.describe('at 1024 x 768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a 40-character name without spaces wraps: Lift! and the verdict stay on screen', async ({
    page,
  }) => {
    const long = 'W'.repeat(40);
    await openFresh(page);
    const input = page.locator('mia-new-game input').first();
    // The limit shows while typing: a counter, and the 41st character is not taken.
    await input.fill('');
    await input.pressSequentially(`${long}X`);
    await expect(input).toHaveValue(long);
    await expect(page.getByTestId('name-limit').first()).toHaveText('40/40');
    await startGame(page, [long, 'Bo'], 'lizumo');
    await roll(page);
    await claim(page, 62);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    const liftButton = page.locator('mia-actions [data-action="LIFT"]');
    await expect(liftButton).toBeInViewport({ ratio: 1 });
    expect(await width()).toBeLessThanOrEqual(1024);
    await lift(page);
    await page.getByRole('radio', { name: 'Die 1: 5' }).click();
    await page.getByRole('radio', { name: 'Die 2: 1' }).click();
    await expect(verdict(page)).toContainText(long);
    const box = await page.locator('mia-verdict').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await width()).toBeLessThanOrEqual(1024);
  });

  test('why Start is disabled is shown beside Start, not at the end of the page', async ({
    page,
  }) => {
    await openFresh(page);
    const inputs = page.locator('mia-new-game input');
    await inputs.nth(1).fill(' ');
    const start = page.getByRole('button', { name: 'Start game' });
    await expect(start).toBeDisabled();
    const why = page.locator('mia-new-game .start-row [role="alert"]');
    await expect(why).toHaveText('Every player needs a name.');
    await expect(start).toBeInViewport();
    await expect(why).toBeInViewport();
  });
});

test('facing a Mia, the prompt names what can be done', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await roll(page);
  await claim(page, 21);
  await expect(page.locator('mia-actions .prompt')).toHaveText(
    "Bo: lift Ann's 21 (Mia), or give up 1 life?",
  );
  await page.getByRole('button', { name: 'New game' }).click();
  await startGame(page, ['Ann', 'Bo'], 'longhall');
  await roll(page);
  await claim(page, 21);
  await expect(page.locator('mia-actions .prompt')).toHaveText(
    "Bo: lift Ann's 21 (Mia), or pass it on blind?",
  );
});

test('without a cup in use the cup panel is one quiet line that opens', async ({ page }) => {
  // No emulated adapter: Web Bluetooth reports no radio.
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo']);
  const quiet = page.locator('mia-cup-panel details.quiet');
  await expect(quiet.locator('summary')).toHaveText('Sensor cup: not available here');
  await expect(page.locator('mia-cup-panel section')).toBeHidden();
  await quiet.locator('summary').click();
  await expect(page.locator('mia-cup-panel section')).toBeVisible();
  await expect(page.locator('mia-cup-panel section')).toContainText(
    'Bluetooth is off or missing on this device',
  );
});

test('the standing claim is announced through a live region as it changes', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  const live = page.locator('mia-standing-claim [role="status"][aria-live="polite"]');
  await expect(live).toHaveText('');
  await roll(page);
  await claim(page, 62);
  await expect(live).toHaveText('Standing claim 62, by Ann, rolled.');
  await expect(page.getByTestId('standing')).not.toHaveAttribute('aria-label');
  await roll(page);
  await claim(page, 44);
  await expect(live).toHaveText('Standing claim 44 (double 4), by Bo, rolled.');
});

test('player counts follow the traditions: 000 up to 16, 004 up to 8', async ({ page }) => {
  await openFresh(page);
  await page.locator('mia-new-game [data-preset="longhall"]').click();
  const limit = page.getByTestId('player-limit');
  await expect(limit).toHaveText('This tradition seats 2 to 16 players.');
  const add = page.getByRole('button', { name: 'Add player' });
  const inputs = page.locator('mia-new-game input');
  while ((await inputs.count()) < 16) await add.click();
  await expect(add).toBeDisabled();
  await page.locator('mia-new-game [data-preset="norwegian"]').click();
  await expect(limit).toHaveText('This tradition seats 2 to 8 players.');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeDisabled();
  await expect(page.locator('mia-new-game .start-row [role="alert"]')).toHaveText(
    'A game needs 2 to 8 players.',
  );
  await page.locator('mia-new-game [data-preset="longhall"]').click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page.locator('mia-players li')).toHaveCount(16);
});
