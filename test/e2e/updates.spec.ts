/**
 * A new version deployed during a game: two builds of the app served one after the other at the
 * same origin (the test's own static server). The first is the suite's build (`dist`); the
 * second is built here with a different build mark (VITE_MIA_BUILD), so its files and its
 * service worker differ.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  openFresh,
  roll,
  saved,
  startGame,
  verdict,
} from './fixtures';
import { StaticServer } from './fixtures/static-server';
import { injectFault, setFault } from './storage-faults';
import { UPDATE_LIMIT_MS, UPDATE_RETRY_MS } from '../../src/app';
import { APPLY_LIMIT_MS } from '../../src/ui/platform/updates';
import type { Problem } from '../../src/data';

const dir = mkdtempSync(join(tmpdir(), 'mia-updates-'));
const first = join(dir, 'first');
const second = join(dir, 'second');
const server = new StaticServer(first);
let origin = '';

test.describe.configure({ mode: 'serial' });
// eslint-disable-next-line no-empty-pattern -- Playwright's way to declare no fixtures
test.use({ baseURL: async ({}, use) => use(origin) });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', first, '--emptyOutDir'], {
    env: { ...process.env, VITE_MIA_BUILD: 'first' },
    stdio: 'inherit',
  });
  execFileSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', second, '--emptyOutDir'],
    {
      env: { ...process.env, VITE_MIA_BUILD: 'second' },
      stdio: 'inherit',
    },
  );
  origin = await server.start();
});

test.afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const build = (page: Page) => page.locator('html');
const updateBar = (page: Page) => page.locator('mia-update-bar');

/** Open the first version and wait until its service worker controls the page. */
async function openFirst(page: Page): Promise<void> {
  server.root = first;
  await openFresh(page);
  await expect(build(page)).toHaveAttribute('data-build', 'first');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** Deploy the second version and let the browser look for it (as it does now and then). */
async function deploySecond(page: Page): Promise<void> {
  server.root = second;
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

test('a new version waits during a round; "Update now" brings it in with the game', async ({
  page,
}) => {
  await openFirst(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await roll(page);
  await claim(page, 54);
  await saved(page);
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

  await deploySecond(page);
  await expect(updateBar(page)).toContainText('Update ready: applies after this game');
  // The round goes on in the first version: nothing swapped or reloaded the page.
  await lift(page);
  await expect(page.locator('mia-actions')).toContainText("Bo lifts Ann's 54.");
  await saved(page);
  await expect(build(page)).toHaveAttribute('data-build', 'first');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  await updateBar(page).getByRole('button', { name: 'Update now' }).click();
  await expect(build(page)).toHaveAttribute('data-build', 'second');
  // The game stored by the first version opens in the second, mid-lift, and plays on.
  await expect(page.locator('mia-actions')).toContainText("Bo lifts Ann's 54.");
  await expect(updateBar(page)).toHaveCount(0);
  await dice(page, 5, 4);
  await expect(verdict(page)).toHaveText('Dice 54, claim 54: the claim holds, so Bo loses 1 life.');
});

test('a new version comes in by itself between games, not before', async ({ page }) => {
  await openFirst(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo', { lives: 1 });
  await roll(page);
  await claim(page, 54);
  await saved(page);
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

  await deploySecond(page);
  await expect(updateBar(page)).toBeVisible();
  await lift(page);
  await expect(build(page)).toHaveAttribute('data-build', 'first');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  // The last lift ends the game: the new version comes in, showing the finished game. On its
  // way are two of the app's own limits (the end screen's code, the new version taking over):
  // the wait covers them, so a busy machine that reaches a limit still sees the update come in.
  await dice(page, 5, 4);
  await expect(build(page)).toHaveAttribute('data-build', 'second', {
    timeout: 2 * APPLY_LIMIT_MS + 20_000,
  });
  await expect(page.locator('mia-game-over')).toBeVisible();
  await expect(updateBar(page)).toHaveCount(0);
});

/**
 * The problems the app noted for the players' export (they outlive a reload: one that comes as
 * they are read, the update coming in, is waited for and they are read again).
 */
async function problems(page: Page): Promise<Problem[]> {
  for (;;) {
    try {
      return await page.evaluate(
        () => JSON.parse(localStorage.getItem('mia-cup.problems') ?? '[]') as Problem[],
      );
    } catch (error) {
      if (!String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState();
    }
  }
}
const noted = (what: string) => expect.arrayContaining([expect.objectContaining({ what })]);

/**
 * Hold the first version's code of the end of a game: out of the service worker's cache, and
 * its request held by the server (a network that hangs), until `server.release()`.
 */
async function holdGameOverCode(page: Page): Promise<void> {
  const chunk = readdirSync(join(first, 'assets')).find((f) => /^mia-game-over-.*\.js$/.test(f));
  expect(chunk).toBeTruthy();
  server.hold(`/assets/${chunk}`, first);
  const removed = await page.evaluate(async (name) => {
    let count = 0;
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) {
        if (request.url.includes(name) && (await cache.delete(request))) count += 1;
      }
    }
    return count;
  }, chunk!);
  expect(removed).toBeGreaterThan(0);
}

test("the steps and the screen's code hang: the update waits no longer than its limits, says why, and comes in between games", async ({
  page,
}) => {
  await page.clock.install(); // the app's limits pass when the test moves its clock on
  await injectFault(page, 'hang', false);
  await openFirst(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo', { lives: 1 });
  await roll(page);
  await claim(page, 54);
  await saved(page);
  await deploySecond(page);
  await expect(updateBar(page)).toBeVisible();

  // The game ends while storage hangs and the end screen's code does not come.
  await holdGameOverCode(page);
  await setFault(page, 'hang');
  await lift(page);
  await dice(page, 5, 4);
  await expect(page.locator('mia-app')).toHaveAttribute('saving');
  // The update does not wait for ever, nor come in with steps not stored: it waits, and says why.
  await page.clock.fastForward(UPDATE_LIMIT_MS);
  await expect.poll(() => problems(page)).toEqual(noted('store every step before the update'));
  await expect(build(page)).toHaveAttribute('data-build', 'first');

  // Storage is back: the steps are stored, and the update is tried again after its pause. The
  // end screen's code still hangs: the update goes on without it once its limit has passed.
  await setFault(page, null);
  await saved(page);
  await page.clock.fastForward(UPDATE_RETRY_MS);
  await expect
    .poll(async () => {
      await page.clock.fastForward(APPLY_LIMIT_MS / 10);
      return problems(page);
    })
    .toEqual(noted('load the screen before the update'));
  server.release();
  await expect(build(page)).toHaveAttribute('data-build', 'second');
  await expect(page.locator('mia-game-over')).toBeVisible();
  await expect(page.locator('mia-game-over')).toContainText('Ann');
  await expect(updateBar(page)).toHaveCount(0);
});
