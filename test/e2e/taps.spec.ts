/**
 * Taps per turn, counted: every trusted click on the page, but those on the on-screen simulated
 * cup (it stands in for the real cup in the players' hands). README.md ("At the table") states
 * the figures: at most 2 taps to roll and claim by touch, 1 with the cup, 3 for a lift.
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, dice, lift, peek, roll, startGame, toAct } from './fixtures';

async function countTaps(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = { taps: 0 };
    Object.assign(window, { tapCounter: counter });
    document.addEventListener(
      'click',
      (e) => {
        const onSimCup = e.composedPath().some((n) => (n as Element).localName === 'mia-sim-cup');
        if (e.isTrusted && !onSimCup) counter.taps += 1;
      },
      true,
    );
  });
}

/** The taps `act` takes. */
async function taps(page: Page, act: () => Promise<void>): Promise<number> {
  const read = () =>
    page.evaluate(() => (window as unknown as { tapCounter: { taps: number } }).tapCounter.taps);
  const before = await read();
  await act();
  return (await read()) - before;
}

const verdict = (page: Page) => page.getByTestId('verdict');

test('by touch: 2 taps to roll and claim, 2 to believe by looking, 3 for a lift', async ({
  page,
}) => {
  await countTaps(page);
  await page.goto('/');
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'pub');
  const rollAndClaim = await taps(page, async () => {
    await roll(page);
    await claim(page, 43);
    await expect(toAct(page)).toHaveText('Bo');
  });
  const lookAndKeep = await taps(page, async () => {
    await peek(page);
    await claim(page, 52);
    await expect(toAct(page)).toHaveText('Cy');
  });
  const lifting = await taps(page, async () => {
    await lift(page);
    await dice(page, 5, 2);
    await expect(verdict(page)).toBeVisible();
  });
  expect([rollAndClaim, lookAndKeep, lifting]).toEqual([2, 2, 3]);
});

test('with the simulated cup: 1 tap to roll and claim, the dice alone after a lift', async ({
  page,
}) => {
  await countTaps(page);
  await page.goto('/?cup=sim');
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await expect(page.getByTestId('cup-status')).toHaveText('Connected');
  const shake = page.getByTestId('sim-shake');
  const rollAndClaim = await taps(page, async () => {
    await shake.click();
    await expect(page.locator('mia-claim-picker')).toBeVisible();
    await claim(page, 62);
    await expect(toAct(page)).toHaveText('Bo');
  });
  const believe = await taps(page, async () => {
    await shake.click();
    await expect(page.locator('mia-claim-picker')).toBeVisible();
    await claim(page, 64);
    await expect(toAct(page)).toHaveText('Ann');
  });
  const lifting = await taps(page, async () => {
    await page.getByTestId('sim-lid').click();
    await dice(page, 6, 4);
    await expect(verdict(page)).toBeVisible();
  });
  expect([rollAndClaim, believe, lifting]).toEqual([1, 1, 2]);
});

test('facing a claim where believers look: one Look button, no roll without looking', async ({
  page,
}) => {
  await page.goto('/');
  await startGame(page, ['Ann', 'Bo'], 'pub');
  await roll(page);
  await claim(page, 43);
  const buttons = page.locator('mia-actions .buttons button');
  await expect(buttons).toHaveText(['Look', 'Pass blind', 'Lift!']);
  // The prompt names every move offered, the blind pass too.
  await expect(page.locator('mia-actions .prompt')).toHaveText(
    "Bo: believe Ann's 43, pass blind, or lift?",
  );
  // In Norwegian, the words of seed 004: titte, sende videre i blinde.
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.locator('mia-language-picker select').selectOption('nb');
  await page.keyboard.press('Escape');
  await expect(buttons).toHaveText(['Titt', 'Send videre i blinde', 'Løft!']);
});
