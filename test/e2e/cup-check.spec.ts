/**
 * "Check this cup" through the real Web Bluetooth path: the emulated good cup passes every
 * check (a person shakes, lifts and restarts it when asked) and is given back to the game.
 * Deliberately broken emulated cups (src/cup/sim/faults.ts) fail the check for their fault.
 */
import type { Page } from '@playwright/test';
import type { CupFault } from '../../src/cup';
import type { CheckId } from '../../src/cup/check';
import { requestNow } from './fixtures/check-ask';
import { connectedGame, panel, status } from './fixtures/cup-table';
import { expect, test, type EmulatedCup } from './fixtures/emulated-cup';

/**
 * A replay sends an event every 100 ms (a slow link, so a second replay meets a running one).
 * The cup's limit for an unproven connection never runs out by its own clock (an hour): the
 * person says when it is up, once the check waits for the drop, so the check's unproven phase
 * never races a timer on a busy machine (the limit itself: ownership.test.ts, fake clock).
 * The cup speaks protocol 1.2; a cup without an owner is claimed for the check by the person at
 * the cup (the fixture lifts the lid when it blinks for the claim).
 */
const cupOptions = { replayPaceMs: 100, unprovenDropMs: 3_600_000 };
test.use({ cupOptions });

const screen = (page: Page) => page.locator('mia-check-screen');

/**
 * Be the person holding the cup, and the cup's clock: do what the screen asks, once per
 * request, and wait until the check has seen it (the request goes away); when the check waits
 * for the cup to drop an unproven connection, the cup's time for it is up. Until the report is
 * there. Waits for the screen's state, never for a time.
 */
async function person(page: Page, cup: EmulatedCup, beforeDrop = () => {}): Promise<void> {
  const ask = screen(page).getByTestId('check-ask');
  const summary = screen(page).getByTestId('check-summary');
  const waitingForDrop = screen(page).locator(
    '[data-testid="check-progress"][data-check="ownership.unproven-dropped"]',
  );
  for (;;) {
    // The check runs for a while between two steps: a generous limit, it only catches a hang.
    await expect(ask.or(summary).or(waitingForDrop).first()).toBeVisible({ timeout: 150_000 });
    if (await summary.isVisible()) return;
    if (await waitingForDrop.isVisible()) {
      beforeDrop();
      cup.firmware.unprovenTimeUp();
      await expect(waitingForDrop).toHaveCount(0, { timeout: 150_000 });
      continue;
    }
    const request = await requestNow(ask);
    if (!request) continue;
    if (request === 'claim') {
      await claimed(page, cup);
      continue;
    }
    if (request === 'shake') void cup.firmware.shakeFor(1_000);
    else if (request === 'lift') void cup.firmware.liftFor(1_200);
    else cup.firmware.reboot();
    // The check ends the request once it saw the action (or after its own time for the person);
    // the next request (a different one) may replace it at once.
    await expect(
      screen(page).locator(`[data-testid="check-ask"][data-request="${request}"]`),
    ).toHaveCount(0, { timeout: 150_000 });
  }
}

/** The fixture's person lifted the lid as the cup blinked for the claim: it goes back on. */
async function claimed(page: Page, cup: EmulatedCup): Promise<void> {
  await expect(screen(page).locator('[data-testid="check-ask"][data-request="claim"]')).toHaveCount(
    0,
    { timeout: 150_000 },
  );
  cup.firmware.closeLid();
}

/**
 * The report in the check's words, shortest first: the summary, why the run stopped early or
 * what it could not do (where it was blocked), then what failed, with what came back.
 */
async function reportOf(page: Page): Promise<string> {
  const failed = await screen(page)
    .locator('li[data-verdict="fail"]')
    .evaluateAll((items) =>
      items.map((li) => `${li.getAttribute('data-check')}: ${(li as HTMLElement).innerText}`),
    );
  return [
    await screen(page).getByTestId('check-summary').innerText(),
    ...(await screen(page).getByTestId('check-stopped').allInnerTexts()),
    ...failed,
  ].join('\n');
}

const verdictOf = (page: Page, id: string) =>
  screen(page).locator(`li[data-check="${id}"]`).getAttribute('data-verdict');

test('the good emulated cup passes every check, and goes back to the game', async ({
  page,
  cup,
}) => {
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
    // Not released (its key would be lost), so not claimed either; no 1.1 claim on a 1.2 cup.
    /^\s*72 passed, 0 failed, 6 skipped\s*$/,
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

/**
 * Broken cups (src/cup/sim/faults.ts) through the browser: the check reports each fault with
 * its own check failing, and the evidence says what the protocol requires. Every fault also
 * runs through the simulated cup in test/unit/cup/check/suite.test.ts.
 */
const broken: [CupFault, CheckId][] = [
  ['longFrame', 'frames.max-length'],
  ['missingCccd', 'gatt.cccd'],
  ['sameBootId', 'boot.restart'],
  ['configWithoutProof', 'ownership.needs-proof'],
  ['reusedRequestId', 'control.request-id'],
  ['telemetryNoEnd', 'telemetry.stop-end'],
];
for (const [fault, id] of broken) {
  test.describe(`a cup with the fault ${fault}`, () => {
    test.use({
      cupOptions: { ...cupOptions, faults: { [fault]: true } },
    });
    test(`fails ${id} (opened by URL)`, async ({ page, cup }) => {
      await page.goto('/?check');
      await screen(page).getByRole('button', { name: 'Start the check' }).click();
      await person(page, cup);
      expect(await verdictOf(page, id), await reportOf(page)).toBe('fail');
      // The run went on to its end: a check blocked after this one would say so here.
      await expect(screen(page).getByTestId('check-stopped'), await reportOf(page)).toHaveCount(0);
      const evidence = screen(page).locator(`li[data-check="${id}"] pre`);
      await expect(evidence).toContainText('Came back:');
      await expect(evidence).toContainText(/PROTOCOL\.md § [\d., ]+ requires: \S/);
      await expect(evidence).not.toContainText(/: -$/m);
      // What failed is listed first, each a way to its entry.
      const failed = screen(page).getByTestId('check-failed');
      await failed.locator(`a[href="#check-${id}"]`).click();
      await expect(screen(page).locator(`li[data-check="${id}"]`)).toBeInViewport();
    });
  });
}

test('a cup gone out of range: the report says where the check could not go on', async ({
  page,
  cup,
}) => {
  await page.goto('/?check');
  await screen(page).getByRole('button', { name: 'Start the check' }).click();
  // The cup goes out of range as it drops the unproven connection: it never connects again.
  await person(page, cup, () => (cup.connectCode = 0x08));
  await expect(screen(page).getByTestId('check-stopped')).toHaveText(
    'Not everything was checked: the cup did not connect again (at ownership.unproven-dropped).',
  );
  const report = await reportOf(page);
  expect(await verdictOf(page, 'ownership.unproven-dropped'), report).toBe('pass');
  // What needed the cup afterwards was not checked, and says why.
  for (const id of ['ownership.prove', 'control.request-id', 'boot.restart']) {
    expect(await verdictOf(page, id), `${id}\n${report}`).toBe('skip');
    await expect(screen(page).locator(`li[data-check="${id}"] small`)).toHaveText(
      'Not checked: an earlier step failed or could not be done.',
    );
  }
});

test.describe('the hands-on steps', () => {
  test('a cup that senses nothing fails them, with a countdown, and says what was expected', async ({
    page,
    cup,
  }) => {
    await page.clock.install(); // the person's time runs out at once, not in 30 s
    await page.goto('/?check');
    await screen(page).getByRole('button', { name: 'Start the check' }).click();
    const ask = screen(page).getByTestId('check-ask');
    const summary = screen(page).getByTestId('check-summary');
    const waitingForDrop = screen(page).locator(
      '[data-testid="check-progress"][data-check="ownership.unproven-dropped"]',
    );
    const asked: string[] = [];
    for (;;) {
      await expect(ask.or(summary).or(waitingForDrop).first()).toBeVisible({ timeout: 150_000 });
      if (await summary.isVisible()) break;
      if (await waitingForDrop.isVisible()) {
        cup.firmware.unprovenTimeUp();
        await expect(waitingForDrop).toHaveCount(0, { timeout: 150_000 });
        continue;
      }
      const request = await requestNow(ask);
      if (!request) continue;
      if (request === 'claim') {
        await claimed(page, cup); // the fixture's person confirms the claim at the cup
        continue;
      }
      asked.push(request);
      // The person does nothing: the countdown runs down with the page's clock, then the time
      // is up. (The clock also runs on by itself, as fast as the machine lets the test go: the
      // figures are read, not assumed.)
      const countdown = screen(page).getByTestId('check-countdown');
      const left = async () => Number(/(\d+) s left/.exec(await countdown.innerText())?.[1]);
      await expect(countdown).toHaveText(/^\s*\d+ s left\s*$/);
      const before = await left();
      expect(before).toBeLessThanOrEqual(30);
      await page.clock.fastForward(10_000);
      await expect.poll(left).toBeLessThanOrEqual(before - 10);
      await page.clock.fastForward(21_000);
      await expect(
        screen(page).locator(`[data-testid="check-ask"][data-request="${request}"]`),
      ).toHaveCount(0);
    }
    // The check is over: its report, for every failure's message.
    const report = await reportOf(page);
    expect(asked, report).toEqual(['shake', 'lift', 'restart']);
    for (const id of ['events.shake', 'events.lid', 'boot.restart']) {
      expect(await verdictOf(page, id)).toBe('fail');
      await expect(screen(page).locator(`li[data-check="${id}"] pre`)).toContainText(
        'Got: nothing within the time',
      );
    }
    await expect(screen(page).locator('li[data-check="events.shake"] pre')).toContainText(
      'Expected: shake_started, shake_ended, within 30 s of the request',
    );
    await expect(summary, report).toContainText('3 failed');
    await expect(screen(page).getByTestId('check-failed')).toContainText(
      'A shake gives shake_started and shake_ended',
    );
  });

  test('Cancel stops the check and leaves the cup as it was', async ({ page, cup }) => {
    await page.goto('/?check');
    await screen(page).getByRole('button', { name: 'Start the check' }).click();
    const waitingForDrop = screen(page).locator(
      '[data-testid="check-progress"][data-check="ownership.unproven-dropped"]',
    );
    const ask = screen(page).getByTestId('check-ask');
    const summary = screen(page).getByTestId('check-summary');
    // The claim for the run (the person at the cup confirms it), the unproven wait, then shake.
    for (;;) {
      await expect(ask.or(waitingForDrop).or(summary).first()).toBeVisible({ timeout: 150_000 });
      if (await summary.isVisible()) throw new Error(`no shake asked: ${await reportOf(page)}`);
      if (await waitingForDrop.isVisible()) {
        cup.firmware.unprovenTimeUp();
        await expect(waitingForDrop).toHaveCount(0, { timeout: 150_000 });
        continue;
      }
      const request = await requestNow(ask);
      if (request === 'claim') await claimed(page, cup);
      else if (request) break;
    }
    await expect(ask).toHaveAttribute('data-request', 'shake', { timeout: 150_000 });
    await screen(page).getByTestId('check-cancel').click();
    await expect(screen(page).getByTestId('check-summary')).toContainText('0 failed');
    await expect(screen(page).getByTestId('check-stopped')).toHaveText('The check was cancelled.');
    expect(await verdictOf(page, 'restore.config')).toBe('pass');
    expect(await verdictOf(page, 'restore.owner')).toBe('pass');
    await expect(screen(page).locator('li[data-check="boot.restart"]')).toContainText(
      'the check was cancelled',
    );
    expect(cup.firmware.owner.owned).toBe(false); // claimed for the run, released
    expect(cup.firmware.config.shakeThresholdMg).toBe(1200);
    await expect(screen(page).getByRole('button', { name: 'Back' })).toBeVisible();
  });
});
