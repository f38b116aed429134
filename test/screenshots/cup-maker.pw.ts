/**
 * The cup maker's tools as a maker sees them, in the dark and the light theme at 1024x768 and
 * 768x1024, into screenshots/maker-*.png, firmware-*.png and label-*.png: "For cup makers" on
 * the new-game screen with the cup connected, the updater with a flagged file and with a
 * cancelled upload, the label sheet on screen and as it prints (`npm run screenshots`).
 */
import type { Page } from '@playwright/test';
import { buildImage } from '../../src/cup/smp';
import { openWithCup } from '../e2e/fixtures/cup-table';
import { expect, test } from '../e2e/fixtures/emulated-cup';

const body = (n: number, seed: number) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 7) & 0xff);
const OLD = { major: 1, minor: 4, revision: 2, build: 0 };
const SIZES = [
  { width: 1024, height: 768, name: 'landscape' },
  { width: 768, height: 1024, name: 'portrait' },
];

/** Each theme and size in turn: `shoot(name)` with the page set to it. */
async function everyLook(page: Page, shoot: (name: string) => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Two frames: the page laid out and painted at its new size before the shot.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await shoot(`${size.name}-${theme}`);
    }
  }
}

test('the maker section, the updater and the label sheet', async ({ page, cup }) => {
  const smp = cup.addSmp({ running: await buildImage(OLD, body(2_000, 1)) });
  await page.setViewportSize(SIZES[0]);
  await openWithCup(page);
  const section = page.locator('mia-cup-choice');
  await section.getByText('For cup makers').click();
  const maker = section.locator('mia-cup-panel');
  await maker.getByRole('button', { name: 'Connect cup' }).click();
  await expect(maker.getByTestId('cup-status')).toHaveText('Connected');
  await everyLook(page, async (name) => {
    await section.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `screenshots/maker-${name}.png` });
  });

  // The updater: another build of the version the cup runs, flagged before Install.
  await maker.getByRole('button', { name: 'Update firmware' }).click();
  const file = page.getByTestId('firmware-file');
  await file.setInputFiles({
    name: 'mia-cup-1.4.2.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await buildImage(OLD, body(6_000, 3))),
  });
  const updater = page.locator('mia-firmware-update');
  await expect(page.getByTestId('firmware-flag')).toBeVisible();
  await everyLook(page, async (name) => {
    await updater.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `screenshots/firmware-flagged-${name}.png` });
  });

  // A cancelled upload (the cup holds its answers from 40 % on, so the upload is under way).
  const send = smp.send;
  let held = false;
  smp.send = (value) => void (held || send(value));
  smp.onUpload = (off, len) => void (off >= len * 0.4 && (held = true));
  await page.getByRole('button', { name: 'Install version 1.4.2' }).click();
  await expect.poll(() => held).toBe(true);
  await page.getByRole('button', { name: 'Cancel the upload' }).click();
  await expect(page.getByTestId('firmware-status')).toHaveAttribute('data-phase', 'stopped');
  await everyLook(page, async (name) => {
    await updater.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `screenshots/firmware-stopped-${name}.png` });
  });

  // The label sheet, on screen and as it prints.
  await maker.getByRole('button', { name: 'Print a label' }).click();
  await expect(page.locator('mia-label-sheet').getByTestId('label')).toHaveCount(8);
  await everyLook(page, async (name) => {
    await page.screenshot({ path: `screenshots/label-${name}.png` });
  });
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 px to the inch
  await page.screenshot({ path: 'screenshots/label-print.png', fullPage: true });
  await page.pdf({ path: 'screenshots/label-sheet.pdf', format: 'A4' });
  await page.pdf({ path: 'screenshots/label-sheet-letter.pdf', format: 'Letter' });
});
