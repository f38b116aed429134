// The speed benchmark's browsers (`speed-bench.mjs`): each on a fresh profile, left alone for a
// moment after its launch, and a way to wait until a page has finished its own start.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { onCleanup } from './children.mjs';

/** How long a freshly launched browser is left to finish its own start-up (see `launch`). */
const SETTLE_MS = 1500;
/** How long a page is left after it is ready before it is reopened (see `settled`). */
const QUIET_MS = 1000;

/**
 * A launcher of browsers, each on a fresh profile with a blank page and a DevTools session.
 * Profiles live in memory where there is such a place (the disk's latency is not the page's),
 * else in `work` (or the system's temporary folder).
 */
export function browserLauncher({ work, executablePath, asRoot }) {
  const profiles = mkdtempSync(
    join(existsSync('/dev/shm') ? '/dev/shm' : (work ?? tmpdir()), 'mia-speed-bench-'),
  );
  onCleanup(() => rmSync(profiles, { recursive: true, force: true }));

  /**
   * A browser, left alone for a moment first: a browser just launched is still setting up its
   * profile and services, which on two cores slowed the first page by up to a second, at
   * random. A tablet's browser is already running when the app is first opened.
   */
  return async function launch(options = {}) {
    const dir = mkdtempSync(join(profiles, 'profile-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath,
      headless: true,
      viewport: { width: 1024, height: 768 },
      locale: 'en-US',
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
      ...options,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const cdp = await context.newCDPSession(page);
    const throttle = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const close = async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { context, page, cdp, throttle, close };
  };
}

/**
 * Resolves once the page has finished its own start: a second after it was ready, then at its
 * next idle moment. A page reopened right after its target showed is still loading what comes
 * after the first screen, and the browser finishes that work before it leaves the page (seen in
 * traces at 4x: the new document waited 80 ms for the old page's style and layout). A tablet
 * reopens a page that has long finished starting.
 */
export async function settled(page) {
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
}
