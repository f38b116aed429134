/**
 * Table mode's menus and dialogs at the four tablet sizes, into screenshots/menus-*.png
 * (`npm run screenshots`), on a touch screen: the question where the tablet is (the first
 * game), each side's Undo and menu, the menu opened from each side (facing it), and every dialog
 * opened from every side's menu, facing that side.
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, openFresh, roll } from '../e2e/fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];
const NAMES = ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid'];
const SIDES = ['bottom', 'left', 'top', 'right'] as const;
const DIALOGS = ['History', 'Rules', 'Stats', 'Options'];

/** Open the menu of `side`, and wait until it shows. */
async function openMenu(page: Page, side: string) {
  await page.locator(`mia-seat-bar[side="${side}"]`).getByRole('button', { name: /^Menu/ }).click();
  await expect(page.locator('mia-seat-menu')).toBeVisible();
}

test.use({ hasTouch: true });

for (const size of SIZES) {
  test(`table mode menus, ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const shot = (name: string) =>
      page.screenshot({
        path: `screenshots/menus-${size.width}x${size.height}-${name}.png`,
        animations: 'disabled',
      });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openFresh(page);
    const inputs = page.locator('mia-new-game input');
    while ((await inputs.count()) < NAMES.length) {
      await page.getByRole('button', { name: 'Add player' }).click();
    }
    for (const [i, name] of NAMES.entries()) await inputs.nth(i).fill(name);
    await page.locator('mia-new-game [data-preset="pub"]').click();
    await page.getByRole('button', { name: 'Start game' }).click();
    const asked = page.getByRole('dialog', { name: 'Where is the tablet?' });
    await expect(asked).toBeVisible();
    await shot('0-where-is-the-tablet');
    await asked.getByRole('button', { name: /^Table mode/ }).click();
    await expect(page.locator('mia-round-table')).toBeVisible();
    await roll(page);
    await claim(page, 54);
    await shot('0-table');
    for (const side of SIDES) {
      await openMenu(page, side);
      await shot(`1-menu-${side}`);
      await page.keyboard.press('Escape');
    }
    for (const name of DIALOGS) {
      for (const side of SIDES) {
        await openMenu(page, side);
        await page.locator('mia-seat-menu').getByRole('button', { name, exact: true }).click();
        await expect(page.getByRole('dialog', { name })).toBeVisible();
        await shot(`2-${name.toLowerCase()}-${side}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
      }
    }
  });
}
