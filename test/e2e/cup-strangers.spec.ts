/**
 * A stranger in Bluetooth range (issue #31), through the path an attacker would use: a device
 * emulated in Chromium that the players pick by mistake and that the app refuses. Whatever it
 * sent before it was refused belongs to its own link and dies with it.
 */
import { CHARACTERISTIC_UUIDS, encodeEvent, newOwnerKey } from '../../firmware-protocol/codec';
import { startGame, toAct } from './fixtures';
import {
  actions,
  backInRange,
  connectedGame,
  dicePrompt,
  floodLidLifts,
  openWithCup,
  outOfRange,
  panel,
  status,
  tapConnect,
} from './fixtures/cup-table';
import { test, expect } from './fixtures/emulated-cup';

test("a refused device's events never become moves once the table's cup is connected", async ({
  page,
  cup,
  radio,
}) => {
  const stranger = await radio.add({
    address: '09:09:09:09:09:04',
    name: 'Mia 0E0E',
    deviceId: '3333333333330e0e',
    ownerKey: newOwnerKey(), // another table's cup: this app is refused
  });
  // Before any proof it notifies a shake, a lid lift and a lid close (a real cup would not:
  // these frames are the stranger's own).
  const frames = [
    encodeEvent({ type: 'shake_started', seq: 1, timeMs: 1_000 }),
    encodeEvent({ type: 'lid_opened', seq: 2, timeMs: 2_000 }),
    encodeEvent({ type: 'lid_closed', seq: 3, timeMs: 2_500, openMs: 500 }),
  ];
  const delivered = frames.map((frame) => stranger.notify(CHARACTERISTIC_UUIDS.events, frame));

  await openWithCup(page);
  await startGame(page, ['Ada', 'Ben']);
  radio.chosen = stranger;
  await tapConnect(page);
  await expect(page.getByTestId('cup-refused')).toContainText(
    'Mia Cup 0E0E belongs to another table.',
  );
  // The page received every frame while the stranger's link was up (else this proves nothing).
  for (const at of await Promise.all(delivered)) expect(at).not.toBeNull();

  radio.chosen = cup;
  await panel(page).getByRole('button', { name: 'Choose another cup' }).click();
  await expect(status(page)).toHaveText('Connected');
  await cup.settled();
  // Nothing moved: Ada still has to roll, no lift, no warning about a move.
  await expect(toAct(page)).toHaveText('Ada');
  await expect(actions(page).locator('[data-action="ROLL"]')).toBeEnabled();
  await expect(dicePrompt(page)).toHaveCount(0);
  await expect(page.getByTestId('cup-warnings')).toHaveCount(0);
});

test('a device that connects and drops at once is retried ever more slowly, not every half second', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  // Five times the link is up and the device drops it at once (the app reconnects by itself).
  for (let drop = 1; drop <= 5; drop++) {
    await expect(status(page)).toHaveText('Connected');
    await cup.disconnect();
  }
  // The fifth wait is 8 s less at most 30 % jitter: long enough to read, where a retry count
  // that every short link reset would wait half a second each time.
  await expect(status(page)).toHaveText(/reconnecting in ([2-9]|[1-9]\d) s/);
  await backInRange(page, cup);
});

test('during a game the app never gives up on its cup: still trying after the tenth attempt', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  await outOfRange(page, cup);
  const tryNow = panel(page).getByRole('button', { name: 'Try now' });
  // Each tap is an attempt that fails at once (out of range); the backoff's last is the tenth.
  for (let attempt = 1; attempt <= 12; attempt++) await tryNow.click({ timeout: 20_000 });
  await expect(status(page)).toHaveText(/reconnecting in \d+ s/);
  await expect(status(page)).not.toHaveText('Cup lost');
  await backInRange(page, cup);
  await expect(toAct(page)).toHaveText('Ada');
});

test('a cup that floods the game with lid lifts: a few are counted, the rest is cut and said', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  const FLOOD = 300;
  await floodLidLifts(cup, FLOOD);
  await expect(page.getByTestId('cup-warnings')).toContainText(
    'The cup sent events faster than anyone plays: the surplus was ignored.',
  );
  // Before anyone rolled every lift is the same warning, counted: far fewer than were sent.
  const warning = page.locator('mia-table mia-warnings li');
  await expect(warning).toHaveText(/The lid was opened before anyone rolled\. \(\d+ times\)/);
  const counted = Number(/\((\d+) times\)/.exec((await warning.textContent()) ?? '')?.[1]);
  expect(counted).toBeGreaterThanOrEqual(64);
  expect(counted).toBeLessThan(FLOOD);
  await expect(toAct(page)).toHaveText('Ada'); // and the game goes on by touch
  await expect(actions(page).locator('[data-action="ROLL"]')).toBeEnabled();
});
