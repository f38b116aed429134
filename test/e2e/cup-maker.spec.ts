/**
 * The cup maker's tools from the first screen, before any game: "For cup makers" in the
 * new-game screen's cup section opens the cup panel for the chosen cup, and from there "Check
 * this cup", "Record a trace" and "Update firmware" (a cup with SMP) work as during a game; the
 * cup stays connected for the game. The simulated cup is there too, with its on-screen cup.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buildImage } from '../../src/cup/smp';
import { startGame } from './fixtures';
import { connectedGame, openWithCup, panel } from './fixtures/cup-table';
import { expect, test } from './fixtures/emulated-cup';

const body = (n: number, seed: number) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 7) & 0xff);

/** The new-game screen's cup section, "For cup makers" opened. */
async function makerSection(page: Page) {
  const section = page.locator('mia-cup-choice');
  await section.getByText('For cup makers').click();
  return section.locator('mia-cup-panel');
}

/** The shake started and ended while recording: stop, and the recording lists it. */
async function recorded(page: Page): Promise<void> {
  await expect(page.getByTestId('trace-plot')).toHaveAccessibleDescription(
    /Cup events marked: 2\./,
  );
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('trace-status')).toHaveText('Done.');
  await expect(page.getByTestId('trace-events').locator('li')).toHaveCount(2);
}

const tools = (page: Page) => page.getByRole('group', { name: 'Tools for cup makers' });

test('from the first screen a maker connects the cup and reaches the three tools', async ({
  page,
  cup,
}) => {
  cup.addSmp({
    running: await buildImage({ major: 1, minor: 4, revision: 2, build: 0 }, body(900, 1)),
  });
  await openWithCup(page);
  const maker = await makerSection(page);
  await maker.getByRole('button', { name: 'Connect cup' }).click();
  await expect(maker.getByTestId('cup-status')).toHaveText('Connected');
  await expect(maker.getByTestId('cup-name')).toHaveText('Mia Cup 3F2A');
  const axe = await new AxeBuilder({ page })
    .include({ fromShadowDom: ['mia-app', 'mia-new-game', 'mia-cup-choice'] })
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Record a trace: a shake, recorded and listed.
  await tools(page).getByRole('button', { name: 'Record a trace' }).click();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('trace-status')).toContainText('Recording');
  await cup.firmware.shakeFor(1_000);
  await recorded(page);

  // Update firmware: the file read against what the cup runs.
  await tools(page).getByRole('button', { name: 'Update firmware' }).click();
  const image = await buildImage({ major: 1, minor: 5, revision: 0, build: 0 }, body(2_000, 2));
  await page.getByTestId('firmware-file').setInputFiles({
    name: 'mia-cup-1.5.0.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(image),
  });
  await expect(page.getByTestId('firmware-versions')).toHaveText(
    'This file: version 1.5.0, 3 KB. The cup runs version 1.4.2.',
  );
  await expect(page.getByRole('button', { name: 'Install version 1.5.0' })).toBeVisible();

  // Check this cup: the check screen, ready to start, and back to the first screen.
  await tools(page).getByRole('button', { name: 'Check this cup' }).click();
  await expect(page).toHaveURL(/#check$/);
  const check = page.locator('mia-check-screen');
  await expect(check.getByRole('button', { name: 'Start the check' })).toBeEnabled();
  await check.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();

  // The cup stays connected: the game starts with it.
  await startGame(page, ['Ada', 'Ben']);
  await expect(panel(page).getByTestId('cup-status')).toHaveText('Connected');
});

test('with the simulated cup chosen, the maker section has the on-screen cup to record', async ({
  page,
}) => {
  await openWithCup(page);
  await page.locator('mia-cup-choice').getByRole('button', { name: 'Simulated cup' }).click();
  const maker = await makerSection(page);
  await expect(maker.getByRole('heading', { name: 'Simulated cup' })).toBeVisible();
  await expect(maker.getByTestId('cup-status')).toHaveText('Connected');
  // No firmware update, no label for the simulated cup; its trace can be recorded.
  await expect(tools(page).getByRole('button', { name: 'Check this cup' })).toBeVisible();
  await expect(tools(page).getByRole('button', { name: 'Update firmware' })).toHaveCount(0);
  await expect(tools(page).getByRole('button', { name: 'Print a label' })).toHaveCount(0);
  await tools(page).getByRole('button', { name: 'Record a trace' }).click();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('trace-status')).toContainText('Recording');
  await page.getByTestId('sim-shake').click();
  await recorded(page);
});

test.describe('a cup with its own device id', () => {
  test.use({ cupOptions: { deviceId: '0c0ffee0d15c9b7e' } });

  test('the label sheet of a cup this tablet claimed prints its code and device id alone', async ({
    page,
    cup,
  }) => {
    await page.addInitScript(() => {
      // Count the prints rather than open the browser's print dialog.
      const w = window as unknown as { prints: number };
      w.prints = 0;
      window.print = () => void (w.prints += 1);
    });
    await connectedGame(page);
    expect(cup.firmware.owner.owned).toBe(true); // the app claimed it on connecting
    const opener = tools(page).getByRole('button', { name: 'Print a label' });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Label sheet for Mia Cup 9B7E' });
    const labels = sheet.getByTestId('label');
    await expect(labels).toHaveCount(8);
    for (const label of await labels.all()) {
      await expect(label).toHaveText(/^\s*Mia Cup\s+9B7E\s+Device id 0c0f fee0 d15c 9b7e\s*$/);
    }
    const axe = await new AxeBuilder({ page }).include('mia-label-sheet').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const print = sheet.getByRole('button', { name: 'Print' });
    await expect(print).toBeFocused();
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);

    // On paper: the labels alone, 85 x 50 mm each (at 96 px to the inch), nothing of the app.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('mia-app')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(labels.first()).toBeVisible();
    const box = (await labels.first().boundingBox())!;
    expect(Math.round((box.width * 25.4) / 96)).toBe(85);
    expect(Math.round((box.height * 25.4) / 96)).toBe(50);
    await page.emulateMedia({ media: 'screen' });

    // Escape closes it, the focus goes back to the button, and the page prints as before.
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('mia-app')).toBeVisible();
  });
});
