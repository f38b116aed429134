import type { Page } from '@playwright/test';
import { test, expect, claim, lift, livesShown, openFresh, roll, saved } from './fixtures';

const picker = (page: Page) => page.locator('mia-language-picker select');

test.describe('in the browser language', () => {
  test.use({ locale: 'de-DE' });

  test('a German browser gets German; a language picked in the app is kept after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Spiel starten' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(picker(page)).toHaveValue('de');

    // Switching happens in place: the page is not reloaded (the marker survives).
    await page.evaluate(() => Object.assign(window, { miaMarker: 'same page' }));
    await picker(page).selectOption('da');
    await expect(page.getByRole('button', { name: 'Start spillet' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await picker(page).selectOption('en');
    await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
    await picker(page).selectOption('nb');
    await expect(page.getByRole('button', { name: 'Start spillet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Legg til spiller' })).toBeVisible();
    expect(await page.evaluate(() => (window as { miaMarker?: string }).miaMarker)).toBe(
      'same page',
    );

    await page.reload();
    await expect(page.getByRole('button', { name: 'Start spillet' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await expect(picker(page)).toHaveValue('nb');
  });
});

test.describe('in Norwegian', () => {
  test.use({ locale: 'nb-NO' });

  test('a round played in Norwegian: verdict, lives and the rules in Norwegian words', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    const inputs = page.locator('mia-new-game input');
    while ((await inputs.count()) > 3) {
      await page
        .getByRole('button', { name: /^Fjern spiller/ })
        .last()
        .click();
    }
    for (const [i, name] of ['Kari', 'Ola', 'Per'].entries()) await inputs.nth(i).fill(name);
    await page.locator('mia-new-game [data-preset="norwegian"]').click();
    await page.getByRole('button', { name: 'Spiller 1 starter' }).click();
    await page.getByRole('button', { name: 'Start spillet' }).click();
    await expect(page.locator('mia-table')).toBeVisible();
    await expect(page.locator('mia-actions')).toContainText('Kari starter runde 1: rist begeret.');

    // Kari claims par fire on a 3 and a 2; Ola lifts.
    await roll(page);
    await claim(page, 44);
    await expect(page.locator('mia-actions')).toContainText('Ola: tro på Karis 44 (par fire)');
    // The words of seed 004 (sende videre i blinde; titte: see taps.spec.ts), and who is to act.
    await expect(
      page.locator('mia-actions').getByRole('button', { name: 'Send videre i blinde' }),
    ).toBeVisible();
    await expect(page.locator('mia-players li[data-seat="1"]')).toContainText('Står for tur');
    await lift(page);
    await page.getByRole('radio', { name: 'Terning 1: 3' }).click();
    await page.getByRole('radio', { name: 'Terning 2: 2' }).click();

    const verdict = page.locator('[data-testid="verdict"]').first();
    await expect(verdict).toHaveText(
      'Terninger 32, melding 44 (par fire): Kari bløffet og mister 1 liv.',
    );
    await expect(page.locator('mia-verdict')).toContainText('Kari starter runde 2.');
    expect(await livesShown(page)).toEqual([5, 6, 6]);
    await expect(page.locator('mia-players li[data-seat="0"]')).toContainText('5 liv igjen');
    await expect(page.locator('mia-players li[data-seat="1"]')).toContainText('6 liv igjen');

    // Runtime switch in a game (in Options): English at once, and back.
    await page.getByRole('button', { name: 'Valg', exact: true }).click();
    await picker(page).selectOption('en');
    await page.keyboard.press('Escape');
    await expect(verdict).toHaveText(
      'Dice 32, claim 44 (double 4): Kari bluffed and loses 1 life.',
    );
    await page.getByRole('button', { name: 'Options', exact: true }).click();
    await picker(page).selectOption('nb');
    await page.keyboard.press('Escape');
    await expect(verdict).toContainText('Kari bløffet');
    await page.getByRole('button', { name: 'Regler' }).click();
    await expect(page.locator('mia-rules-panel')).toContainText('Alle starter med 6 liv');
    await page.getByRole('button', { name: 'Lukk' }).click();
    await saved(page);
  });
});

test('English by default in an English browser', async ({ page }) => {
  await openFresh(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(picker(page)).toHaveValue('en');
});
