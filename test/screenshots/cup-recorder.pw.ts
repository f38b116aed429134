/**
 * The recorder with a recording (the emulated cup replaying `whole-turn`, one frame lost), in
 * the dark and the light theme at 1024x768 and 768x1024, into screenshots/recorder-*.png: the
 * plot's axes, bands, marks and legend, for a person to look at (`npm run screenshots`).
 */
import { connectedGame } from '../e2e/fixtures/cup-table';
import { expect, test } from '../e2e/fixtures/emulated-cup';
import { recordTrace, reference } from '../e2e/fixtures/recording';
import { option } from '../e2e/fixtures';

test('the recorder with a recording, both themes, both orientations', async ({ page, cup }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await connectedGame(page);
  await recordTrace(page, cup, `${reference}/traces/whole-turn.csv`, 'whole turn', 'a turn');
  const recorder = page.locator('mia-cup-recorder');
  for (const theme of ['Dark', 'Light']) {
    if (theme === 'Light') await option(page, 'Light theme');
    for (const size of [
      { width: 1024, height: 768, name: 'landscape' },
      { width: 768, height: 1024, name: 'portrait' },
    ]) {
      await page.setViewportSize(size);
      // The plot in the middle of the screen, clear of the toolbar.
      await recorder
        .locator('mia-trace-plot')
        .evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await expect(recorder.getByTestId('plot-event').first()).toBeVisible();
      const name = `${size.name}-${theme.toLowerCase()}`;
      await recorder
        .locator('mia-trace-plot')
        .screenshot({ path: `screenshots/recorder-${name}.png` });
      await page.screenshot({ path: `screenshots/recorder-${name}-page.png` });
    }
  }
});
