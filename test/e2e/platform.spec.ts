import { test, expect, claim, dice, lift, openFresh, roll, startGame } from './fixtures';

type Probe = { locks: number; releases: number; vibrations: number[][]; notes: number };

/** Stand-ins for the wake lock, vibration and Web Audio, counting what the app asks of them. */
function installProbes() {
  const probe: Probe = { locks: 0, releases: 0, vibrations: [], notes: 0 };
  (window as unknown as { probe: Probe }).probe = probe;
  const sentinels: { released: boolean }[] = [];
  (window as unknown as { sentinels: typeof sentinels }).sentinels = sentinels;
  Object.defineProperty(navigator, 'wakeLock', {
    value: {
      request: async () => {
        probe.locks += 1;
        const sentinel = {
          released: false,
          release: async () => {
            sentinel.released = true;
            probe.releases += 1;
          },
        };
        sentinels.push(sentinel);
        return sentinel;
      },
    },
  });
  Object.defineProperty(navigator, 'vibrate', {
    value: (pattern: number[]) => probe.vibrations.push(pattern) > 0,
  });
  class FakeAudio {
    currentTime = 0;
    destination = {};
    createOscillator() {
      probe.notes += 1;
      return {
        type: '',
        frequency: { value: 0 },
        connect: (n: unknown) => n,
        start() {},
        stop() {},
      };
    }
    createGain() {
      const node = {
        gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect: (n: unknown) => n,
      };
      return node;
    }
  }
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudio;
}

const probe = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { probe: Probe }).probe);

test('wake lock while a game runs, sound and vibration on verdicts, mute', async ({ page }) => {
  await page.addInitScript(installProbes);
  await openFresh(page);
  expect((await probe(page)).locks).toBe(0);
  await startGame(page, ['Ann', 'Bo'], 'lizumo', { lives: 2 });
  await expect.poll(async () => (await probe(page)).locks).toBe(1);

  // The browser drops the lock when the page is hidden; it is taken again when visible.
  await page.evaluate(() => {
    (window as unknown as { sentinels: { released: boolean }[] }).sentinels[0].released = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await probe(page)).locks).toBe(2);

  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 1);
  let seen = await probe(page);
  expect(seen.notes).toBe(2);
  expect(seen.vibrations).toEqual([[80]]);

  await page.getByRole('button', { name: 'Sound on' }).click();
  await expect(page.getByRole('button', { name: 'Sound off' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 1);
  await expect(page.locator('mia-game-over')).toBeVisible();
  seen = await probe(page);
  expect(seen.notes).toBe(2);
  expect(seen.vibrations).toEqual([[80], [60, 60, 60, 60, 300]]);
  // Game over: the screen may sleep again.
  expect(seen.releases).toBeGreaterThanOrEqual(1);

  // Mute is remembered on this device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
});
