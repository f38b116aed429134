/**
 * Updating the cup's firmware from the cup panel (PROTOCOL.md 9), through the app's real Web
 * Bluetooth code against a cup emulated in Chromium with MCUmgr's SMP service and MCUboot's
 * two slots: the image arrives byte for byte, a drop at 40 % resumes, a cup without the SMP
 * service is offered no update, a file that is not an image is refused before upload, and a cup
 * that boots back into its old image is reported. Before "Install", a file the cup already runs
 * is flagged, and an image signed with `--pad` gets the hint to sign it without; the upload can
 * be cancelled, and installing again goes on where it stopped. A file far larger than any
 * firmware is refused unread, and a cup that stops taking the upload gets five tries.
 */
import type { Page } from '@playwright/test';
import { MAX_IMAGE_BYTES, SMP_CHARACTERISTIC, buildImage, padImage } from '../../src/cup/smp';
import { connectedGame, panel } from './fixtures/cup-table';
import { test, expect, type EmulatedCup } from './fixtures/emulated-cup';

const OLD = { major: 1, minor: 4, revision: 2, build: 0 };
const NEW = { major: 1, minor: 5, revision: 0, build: 0 };
const body = (n: number, seed: number) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 7 + (i >> 8)) & 0xff);

const oldImage = () => buildImage(OLD, body(2_000, 1));
const newImage = () => buildImage(NEW, body(5_000, 2));

const status = (page: Page) => page.getByTestId('firmware-status');
const failure = (page: Page) => page.getByTestId('firmware-error');

/** A game with the cup connected (the app claims it: the owner); open "Update firmware" with a file. */
async function chooseFile(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await connectedGame(page);
  await panel(page).getByRole('button', { name: 'Update firmware' }).click();
  await expect(panel(page).getByTestId('firmware-from-computer')).toHaveCount(0);
  await page.getByTestId('firmware-file').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(bytes),
  });
}

const smpWrites = (cup: EmulatedCup) => cup.writes.filter((w) => w.uuid === SMP_CHARACTERISTIC);

test('the image arrives byte for byte, and the cup comes back with the new version', async ({
  page,
  cup,
}) => {
  const smp = cup.addSmp({ running: await oldImage(), confirmsItself: false });
  const image = await newImage();
  await chooseFile(page, 'mia-cup-1.5.0.bin', image);
  await expect(page.getByTestId('firmware-versions')).toHaveText(
    'This file: version 1.5.0, 5 KB. The cup runs version 1.4.2.',
  );
  await page.getByRole('button', { name: 'Install version 1.5.0' }).click();
  await expect(status(page)).toHaveText('Done: the cup runs firmware 1.5.0.', { timeout: 60_000 });
  // What the cup's second slot received is the file, and it now runs it, confirmed by the app.
  expect(Buffer.from(smp.uploaded ?? []).equals(Buffer.from(image))).toBe(true);
  expect(smp.runningVersion).toBe('1.5.0');
  expect(smp.runningConfirmed).toBe(true);
  expect(smpWrites(cup).every((w) => w.bytes.length <= 20)).toBe(true);
  expect(smpWrites(cup).every((w) => w.writeType === 'write-without-response')).toBe(true);
  await expect(page.getByTestId('cup-firmware')).toHaveText('Firmware 1.5.0');
});

test('a drop at 40 % resumes from the offset the cup reports and completes', async ({
  page,
  cup,
}) => {
  const smp = cup.addSmp({ running: await oldImage() });
  const image = await newImage();
  let dropped = false;
  const sentAt: number[] = [];
  smp.onUpload = (off, len) => {
    sentAt.push(off);
    if (!dropped && off >= len * 0.4) {
      dropped = true;
      void cup.disconnect();
    }
  };
  await chooseFile(page, 'mia-cup-1.5.0.bin', image);
  await page.getByRole('button', { name: 'Install version 1.5.0' }).click();
  await expect(status(page)).toHaveText('Done: the cup runs firmware 1.5.0.', { timeout: 90_000 });
  expect(dropped).toBe(true);
  expect(Buffer.from(smp.uploaded ?? []).equals(Buffer.from(image))).toBe(true);
  // The cup's upload went on where it stood: no offset was written twice.
  expect(new Set(sentAt).size).toBe(sentAt.length);
  const firsts = smp.requests.filter((r) => r.group === 1 && r.id === 1 && r.body.off === 0);
  expect(firsts).toHaveLength(2); // the start, and "where are you?" after the drop
});

test('a cup without the SMP service (capability bit 7 clear) is offered no update, and told how', async ({
  page,
  cup,
}) => {
  await connectedGame(page);
  await expect(panel(page).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Update firmware' })).toHaveCount(0);
  // It says how such a cup (a Puck.js cup) is updated instead (PROTOCOL.md 10.1).
  await expect(panel(page).getByTestId('firmware-from-computer')).toContainText(
    'npm run cup:flash',
  );
  expect(smpWrites(cup)).toHaveLength(0);
});

test('a file that is not an MCUboot image is refused before upload', async ({ page, cup }) => {
  const smp = cup.addSmp({ running: await oldImage() });
  const text = new TextEncoder().encode('These are the release notes, not the firmware itself.\n');
  await chooseFile(page, 'notes.bin', text);
  await expect(failure(page)).toHaveText(
    'This file is not a firmware image for the cup (it has no MCUboot header). Nothing was sent to the cup.',
  );
  await expect(page.getByRole('button', { name: /^Install version/ })).toHaveCount(0);
  expect(smpWrites(cup)).toHaveLength(0);
  expect(smp.requests).toHaveLength(0);
});

test('a file far larger than any firmware is refused unread', async ({ page, cup }) => {
  const smp = cup.addSmp({ running: await oldImage() });
  await chooseFile(page, 'disk.img', new Uint8Array(MAX_IMAGE_BYTES + 1));
  await expect(failure(page)).toHaveText(
    'This file is far larger than any firmware for the cup: it was not read. Nothing was sent to the cup.',
  );
  await expect(page.getByRole('button', { name: /^Install version/ })).toHaveCount(0);
  expect(smp.requests).toHaveLength(0);
});

test('a cup that stops taking the upload is given five tries, then the update stops', async ({
  page,
  cup,
}) => {
  const smp = cup.addSmp({ running: await oldImage(), repeatsOffset: 2_000 });
  await chooseFile(page, 'mia-cup-1.5.0.bin', await newImage());
  await page.getByRole('button', { name: 'Install version 1.5.0' }).click();
  await expect(failure(page)).toHaveText(
    /The cup stopped taking the firmware at byte 2\d{3}: it answered 5 times without going on\. The cup keeps its firmware\./,
    { timeout: 60_000 },
  );
  await expect(status(page)).toHaveAttribute('data-phase', 'failed');
  const uploads = smp.requests.filter((r) => r.group === 1 && r.id === 1);
  const stalled = uploads.filter((r) => (r.body.off as number) >= 2_000);
  expect(stalled).toHaveLength(5);
  expect(smp.runningVersion).toBe('1.4.2');
});

test('a cup that reboots into its old image is reported as such', async ({ page, cup }) => {
  const smp = cup.addSmp({ running: await oldImage(), selfTest: false });
  await chooseFile(page, 'mia-cup-1.5.0.bin', await newImage());
  await page.getByRole('button', { name: 'Install version 1.5.0' }).click();
  await expect(failure(page)).toHaveText(
    'The cup came back with its old firmware 1.4.2: version 1.5.0 did not pass its self-test and was rolled back. The cup works as before.',
    { timeout: 60_000 },
  );
  expect(smp.runningVersion).toBe('1.4.2');
  await expect(page.getByTestId('cup-status')).toHaveText('Connected');
  await expect(page.getByTestId('cup-firmware')).toHaveText('Firmware 1.4.2');
});

test('a file the cup already runs is flagged before Install, and nothing is sent', async ({
  page,
  cup,
}) => {
  const running = await oldImage();
  const smp = cup.addSmp({ running });
  await chooseFile(page, 'mia-cup-1.4.2.bin', running);
  await expect(page.getByTestId('firmware-flag')).toHaveText(
    'The cup already runs this very image (version 1.4.2): there is nothing to install.',
  );
  await expect(page.getByRole('button', { name: /^Install version/ })).toHaveCount(0);
  // The image state was read, nothing written.
  expect(smp.requests.map((r) => [r.op, r.group, r.id])).toEqual([[0, 1, 0]]);

  // Another build of the same version: flagged, and it can still be installed.
  await page.getByTestId('firmware-file').setInputFiles({
    name: 'mia-cup-1.4.2-rebuilt.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await buildImage(OLD, body(2_000, 9))),
  });
  await expect(page.getByTestId('firmware-flag')).toHaveAttribute('data-compared', 'same-version');
  await expect(page.getByRole('button', { name: 'Install version 1.4.2' })).toBeVisible();
});

test('an image signed with --pad gets the hint to sign it without, and nothing is sent', async ({
  page,
  cup,
}) => {
  const smp = cup.addSmp({ running: await oldImage() });
  await chooseFile(page, 'mia-cup-1.5.0-padded.bin', padImage(await newImage(), 16_384));
  await expect(failure(page)).toHaveText(
    "This image is padded to the size of the cup's slot (signed with imgtool's --pad option): that file is for a programmer. Sign the firmware again without --pad and choose that file. Nothing was sent to the cup.",
  );
  await expect(page.getByRole('button', { name: /^Install version/ })).toHaveCount(0);
  expect(smp.requests).toHaveLength(0);
});

test('Cancel stops the upload, and installing again goes on where it stopped', async ({
  page,
  cup,
}) => {
  const smp = cup.addSmp({ running: await oldImage() });
  const image = await newImage();
  // The cup holds its answers from 40 % on, until the test lets them go: the upload is surely
  // under way when Cancel is tapped.
  const send = smp.send;
  let held: Uint8Array[] | null = null;
  smp.send = (value) => (held ? held.push(value) : send(value));
  const sentAt: number[] = [];
  let heldOnce = false;
  smp.onUpload = (off, len) => {
    sentAt.push(off);
    if (heldOnce || off < len * 0.4) return;
    heldOnce = true;
    held = [];
  };
  await chooseFile(page, 'mia-cup-1.5.0.bin', image);
  await page.getByRole('button', { name: 'Install version 1.5.0' }).click();
  await expect.poll(() => held !== null).toBe(true);
  await page.getByRole('button', { name: 'Cancel the upload' }).click();
  await expect(status(page)).toHaveText(
    /^\s*Upload stopped at \d+ %\. The cup keeps what it received: installing again goes on from there\.\s*$/,
  );
  const stoppedAt = smp.uploaded!.length;
  expect(stoppedAt).toBeGreaterThanOrEqual(image.length * 0.4);
  expect(stoppedAt).toBeLessThan(image.length);
  // The cup's late answers change nothing: the upload stays stopped.
  const late = held as Uint8Array[] | null;
  held = null;
  for (const value of late ?? []) send(value);
  await cup.settled();
  await expect(status(page)).toHaveAttribute('data-phase', 'stopped');
  expect(smp.uploaded!.length).toBe(stoppedAt);

  await page.getByRole('button', { name: 'Go on installing version 1.5.0' }).click();
  await expect(status(page)).toHaveText('Done: the cup runs firmware 1.5.0.', { timeout: 60_000 });
  expect(Buffer.from(smp.uploaded ?? []).equals(Buffer.from(image))).toBe(true);
  // It went on where the cup stood: no offset was written twice.
  expect(new Set(sentAt).size).toBe(sentAt.length);
});
