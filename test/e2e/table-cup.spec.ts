/**
 * The cup in table mode: a small status on the table (the cup, connected, battery, a warning
 * when there is one), its technical actions behind it; the simulated cup's Shake and Lid whole
 * on screen without scrolling, in the middle that faces the player to act, at the four tablet
 * sizes.
 */
import type { Page } from '@playwright/test';
import { MAX_EVENT_BURST } from '../../src/cup/connection/event-stream';
import { test, expect, claim, startGame } from './fixtures';
import { connect, floodLidLifts, openWithCup } from './fixtures/cup-table';
import { test as cupTest } from './fixtures/emulated-cup';
import { middle, noViolations, notWhole } from './table-helpers';

test.use({ reducedMotion: 'reduce' });

/** The simulated cup's Shake and Lid are whole on screen, in the middle facing `facing`. */
async function cupInView(page: Page, facing: string): Promise<void> {
  await expect(middle(page)).toHaveAttribute('data-facing', facing);
  const buttons = page.locator('mia-sim-cup button');
  await expect(buttons).toHaveCount(2);
  await expect(async () => expect(await notWhole(buttons)).toEqual([])).toPass({ timeout: 15_000 });
  // Drawn in the turned middle (slotted into the table's middle, not along an edge).
  const inMiddle = await page
    .locator('mia-sim-cup')
    .evaluate((el) => !!el.closest('mia-table') && el.slot === 'sim');
  expect(inMiddle).toBe(true);
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
]) {
  test(`the cup is a small status, the simulated cup's Shake and Lid in view at ${size.width}x${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/?cup=sim');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
    );
    await page.reload();
    await startGame(page, ['Ann', 'Bo', 'Cy', 'Di', 'Eva', 'Finn'], 'pub');
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    // The status: one line, connected, battery; the technical actions behind it.
    const compact = page.getByTestId('cup-compact');
    await expect(compact.locator('summary')).toContainText('Simulated cup: Connected');
    await expect(compact.locator('summary')).toContainText('Battery');
    // The status starts the line, beside the marker (the marker is never a line of its own).
    const below = await compact.locator('summary').evaluate((summary) => {
      const top =
        summary.getBoundingClientRect().top + parseFloat(getComputedStyle(summary).paddingTop);
      return summary.querySelector('.status')!.getBoundingClientRect().top - top;
    });
    expect(below).toBeLessThan(10);
    await expect(page.getByRole('button', { name: 'Identify' })).toBeHidden();
    await cupInView(page, '0');
    // Shaken from the screen: Ann rolls; she claims, and the middle turns to Bo.
    await page.getByTestId('sim-shake').click();
    await claim(page, 54);
    const toAct = page.locator('mia-round-table mia-facing:has(.panel[aria-current="true"])');
    await expect(toAct).toHaveAttribute('data-seat', '1');
    const facing = (await toAct.getAttribute('data-facing')) ?? '';
    await cupInView(page, facing);
    // Behind the status: the whole panel, with its actions.
    await compact.locator('summary').click();
    await expect(page.getByRole('button', { name: 'Identify' })).toBeVisible();
    if (size.width === 1024) await noViolations(page, 'table mode, the cup opened');
  });
}

/**
 * Frame by frame from the page's start, as each frame was drawn (measured just after it): where
 * "Roll" is, and whether the simulated cup's panel showed its buttons (`__rolls`, one entry per
 * frame with "Roll" in it).
 */
const WATCH_ROLL = () => {
  const deep = (root: ParentNode, selector: string): Element | null => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const el of root.querySelectorAll('*')) {
      const inner = el.shadowRoot && deep(el.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  const rolls: { top: number; sim: number }[] = [];
  (window as unknown as { __rolls: typeof rolls }).__rolls = rolls;
  const measure = () => {
    const roll = deep(document, 'button[data-action="ROLL"]');
    const box = roll?.getBoundingClientRect();
    if (box && box.height > 0) {
      const sim = deep(document, 'mia-sim-cup')?.shadowRoot?.querySelectorAll('button').length;
      rolls.push({ top: Math.round(box.top), sim: sim ?? 0 });
    }
    requestAnimationFrame(afterFrame);
  };
  const afterFrame = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = measure;
    channel.port2.postMessage(0);
  };
  requestAnimationFrame(afterFrame);
};

test('the simulated cup\'s panel comes with the table: "Roll" stays where it is when the cup comes up, after a start and a reload', async ({
  page,
}) => {
  // A slow tablet: the cup comes up well after the table shows.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.addInitScript(WATCH_ROLL);
  await page.goto('/?cup=sim');
  await page.evaluate(() =>
    localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
  );
  await page.reload();
  await startGame(page, ['Ann', 'Bo', 'Cy', 'Di']);
  for (const step of ['start', 'reload']) {
    if (step === 'reload') {
      await expect(page.locator('mia-app')).not.toHaveAttribute('saving');
      await page.reload();
    }
    await expect(page.getByTestId('cup-compact').locator('summary')).toContainText('Connected');
    await expect(page.getByTestId('sim-shake')).toBeEnabled();
    const rolls = await page.evaluate(
      () => (window as unknown as { __rolls: { top: number; sim: number }[] }).__rolls,
    );
    expect(rolls.length, step).toBeGreaterThan(0);
    // In the first frame with "Roll" the panel is there (its buttons off while the cup comes
    // up), and "Roll" never moves afterwards.
    expect(rolls[0].sim, step).toBe(2);
    expect(new Set(rolls.map((r) => r.top)), step).toEqual(new Set([rolls[0].top]));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

cupTest(
  "a Bluetooth cup's warning is part of its small status on the table",
  async ({ page, cup }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await openWithCup(page);
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
    );
    await cup.reload(); // the emulated adapter made again for the new page
    await startGame(page, ['Ada', 'Ben', 'Cy', 'Dag']);
    await connect(page);
    const line = page.getByTestId('cup-compact');
    await expect(line.locator('summary')).toContainText('Sensor cup:');
    await expect(line.getByTestId('cup-compact-warning')).toHaveCount(0);
    // The cup sends lid lifts faster than anyone plays: the surplus is cut, with a warning.
    await floodLidLifts(cup, MAX_EVENT_BURST * 3);
    // Said in the line on the table, the panel behind it still closed, whole on screen.
    const warning = line.locator('summary').getByTestId('cup-compact-warning');
    await expect(warning).toContainText(
      'The cup sent events faster than anyone plays: the surplus was ignored.',
    );
    await expect(line).not.toHaveAttribute('open');
    await expect(warning).toBeVisible();
    await expect(warning).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Identify' })).toBeHidden();
  },
);
