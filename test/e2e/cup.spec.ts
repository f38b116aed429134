/**
 * The sensor cup in a real Chromium: the app's unchanged Web Bluetooth code against a cup
 * emulated over the DevTools protocol (./fixtures/emulated-cup.ts).
 */
import type { Page } from '@playwright/test';
import { CHARACTERISTIC_UUIDS, encodeConfig, fromHex } from '../../firmware-protocol/codec';
import { claim, dice, livesShown, saved, startGame, toAct, verdict } from './fixtures';
import {
  backInRange,
  connectedGame,
  dicePrompt,
  liftLid,
  openWithCup,
  outOfRange,
  panel,
  shake,
  status,
  tapConnect,
} from './fixtures/cup-table';
import { test, expect, type EmulatedCup } from './fixtures/emulated-cup';

test('the simulated cup (?cup=sim) plays through the same code, by its buttons and keys', async ({
  page,
}) => {
  await page.goto('/?cup=sim');
  await startGame(page, ['Ada', 'Ben']);
  await expect(status(page)).toHaveText('Connected');
  await expect(page.getByTestId('cup-firmware')).toHaveText('Firmware 1.4.2');
  await page.getByTestId('sim-shake').click();
  await expect(page.getByTestId('cup-live-shake')).toHaveText('Shaking');
  await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  await claim(page, 54);
  await page.keyboard.press('o'); // Ben lifts the lid
  await expect(page.getByTestId('cup-live-lid')).toHaveText('Lid open');
  await expect(dicePrompt(page)).toBeVisible();
});

test('the cup drives a round: chooser, battery and firmware, a shake rolls, a lift lifts', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  await expect(page.getByTestId('cup-battery')).toHaveText('Battery 87%');
  await expect(page.getByTestId('cup-firmware')).toHaveText('Firmware 1.4.2');
  cup.firmware.setBattery(64);
  await expect(page.getByTestId('cup-battery')).toHaveText('Battery 64%');

  // Ada shakes: the live indicator shows it, and her roll happens.
  cup.firmware.startShake();
  await cup.settled();
  await expect(page.getByTestId('cup-live-shake')).toHaveText('Shaking');
  await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  cup.firmware.endShake();
  await cup.settled();
  await expect(page.getByTestId('cup-live-shake')).toHaveText('Still');
  await claim(page, 54);
  await expect(toAct(page)).toHaveText('Ben');

  // Ben lifts the lid: that is a lift; the dice are asked for.
  await liftLid(cup);
  await expect(page.getByTestId('cup-live-lid')).toHaveText('Lid open');
  await expect(dicePrompt(page)).toBeVisible();
  await dice(page, 5, 4);
  await expect(verdict(page)).toContainText('Dice 54, claim 54');
  expect(await livesShown(page)).toEqual([3, 2]);
});

/** One round, played by the cup where it can and by taps for the claims and the dice. */
async function playRound(page: Page, cup: EmulatedCup, drop: boolean): Promise<void> {
  await shake(cup); // Ada rolls
  await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  await claim(page, 43);
  if (drop) await outOfRange(page, cup);
  // Ben shakes and looks. With the link down, the cup only logs it.
  await cup.firmware.shakeFor(1_000);
  await cup.firmware.liftFor(300);
  if (drop) {
    await expect(page.locator('mia-actions')).toContainText('Ben'); // manual play meanwhile
    await backInRange(page, cup);
  }
  await cup.settled();
  await expect(page.locator('mia-actions')).toContainText('Ben: look, then announce a score.');
  await claim(page, 52);
  await liftLid(cup); // Ada lifts Ben's 52
  await dice(page, 3, 1);
  await expect(verdict(page)).toBeVisible();
}

/** What the table shows at the end of a round. */
async function table(page: Page) {
  return {
    verdict: await verdict(page).textContent(),
    lives: await livesShown(page),
    players: await page.locator('mia-players').innerText(),
    warnings: await page.locator('mia-warnings').innerText(),
    cupWarnings: await page.getByTestId('cup-warnings').count(),
  };
}

test('a drop mid-round: reconnect, replay, and the table ends as if nothing dropped', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  await playRound(page, cup, false);
  const undisturbed = await table(page);

  await page.getByRole('button', { name: 'New game' }).click();
  await startGame(page, ['Ada', 'Ben']);
  await expect(status(page)).toHaveText('Connected');
  await playRound(page, cup, true);
  // After the reconnect the app asked for what it missed: everything after Ada's shake (#11;
  // #1 and #2 are the lift of the lid that confirmed the claim).
  const replay = await cup.waitForWrite((w) => w.bytes[0] === 0x02);
  expect([replay.bytes[2], replay.bytes[3]]).toEqual([11, 0]);
  expect(await table(page)).toEqual(undisturbed);
  expect(undisturbed.lives).toEqual([3, 2]);
  expect(undisturbed.cupWarnings).toBe(0);
});

test.describe('a cup with a newer protocol', () => {
  test.use({ cupOptions: { protocol: { major: 2, minor: 1 } } });

  test('is refused with a message; play goes on by touch', async ({ page, cup }) => {
    expect(cup.firmware.info.protocolMajor).toBe(2);
    await openWithCup(page);
    await startGame(page, ['Ada', 'Ben']);
    await tapConnect(page);
    await expect(page.getByTestId('cup-refused')).toHaveText(
      'This cup speaks protocol 2.1; this app speaks 1.x. Please update the app to use this cup.',
    );
    await expect(status(page)).toHaveText('Cup refused');
    await page.locator('mia-actions [data-action="ROLL"]').click();
    await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  });
});

test('malformed frames are ignored with a visible count, and the cup goes on', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  await cup.notify(CHARACTERISTIC_UUIDS.events, [0x01, 0x05]); // truncated
  await cup.notify(CHARACTERISTIC_UUIDS.events, fromHex('00010010270000')); // type 0
  await cup.notify(
    CHARACTERISTIC_UUIDS.state,
    new Array(14).fill(0).map((_, i) => (i === 1 ? 150 : 0)),
  ); // battery 150
  await cup.notify(CHARACTERISTIC_UUIDS.reply, new Array(21).fill(1)); // too long
  await cup.settled();
  await expect(page.getByTestId('cup-malformed')).toHaveText(
    'Unreadable messages from the cup, ignored: 4',
  );
  await expect(status(page)).toHaveText('Connected');
  await shake(cup);
  await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
});

test('identify and sensitivity writes arrive at the cup with the right bytes', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  const control = (w: { uuid: string }) => w.uuid === CHARACTERISTIC_UUIDS.control;
  // The app read the config after connecting; drop that write.
  await cup.waitForWrite((w) => control(w) && w.bytes[0] === 0x03);
  await panel(page).getByRole('button', { name: 'Identify' }).click();
  const identify = await cup.waitForWrite((w) => control(w) && w.bytes[0] === 0x01);
  expect(identify.writeType).toBe('write-with-response');
  expect(identify.bytes).toEqual([0x01, identify.bytes[1], 0x03, 0xd0, 0x07]);
  // After the claim's blinks (waiting for the lid for 10 s, then "taken"): the players' identify.
  expect(cup.firmware.identified.slice(2)).toEqual([{ blink: true, buzz: true, durationMs: 2000 }]);

  await panel(page).getByRole('button', { name: 'Sensitivity' }).click();
  await panel(page).getByRole('button', { name: 'Firm', exact: true }).click();
  await panel(page).getByRole('button', { name: '150 ms' }).click();
  await panel(page).getByRole('button', { name: 'Save to cup' }).click();
  // Opening the panel may read the config again first: wait for the write itself.
  const write = await cup.waitForWrite((w) => control(w) && w.bytes[0] === 0x04);
  const config = {
    shakeThresholdMg: 2000,
    shakeMinMs: 400,
    shakeGapMs: 200,
    lidDebounceMs: 150,
    idleSleepS: 600,
  };
  // Sealed (1.2): the request, then its 8-byte tag (the cup took it: the Config is in effect).
  expect(write.bytes.slice(0, 12)).toEqual([0x04, write.bytes[1], ...encodeConfig(config)]);
  expect(write.bytes).toHaveLength(20);
  expect(write.bytes[1]).not.toBe(identify.bytes[1]);
  await expect(panel(page)).toContainText('Saved: the cup uses these settings now.');
  expect(cup.firmware.config).toEqual(config);
});

test('after a reload the cup comes back by itself, proves it is ours, and what it sensed meanwhile counts', async ({
  page,
  cup,
  radio,
}) => {
  await connectedGame(page);
  await shake(cup);
  await claim(page, 43);
  await saved(page);
  const prompts = radio.prompts;
  await cup.reload();
  // Ben shakes while the page reloads.
  await cup.firmware.shakeFor(1_000);
  await expect(toAct(page)).toHaveText('Ben');
  await expect(status(page)).toHaveText('Connected');
  expect(radio.prompts).toBe(prompts); // no chooser: getDevices() and an advertisement
  await expect(page.getByTestId('cup-ownership')).toHaveText(
    "This table's cup: only this tablet can use it.",
  );
  await expect(page.locator('mia-actions')).toContainText('Ben: look, then announce a score.');
});

test.describe('a browser that cannot reconnect by itself (no getDevices)', () => {
  test('after a reload one tap reconnects, and what the cup sensed meanwhile counts', async ({
    page,
    cup,
  }) => {
    await page.addInitScript(() => {
      const bluetooth = (globalThis as { Bluetooth?: { prototype: object } }).Bluetooth;
      if (bluetooth) Reflect.deleteProperty(bluetooth.prototype, 'getDevices');
    });
    await connectedGame(page);
    await shake(cup);
    await claim(page, 43);
    await saved(page);
    await cup.reload();
    await cup.firmware.shakeFor(1_000); // Ben shakes while the page reloads
    await expect(toAct(page)).toHaveText('Ben');
    await panel(page).getByRole('button', { name: 'Reconnect Mia Cup 3F2A' }).click();
    await expect(status(page)).toHaveText('Connected');
    await expect(page.locator('mia-actions')).toContainText('Ben: look, then announce a score.');
  });
});

test.describe('a browser without Web Bluetooth (an iPad)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('says so plainly, points to Bluefy, and the game is played by touch', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => undefined });
    });
    await openWithCup(page);
    await startGame(page, ['Ada', 'Ben']);
    await expect(page.getByTestId('cup-unavailable')).toContainText('Bluefy');
    await expect(panel(page).getByRole('button', { name: 'Connect cup' })).toHaveCount(0);
    await page.locator('mia-actions [data-action="ROLL"]').click();
    await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  });
});

test('with no Bluetooth adapter on, the panel says so and the game goes on by touch', async ({
  page,
}) => {
  // No emulated adapter: Web Bluetooth exists (the flag is on) but reports no radio.
  await openWithCup(page);
  await startGame(page, ['Ada', 'Ben']);
  await expect(panel(page)).toContainText('Bluetooth is off or missing on this device');
  await expect(panel(page).getByRole('button', { name: 'Connect cup' })).toHaveCount(0);
  await page.locator('mia-actions [data-action="ROLL"]').click();
  await claim(page, 54);
  await expect(toAct(page)).toHaveText('Ben');
});
