/**
 * "Check this cup" through the real Web Bluetooth path: the emulated good cup passes every
 * check (a person shakes, lifts and restarts it when asked) and is given back to the game.
 * The deliberately broken cups (sim-faults.ts), each failing its own check, run through the
 * simulated cup in test/unit/cup/check/suite.test.ts: through the browser they hung at random
 * in full runs, which is not understood yet.
 */
import type { Page } from '@playwright/test';
import { connectedGame, panel, status } from './fixtures/cup-table';
import { expect, test, type EmulatedCup } from './fixtures/emulated-cup';

/** A replay sends an event every 100 ms (a slow link, so a second replay meets a running one). */
test.use({ cupOptions: { replayPaceMs: 100, unprovenDropMs: 2_000 } });

const screen = (page: Page) => page.locator('mia-check-screen');

/** Do what the screen asks, until the report is there. */
async function person(page: Page, cup: EmulatedCup): Promise<void> {
  const ask = screen(page).getByTestId('check-ask');
  const summary = screen(page).getByTestId('check-summary');
  const done = new Set<string>();
  while (!(await summary.isVisible())) {
    const request = await ask.getAttribute('data-request', { timeout: 1_000 }).catch(() => null);
    if (!request || done.has(request)) continue;
    done.add(request);
    if (request === 'shake') cup.firmware.shakeFor(700, 2600);
    else if (request === 'lift') cup.firmware.liftFor(1_200);
    else cup.firmware.reboot();
  }
}

const verdictOf = (page: Page, id: string) =>
  screen(page).locator(`li[data-check="${id}"]`).getAttribute('data-verdict');

test('the good emulated cup passes every check, and goes back to the game', async ({
  page,
  cup,
}) => {
  test.setTimeout(120_000);
  await connectedGame(page);
  await panel(page).getByRole('button', { name: 'Check this cup' }).click();
  await expect(page).toHaveURL(/#check$/);
  await screen(page).getByRole('button', { name: 'Start the check' }).click();
  await person(page, cup);
  const failures = await screen(page).locator('li[data-verdict="fail"]').allTextContents();
  expect(failures).toEqual([]);
  expect(await verdictOf(page, 'sequence.busy')).toBe('pass');
  expect(await verdictOf(page, 'boot.restart')).toBe('pass');
  await expect(screen(page).getByTestId('check-summary')).toHaveText(
    /^\s*64 passed, 0 failed, 0 skipped\s*$/,
  );
  expect(cup.firmware.config.shakeThresholdMg).toBe(1200);

  const download = page.waitForEvent('download');
  await screen(page).getByRole('button', { name: 'Download report (text)' }).click();
  const text = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of text) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toContain(
    '[Pass] A second replay while one runs gets busy.',
  );

  await screen(page).getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(status(page)).toHaveText('Connected');
});
