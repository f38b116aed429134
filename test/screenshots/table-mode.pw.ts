/**
 * Table mode at the four tablet sizes the issue names, with 2, 4, 6 and 10 players, into
 * screenshots/table-*.png (`npm run screenshots`): the new-game seating, a claim facing the
 * player to act, the dice of a lift and the verdict, for a person to look at.
 */
import { test, expect, claim, dice, lift, openFresh, peek, roll, startGame } from '../e2e/fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];
const NAMES = [
  'Erik',
  'Snorri',
  'Olaf',
  'Ingrid',
  'Bjørn',
  'Astrid',
  'Leif',
  'Sigrid',
  'Gunnar',
  'Freya',
];

for (const size of SIZES) {
  for (const count of [2, 4, 6, 10]) {
    test(`table mode, ${size.width}x${size.height}, ${count} players`, async ({ page }) => {
      await page.setViewportSize(size);
      const shot = (name: string) =>
        page.screenshot({
          path: `screenshots/table-${size.width}x${size.height}-${count}p-${name}.png`,
          animations: 'disabled',
        });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openFresh(page);
      await page.getByRole('button', { name: 'Table mode', exact: true }).click();
      await startGame(page, NAMES.slice(0, count), 'pub', {
        adjust: async () => {
          await shot('1-new-game');
        },
      });
      await roll(page);
      await claim(page, 54);
      await peek(page); // in the pub tradition a believer looks before claiming
      await claim(page, 61);
      await shot('2-facing');
      await lift(page);
      await shot('3-lift');
      await dice(page, 4, 1);
      await expect(page.locator('[data-testid="verdict"]').first()).toBeVisible();
      await shot('4-verdict');
    });
  }
}
