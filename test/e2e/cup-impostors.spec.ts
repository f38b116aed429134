/**
 * Protocol 1.2 against a stranger in the pub (issue #31), through the path an attacker uses:
 * devices emulated in Chromium's Bluetooth radio next to the table's cup, the app's real Web
 * Bluetooth code, and the cup's real C core (WebAssembly). A fake that takes the cup's device
 * id cannot make the app forget or replace its key; a relay cannot claim the cup; a listener
 * at claim time hears no key; nobody claims a cup without a person at it.
 */
import type { Page } from '@playwright/test';
import {
  decodeReply,
  encodeControl,
  newOwnerKey,
  toHex,
  type ControlRequest,
} from '../../firmware-protocol/codec';
import { startGame } from './fixtures';
import { connectedGame, openWithCup, panel, shake, status, tapConnect } from './fixtures/cup-table';
import {
  CUP_NAME,
  test,
  expect,
  type EmulatedCup,
  type EmulatedCupOptions,
} from './fixtures/emulated-cup';

const FAKE = '09:09:09:09:09:05';
const OURS = "This table's cup: only this tablet can use it.";

/** Every frame a listener in range hears from and to `cup` from now on, as hex. */
function listen(cup: EmulatedCup): string[] {
  const heard: string[] = [];
  const notify = cup.firmware.notify;
  cup.firmware.notify = (name, frame) => (heard.push(toHex(frame)), notify(name, frame));
  const write = cup.firmware.write.bind(cup.firmware);
  cup.firmware.write = (frame) => (heard.push(toHex(frame)), write(frame));
  return heard;
}

/** The players disconnect their cup (the next Connect opens the chooser). */
async function disconnect(page: Page) {
  await panel(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(status(page)).toHaveText('Not connected');
}

test.describe('a fake with the real cup’s device id', () => {
  const fakes: [string, string, (fake: EmulatedCup) => void, EmulatedCupOptions][] = [
    [
      'answers denied to everything',
      "does not prove that it is this table's cup",
      (fake) => {
        fake.firmware.write = (frame) => {
          fake.firmware.notify('reply', Uint8Array.of(frame[0], frame[1], 0x07));
          return 0;
        };
      },
      { ownerKey: newOwnerKey() },
    ],
    [
      'proves another key',
      "does not prove that it is this table's cup",
      () => {},
      {
        ownerKey: newOwnerKey(),
      },
    ],
    ['says it has no owner', 'says it has no owner', () => {}, { ownerKey: null }],
    [
      'says protocol 1.0',
      'says it speaks protocol 1.0',
      () => {},
      {
        protocol: { major: 1, minor: 0 },
      },
    ],
  ];
  for (const [what, refusal, rig, options] of fakes) {
    test(`that ${what} is refused, and the key is neither deleted nor replaced`, async ({
      page,
      cup,
      radio,
    }) => {
      await connectedGame(page);
      const key = cup.firmware.owner.key;
      expect(key).not.toBeNull();
      const fake = await radio.add({ address: FAKE, name: CUP_NAME, ...options });
      rig(fake);
      await disconnect(page);
      radio.chosen = fake;
      await tapConnect(page);
      await expect(page.getByTestId('cup-refused')).toContainText(refusal);
      if (!options.ownerKey) expect(fake.firmware.owner.owned).toBe(false); // not claimed
      // The table's own cup is still this app's: it proves the same key, no claim needed.
      radio.chosen = cup;
      await panel(page).getByRole('button', { name: 'Choose another cup' }).click();
      await expect(status(page)).toHaveText('Connected');
      await expect(page.getByTestId('cup-ownership')).toHaveText(OURS);
      expect(cup.firmware.owner).toEqual({ key, owned: true, proven: true });
    });
  }
});

test('a relay that passes the app’s proof to the real cup cannot claim, release or reconfigure it', async ({
  page,
  cup,
  radio,
}) => {
  await connectedGame(page);
  const key = cup.firmware.owner.key;
  // The relay advertises as the cup and pipes everything to and from the real one.
  const relay = await radio.add({ address: FAKE, name: CUP_NAME });
  const real = cup.firmware;
  const toPage = relay.firmware.notify;
  const replies: Uint8Array[] = [];
  real.notify = (name, frame) => {
    if (name === 'reply') replies.push(frame);
    toPage(name, frame);
  };
  Object.assign(relay.firmware, {
    connect: () => real.connect(),
    disconnect: () => real.disconnect(),
    subscribe: (c: Parameters<typeof real.subscribe>[0], on: boolean) => real.subscribe(c, on),
    readInfo: () => real.readInfo(),
    readState: () => real.readState(),
    write: (frame: Uint8Array) => real.write(frame),
  });
  await disconnect(page);
  radio.chosen = relay;
  await tapConnect(page);
  await expect(status(page)).toHaveText('Connected'); // the app's proof went through
  expect(real.owner.proven).toBe(true);

  // The relay's own requests on the proven connection (no session key: no tag).
  let id = 0xe0;
  const inject = (args: Record<string, unknown>) => {
    const requestId = id++;
    real.write(encodeControl({ ...args, requestId } as ControlRequest));
    const reply = replies
      .map((r) => decodeReply(r))
      .find((r) => r.ok && r.value.requestId === requestId);
    return reply?.ok ? reply.value.status : 'no reply';
  };
  expect(inject({ op: 'claim', key: newOwnerKey() })).toBe('not_supported');
  expect(inject({ op: 'claim_begin', keyPart: '11'.repeat(16) })).toBe('denied');
  expect(inject({ op: 'release' })).toBe('denied'); // no tag: denied, and the proof withdrawn
  expect(real.owner).toEqual({ key, owned: true, proven: false });
  expect(inject({ op: 'release', tag: '00'.repeat(8) })).toBe('needs_proof');
  expect(real.owner.key).toBe(key);
});

test('a listener at claim time hears no key: the app and the cup agree it, and never send it', async ({
  page,
  cup,
}) => {
  const heard = listen(cup);
  await connectedGame(page);
  const key = cup.firmware.owner.key!;
  expect(heard.some((frame) => frame.startsWith('0c'))).toBe(true); // claim_begin went out
  expect(heard.filter((frame) => frame.startsWith('07'))).toEqual([]); // no 1.1 claim
  expect(heard.filter((frame) => frame.includes(key))).toEqual([]);
});

test('an unowned cup is not claimed without someone lifting its lid', async ({ page, cup }) => {
  cup.personAtCup = false;
  await openWithCup(page);
  await startGame(page, ['Ada', 'Ben']);
  await tapConnect(page);
  await expect(page.getByTestId('cup-claiming')).toHaveText(
    'Lift the lid or shake the cup now: it blinks to show it is the one being claimed.',
  );
  await expect(page.getByTestId('cup-refused')).toContainText('Nobody lifted the lid', {
    timeout: 30_000,
  });
  expect(cup.firmware.owner.owned).toBe(false);
});

test.describe('a 1.1 cup', () => {
  test.use({ cupOptions: { protocol: { major: 1, minor: 1 } } });

  test('still connects and plays, and the panel names what 1.1 cannot promise', async ({
    page,
    cup,
  }) => {
    await connectedGame(page);
    await expect(page.getByTestId('cup-ownership')).toContainText(
      'with protocol 1.1: it does not prove itself to this tablet, its key was sent in the clear',
    );
    expect(cup.firmware.owner.owned).toBe(true);
    await shake(cup);
    await expect(page.locator('mia-actions')).toContainText('Ada: look, then announce a score.');
  });
});
