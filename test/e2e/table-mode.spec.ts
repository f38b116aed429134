import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  openFresh,
  option,
  peek,
  roll,
  startGame,
  verdict,
} from './fixtures';

const NAMES = ['Ann', 'Bo', 'Cy', 'Di'];

/** The angle (0, 90, 180 or 270) a turned frame is drawn at, from its computed transform. */
async function drawnAt(facing: Locator): Promise<number> {
  return facing.locator('[part="turn"]').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return (Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI / 90) * 90 + 360) % 360;
  });
}

/** The seat panel of `seat` in table mode, and the middle that faces the player to act. */
const seatPanel = (page: Page, seat: number) =>
  page.locator(`mia-round-table mia-facing[data-seat="${seat}"]`);
const middle = (page: Page) => page.locator('mia-round-table mia-facing.main');

/** The middle faces `facing`, as set and as drawn, and so does the panel marked to act. */
async function promptFaces(page: Page, facing: string): Promise<void> {
  await expect(middle(page)).toHaveAttribute('data-facing', facing);
  await expect(async () => expect(String(await drawnAt(middle(page)))).toBe(facing)).toPass();
  const toAct = page.locator('mia-round-table mia-facing:has(.panel[aria-current="true"])');
  await expect(toAct).toHaveAttribute('data-facing', facing);
}

async function noViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${screen}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

/** Fresh app at 1024x768, table mode picked on the new-game screen. */
async function tableMode(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openFresh(page);
  await page.getByRole('button', { name: 'Table mode', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Table mode', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test.describe('table mode', () => {
  test.use({ reducedMotion: 'reduce' });
  // Several axe runs each: axe alone can take half a minute on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test('seats face their sides, a tap moves a player, and the prompt turns to each player to act through a round', async ({
    page,
  }) => {
    await tableMode(page);
    await page.locator('mia-new-game input').nth(0).fill('Ann');
    await page.getByRole('button', { name: 'Add player' }).click();
    const chips = page.locator('mia-seating mia-facing');
    // Four players by default: one on each side, clockwise from the bottom.
    await expect(chips).toHaveCount(4);
    const sidesShown = () =>
      page
        .locator('mia-seating mia-facing')
        .evaluateAll((all) =>
          all
            .sort((a, b) => Number(a.dataset.seat) - Number(b.dataset.seat))
            .map((f) => f.dataset.side),
        );
    expect(await sidesShown()).toEqual(['bottom', 'left', 'top', 'right']);
    // Player 2 (left) is tapped on to the top: still second in turn order, now at the top.
    await page.getByRole('button', { name: /^Player 2 \(2\), on the left/ }).click();
    expect(await sidesShown()).toEqual(['bottom', 'top', 'top', 'right']);
    await noViolations(page, 'new game, table mode');

    await startGame(page, NAMES, 'pub');
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    const expected = ['0', '180', '180', '270'];
    for (const [seat, facing] of expected.entries()) {
      await expect(seatPanel(page, seat)).toHaveAttribute('data-facing', facing);
      expect(String(await drawnAt(seatPanel(page, seat)))).toBe(facing);
      await expect(seatPanel(page, seat)).toContainText(NAMES[seat]);
    }
    await noViolations(page, 'table mode, opening');

    await promptFaces(page, '0'); // Ann opens
    await roll(page);
    await promptFaces(page, '0');
    await claim(page, 54);
    await promptFaces(page, '180'); // Bo, at the top
    await noViolations(page, 'table mode, facing a claim');
    await peek(page); // believers look at this table (no roll without looking)
    await claim(page, 61);
    await promptFaces(page, '180'); // Cy, at the top
    await lift(page);
    await noViolations(page, 'table mode, entering dice');
    await dice(page, 6, 1);
    // The 61 was true: Cy loses a life, Di (right) opens. The verdict faces Di in the middle,
    // and Cy from a band along the top.
    await promptFaces(page, '270');
    await expect(page.locator('mia-round-table > div:not([slot]) mia-verdict')).toBeVisible();
    const aside = page.locator('mia-round-table mia-facing.aside');
    await expect(aside).toHaveAttribute('data-facing', '180');
    const asideVerdict = page.locator('mia-round-table > [slot="aside"] [data-testid="verdict"]');
    await expect(asideVerdict).toContainText('Cy');
    await expect(seatPanel(page, 2).locator('.panel')).toHaveAttribute('data-lives', '5');
    await noViolations(page, 'table mode, verdict');
    await roll(page);
    await claim(page, 42);
    await expect(aside).toHaveCount(0);
  });

  test('dialogs face the side they were opened from, one side by keyboard', async ({ page }) => {
    await tableMode(page);
    await startGame(page, NAMES.slice(0, 2), 'longhall');
    const history = page.locator('mia-dialog-button[data-dialog="history"]');
    await history.getByRole('button', { name: 'History' }).click();
    // The toolbar runs along the top edge: the dialog turns to the top.
    await expect(history.locator('dialog')).toHaveAttribute('data-facing', '180');
    await expect(page.locator('mia-history')).toBeVisible();
    await noViolations(page, 'table mode, history');
    await page.keyboard.press('Escape');
    await history.getByRole('button', { name: 'History' }).focus();
    await page.keyboard.press('Enter');
    await expect(history.locator('dialog')).toHaveAttribute('data-facing', '0');
    // Open (its content shown), not only turned, before Escape closes it.
    await expect(page.locator('mia-history')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('mia-history')).toBeHidden();
    for (const name of ['Rules', 'Stats', 'Options']) {
      await page.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toHaveAttribute('data-facing', '180');
      await noViolations(page, `table mode, ${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('every screen works in both modes, and the choice is remembered', async ({ page }) => {
    await tableMode(page);
    await startGame(page, ['Ann', 'Bo'], 'pub', { lives: 1 });
    await expect(seatPanel(page, 1)).toHaveAttribute('data-facing', '180');
    // Options: back to one side, the table as it always was.
    await option(page, 'Table mode on');
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'one-side');
    await expect(page.locator('mia-players')).toBeVisible();
    await expect(page.locator('mia-round-table')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'one-side');
    await roll(page);
    await claim(page, 43);
    await option(page, 'Table mode off');
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    await page.reload();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    await promptFaces(page, '180');
    await lift(page);
    await dice(page, 2, 1);
    await expect(page.locator('mia-game-over')).toBeVisible();
    await noViolations(page, 'table mode, game over');
    await page.getByRole('button', { name: 'New game' }).first().click();
    await expect(page.getByRole('button', { name: 'Table mode', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'One side', exact: true }).click();
    await expect(page.locator('mia-seating mia-facing')).toHaveCount(0);
    await page.getByRole('button', { name: 'Start game' }).click();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'one-side');
    await roll(page);
    await claim(page, 43);
    await lift(page);
    await dice(page, 2, 1);
    await expect(verdict(page)).toBeVisible();
  });
});

test('the prompt turns smoothly, and not at all where motion is reduced', async ({ page }) => {
  await tableMode(page);
  await startGame(page, NAMES.slice(0, 2), 'longhall');
  const duration = () =>
    middle(page)
      .locator('[part="turn"]')
      .evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(await duration()).not.toBe('0s');
  await roll(page);
  await claim(page, 54);
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  await expect(async () => expect(await drawnAt(middle(page))).toBe(180)).toPass();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await duration()).toBe('0s');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('table mode is the default in landscape, one side in portrait', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openFresh(page);
    const table = page.getByRole('button', { name: 'Table mode', exact: true });
    await expect(table).toHaveAttribute('aria-pressed', 'true');
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(table).toHaveAttribute('aria-pressed', 'false');
  });
});
