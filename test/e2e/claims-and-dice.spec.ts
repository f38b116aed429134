/**
 * Stories of a turn at the table: calling a score (only the claims the table's ranking and
 * rules allow, by tap or by keyboard) and entering the dice after a lift.
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, lift, openFresh, roll, startGame, type Preset } from './fixtures';

const picker = (page: Page) => page.locator('mia-actions mia-claim-picker');

async function order(page: Page): Promise<number[]> {
  return picker(page)
    .locator('button')
    .evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-score'))));
}

async function enabled(page: Page): Promise<number[]> {
  return picker(page)
    .locator('button:not([disabled])')
    .evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-score'))));
}

const NON_DOUBLES = [65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31];

async function tableWith(
  page: Page,
  preset: Preset,
  adjust?: (page: Page) => Promise<void>,
): Promise<void> {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], preset, { adjust });
  await roll(page);
}

test.describe('calling a score', () => {
  test('ones-high: 21 scores in rank order, Mia marked, only beating claims enabled', async ({
    page,
  }) => {
    await tableWith(page, 'longhall');
    expect(await order(page)).toEqual([21, 11, 22, 33, 44, 55, 66, ...NON_DOUBLES]);
    expect(await enabled(page)).toHaveLength(21);
    const mia = picker(page).locator('button[data-score="21"]');
    await expect(mia).toHaveClass(/mia/);
    await expect(mia).toContainText('Mia');
    await expect(mia).toHaveAttribute('aria-label', '21, Mia');
    await claim(page, 22);
    await expect(page.getByTestId('standing')).toHaveText('22');
    // Bo hands it on blind: longhall may repeat 22.
    await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
    expect(await enabled(page)).toEqual([21, 11, 22]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await roll(page);
    expect(await enabled(page)).toEqual([21, 11]);
    await expect(picker(page).locator('button[data-score="22"]')).toHaveClass(/standing/);
    // A score that does not beat the standing claim cannot be called, even by a forced tap.
    await picker(page).locator('button[data-score="31"]').click({ force: true });
    await expect(page.getByTestId('standing')).toHaveText('22');
    await expect(picker(page)).toBeVisible();
    await picker(page).getByRole('button', { name: '21, Mia' }).click();
    await expect(page.getByTestId('standing')).toHaveText('21');
  });

  test('sixes-high: 66 tops the doubles; a blind pass must raise', async ({ page }) => {
    await tableWith(page, 'box');
    expect(await order(page)).toEqual([21, 66, 55, 44, 33, 22, 11, ...NON_DOUBLES]);
    await claim(page, 22);
    await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
    expect(await enabled(page)).toEqual([21, 66, 55, 44, 33]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await roll(page);
    expect(await enabled(page)).toEqual([21, 66, 55, 44, 33]);
    await claim(page, 21);
    // After a Mia nobody rolls or passes blind at a 'raise' table: lift or give up.
    await expect(page.locator('mia-actions [data-action="ROLL"]')).toHaveCount(0);
    await expect(page.locator('mia-actions [data-action="PASS_BLIND"]')).toHaveCount(0);
    await expect(page.locator('mia-actions [data-action="LIFT"]')).toBeVisible();
    await expect(page.locator('mia-actions [data-action="ACCEPT_MIA"]')).toBeVisible();
  });

  test('Little Mia puts 31 second; no blind passes at lizumo', async ({ page }) => {
    await tableWith(page, 'lizumo', async (p) => {
      await p.locator('[data-setting="littleMia"][data-value="true"]').click();
    });
    expect(await order(page)).toEqual([
      21,
      31,
      66,
      55,
      44,
      33,
      22,
      11,
      ...NON_DOUBLES.slice(0, -1),
    ]);
    await claim(page, 31);
    await expect(page.locator('mia-actions [data-action="PASS_BLIND"]')).toHaveCount(0);
    await roll(page);
    expect(await enabled(page)).toEqual([21]);
  });

  test('equal claims let a claim match the standing one', async ({ page }) => {
    await tableWith(page, 'norwegian', async (p) => {
      await p.locator('[data-setting="equalClaims"][data-value="true"]').click();
    });
    await claim(page, 61);
    await roll(page);
    expect(await enabled(page)).toEqual([21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61]);
  });

  test('keyboard: R rolls, two digits claim, L lifts, digits enter the dice', async ({ page }) => {
    await openFresh(page);
    await startGame(page, ['Ann', 'Bo'], 'lizumo');
    await page.keyboard.press('r');
    await page.keyboard.type('45');
    await expect(page.getByTestId('standing')).toHaveText('54');
    await page.keyboard.type('31');
    await expect(page.locator('mia-actions [role="alert"]')).toHaveText('Roll the dice first.');
    await page.keyboard.press('l');
    await page.keyboard.type('45');
    await expect(page.getByTestId('verdict')).toHaveText(
      'Dice 54, claim 54: the claim holds, so Bo loses 1 life.',
    );
  });
});

test.describe('entering the dice after a lift', () => {
  test('the second face settles the lift at once, in any order; Undo beside the verdict', async ({
    page,
  }) => {
    await openFresh(page);
    await startGame(page, ['Ann', 'Bo'], 'lizumo');
    await roll(page);
    await claim(page, 62);
    await lift(page);
    const entry = page.locator('mia-actions mia-dice-entry');
    await expect(entry.getByRole('radio')).toHaveCount(12);
    await entry.getByRole('radio', { name: 'Die 2: 1' }).click();
    await expect(entry.getByRole('radio', { name: 'Die 2: 1' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByTestId('verdict')).toHaveCount(0);
    await entry.getByRole('radio', { name: 'Die 1: 2' }).click();
    await expect(page.getByTestId('verdict')).toHaveText(
      'Dice 21 (Mia), claim 62: the claim holds, so Bo loses 1 life.',
    );
    await expect(entry).toHaveCount(0);

    // Undo beside the verdict takes the lift back to the dice.
    await page.locator('mia-verdict').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('verdict')).toHaveCount(0);
    await expect(entry.getByRole('radio')).toHaveCount(12);
    await expect(entry.getByRole('radio', { name: 'Die 1: 2' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
