/**
 * A browser killed during a write comes back to the step before or the step after, never to a
 * broken record (issue 14). The browser (a persistent profile) is closed right after a step,
 * at seeded random moments (at once, or after a few milliseconds), again and again; each time
 * it starts again, the table must be exactly the game before that step or after it, and play
 * goes on from there. The outcome is checked whichever moment the write was cut at. The steps
 * before the last one are stored before it is taken (the app says so), so "the step before" is
 * a state only the stored steps can bring back; and over the run the game must have moved on
 * from its start, so a store that kept only the game's head would fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { mulberry32 } from '../unit/random';
import { test, expect, saved, startGame } from './fixtures';
import { tableState } from './storage-faults';

const KILLS = 6;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** One step of play, chosen by `random` from what the table offers now. */
async function step(page: Page, random: () => number): Promise<void> {
  const { phase, canUndo, claim } = await page.evaluate(() => {
    const snapshot = document.querySelector('mia-app')!.actor!.getSnapshot();
    return {
      phase: snapshot.value,
      canUndo: snapshot.can({ type: 'UNDO' }),
      claim: snapshot.context.claim,
    };
  });
  const actions = page.locator('mia-actions');
  if (canUndo && random() < 0.15) {
    await page.locator('mia-toolbar').getByRole('button', { name: /Undo/ }).click();
  } else if (phase === 'opening' || (phase === 'facing' && claim !== 21 && random() < 0.5)) {
    await actions.locator('[data-action="ROLL"]').click();
  } else if (phase === 'rolled') {
    const open = actions.locator('mia-claim-picker button[data-score]:not([disabled])');
    const count = await open.count();
    await open.nth(Math.floor(random() * Math.min(count, 4))).click();
  } else if (phase === 'facing') {
    await actions.locator('[data-action="LIFT"]').click();
  } else if (phase === 'lifting') {
    const entry = actions.locator('mia-dice-entry');
    const die = () => 1 + Math.floor(random() * 6);
    await entry.getByRole('radio', { name: `Die 1: ${die()}` }).click();
    await entry.getByRole('radio', { name: `Die 2: ${die()}` }).click();
  } else {
    throw new Error(`no step in phase ${phase}`);
  }
}

test('a browser closed right after a step comes back to the step before or after it', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(KILLS * 60_000);
  const random = mulberry32(14);
  const profile = mkdtempSync(join(tmpdir(), 'mia-killed-'));
  const launch = (): Promise<BrowserContext> =>
    playwright.chromium.launchPersistentContext(profile, {
      baseURL,
      executablePath: process.env.MIA_CHROMIUM || undefined,
      args: [...(asRoot ? ['--no-sandbox'] : []), '--disable-gpu', '--no-first-run'],
    });
  try {
    let expected: string[] | null = null;
    let start = '';
    for (let kill = 0; kill < KILLS; kill += 1) {
      const context = await launch();
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/');
      if (expected === null) {
        await startGame(page, ['Ann', 'Bo', 'Cy'], 'lizumo');
        start = await tableState(page);
      } else {
        await expect(page.locator('mia-table')).toBeVisible();
        expect(expected).toContain(await tableState(page));
      }
      // A few steps, stored; then the last one, and the browser goes at a random moment after it.
      const steps = 2 + Math.floor(random() * 3);
      for (let i = 1; i < steps; i += 1) await step(page, random);
      await saved(page);
      const before = await tableState(page);
      await step(page, random);
      const after = await tableState(page);
      const wait = [0, 0, 1, 3, 10, 30][Math.floor(random() * 6)];
      if (wait > 0) await page.evaluate((ms) => new Promise((r) => setTimeout(r, ms)), wait);
      expected = [before, after];
      expect(errors).toEqual([]);
      await context.close();
    }
    const context = await launch();
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('mia-table')).toBeVisible();
    const end = await tableState(page);
    expect(expected).toContain(end);
    expect(end).not.toBe(start);
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
