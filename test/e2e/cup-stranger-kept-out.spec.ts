/**
 * A stranger in the pub who can do nothing (issue #31), through the emulated radio and the
 * cup's real core (the C core as WebAssembly): a page with Web Bluetooth of its own and no key
 * connects to a table's free cup. Its `identify` gets `needs_proof` and the cup does not blink;
 * its third wrong proof drops it; when it comes straight back the cup refuses it (drops it at
 * once, before it can ask anything). The table's app then connects, claims the cup and plays.
 *
 * The emulation has one central, the browser: the stranger's raw Web Bluetooth runs in the
 * page before the app connects, and the emulated cup is told which address each connection
 * comes from (`cup.peer`: the stranger's, then the page's own). What the cup does with the
 * address is the core's (mia_peers.c). The cup's clock stands still while the stranger is at
 * it, so neither its 5 s for an unproven link nor the stranger's 2 s of back-off can run out on
 * a slow machine: the stranger's link can end only by a denial or a refusal. Without the
 * back-off the second link would stay up, and the test fails waiting for its drop.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { CHARACTERISTIC_UUIDS, SERVICE_UUID } from '../../firmware-protocol/codec';
import { startGame, toAct } from './fixtures';
import { actions, connect, openWithCup, shake } from './fixtures/cup-table';
import { PAGE_PEER, expect, test } from './fixtures/emulated-cup';

const STRANGER = Uint8Array.of(0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x02);

/** The cup's clock (ms), which the test may stop and start again (it never goes back). */
const clock = { stoppedAt: null as number | null, lost: 0 };
const now = () => (clock.stoppedAt ?? performance.now()) - clock.lost;
const stopClock = () => (clock.stoppedAt = performance.now());
const startClock = () => {
  clock.lost += performance.now() - clock.stoppedAt!;
  clock.stoppedAt = null;
};
test.use({ cupOptions: { now } });

const UUIDS = { service: SERVICE_UUID, ...CHARACTERISTIC_UUIDS };

interface Stranger {
  device: BluetoothDevice;
  control: BluetoothRemoteGATTCharacteristic | null;
  replies: number[][];
  drops: number;
}
type Window = { stranger: Stranger };

/** The stranger's page connects to the cup the chooser shows, and listens to its Replies. */
function connects(page: Page): Promise<void> {
  return page.evaluate(async (uuids) => {
    const w = window as unknown as Window;
    if (!w.stranger) {
      const device = await navigator.bluetooth.requestDevice({
        filters: [{ services: [uuids.service] }],
      });
      w.stranger = { device, control: null, replies: [], drops: 0 };
      device.addEventListener('gattserverdisconnected', () => w.stranger.drops++);
    }
    const server = await w.stranger.device.gatt!.connect();
    const service = await server.getPrimaryService(uuids.service);
    const reply = await service.getCharacteristic(uuids.reply);
    reply.addEventListener('characteristicvaluechanged', () =>
      w.stranger.replies.push([...new Uint8Array(reply.value!.buffer)]),
    );
    await reply.startNotifications();
    w.stranger.control = await service.getCharacteristic(uuids.control);
  }, UUIDS);
}

/** The stranger writes a Control request; resolves with the Reply it gets. */
async function asks(page: Page, request: number[]): Promise<number[]> {
  const before = await page.evaluate(async (bytes) => {
    const w = window as unknown as Window;
    const heard = w.stranger.replies.length;
    await w.stranger.control!.writeValueWithResponse(Uint8Array.from(bytes));
    return heard;
  }, request);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Window).stranger.replies.length))
    .toBeGreaterThan(before);
  return page.evaluate((i) => (window as unknown as Window).stranger.replies[i], before);
}

const drops = (page: Page) => page.evaluate(() => (window as unknown as Window).stranger.drops);

test('a stranger cannot make the cup blink, is dropped at its third wrong proof and refused when it comes straight back; the table claims the cup and plays', async ({
  page,
  cup,
}) => {
  await openWithCup(page);
  await startGame(page, ['Ada', 'Ben']);

  // The stranger, while the cup's clock stands still.
  stopClock();
  cup.peer = STRANGER;
  await connects(page);
  expect(await asks(page, [0x01, 0x21, 0x01, 0xe8, 0x03])).toEqual([0x01, 0x21, 0x06]);
  expect(cup.firmware.identified).toEqual([]); // no blink: a cup without an owner is claimed first
  const wrong = new Array<number>(16).fill(0xa5);
  for (const id of [0x22, 0x23, 0x24]) {
    expect(await asks(page, [0x06, id, ...wrong])).toEqual([0x06, id, 0x07]); // denied
  }
  await expect.poll(() => drops(page)).toBe(1); // the third denial ends its link
  expect(cup.connected).toBe(false);

  // Straight back: the cup lets the link come up (the radio does) and ends it at once.
  await page.evaluate(() =>
    (window as unknown as Window).stranger.device.gatt!.connect().catch(() => null),
  );
  await expect.poll(() => drops(page)).toBe(2);
  expect(cup.connected).toBe(false);
  expect(cup.firmware.owner.owned).toBe(false);

  // The table's app: its own address, never kept out; it claims the cup (the person at the cup
  // lifts the lid as it blinks) and plays.
  startClock();
  cup.peer = PAGE_PEER;
  await connect(page);
  expect(cup.firmware.owner).toMatchObject({ owned: true, proven: true });
  await shake(cup);
  await expect(actions(page)).toContainText('Ada: look, then announce a score.');
  await expect(toAct(page)).toHaveText('Ada');
});
