import type { Page } from '@playwright/test';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  openFresh,
  openSeatMenu,
  option,
  peek,
  roll,
  startGame,
  verdict,
} from './fixtures';
import { drawnAt, middle, noViolations, seatPanel, tableMode, turnOf } from './table-helpers';

const NAMES = ['Ann', 'Bo', 'Cy', 'Di'];

/** The middle faces `facing`, as set and as drawn, and so does the panel marked to act. */
async function promptFaces(page: Page, facing: string): Promise<void> {
  await expect(middle(page)).toHaveAttribute('data-facing', facing);
  await expect(async () => expect(String(await drawnAt(middle(page)))).toBe(facing)).toPass();
  const toAct = page.locator('mia-round-table mia-facing:has(.panel[aria-current="true"])');
  await expect(toAct).toHaveAttribute('data-facing', facing);
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

  test('every side has its own Undo and menu, facing it; its dialogs face that side too', async ({
    page,
  }) => {
    await tableMode(page);
    await startGame(page, NAMES, 'longhall');
    // No toolbar along one edge: each side's seats have their own.
    await expect(page.locator('mia-toolbar').getByRole('button')).toHaveCount(0);
    await roll(page);
    await claim(page, 54);
    const facings = { bottom: 0, left: 90, top: 180, right: 270 };
    for (const [side, facing] of Object.entries(facings)) {
      const frame = page.locator(`mia-round-table mia-facing.bar[data-side="${side}"]`);
      await expect(frame).toHaveAttribute('data-facing', String(facing));
      expect(await drawnAt(frame)).toBe(facing);
      await openSeatMenu(page, side);
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toHaveAttribute('data-facing', String(facing));
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }

    // From the left: sound, voice and the language in one tap; a dialog faces the left too,
    // also opened by keyboard.
    await openSeatMenu(page, 'left');
    await noViolations(page, 'table mode, a seat menu');
    const seatMenu = page.locator('mia-seat-menu');
    const sound = seatMenu.locator('[data-toggle="sound"]');
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    const voice = seatMenu.locator('[data-toggle="voice"]');
    await voice.click();
    await expect(voice).toHaveAttribute('aria-pressed', 'true');
    await seatMenu.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
    await seatMenu.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    for (const name of ['History', 'Rules', 'Stats', 'Options']) {
      const opener = seatMenu.getByRole('button', { name, exact: true });
      if (name === 'Rules') {
        await opener.focus();
        await page.keyboard.press('Enter');
      } else await opener.click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toHaveAttribute('data-facing', '90');
      await expect(async () => expect(await turnOf(dialog)).toBe(90)).toPass();
      if (name === 'History') await noViolations(page, 'table mode, history from the left');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.keyboard.press('Escape');

    // Undo from the top: the claim is taken back.
    await page
      .locator('mia-seat-bar[side="top"]')
      .getByRole('button', { name: 'Undo, at the top' })
      .click();
    await expect(page.getByTestId('standing')).not.toHaveText('54');
    // A new game from a seat's menu.
    await openSeatMenu(page, 'right');
    await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
    await expect(page.getByRole('button', { name: 'Back to the game' })).toBeVisible();
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

test('the players are one list for a screen reader, in turn order, as on one side', async ({
  page,
}) => {
  await tableMode(page);
  await startGame(page, NAMES, 'longhall');
  const list = page.getByRole('list', { name: 'Players and lives' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Ann');
  await expect(items.nth(0)).toContainText('3 lives left');
  await expect(items.nth(0)).toContainText('at the bottom');
  await expect(items.nth(1)).toContainText('Bo');
  await expect(items.nth(1)).toContainText('on the left');
  await expect(items.nth(3)).toContainText('Di');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
  await roll(page);
  await claim(page, 54);
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'false');
  // The panels drawn on the sides are not read a second time.
  const panels = page.locator('mia-round-table mia-facing[data-seat]');
  await expect(panels).toHaveCount(4);
  for (const panel of await panels.all())
    await expect(panel).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: 'lives left' })).toHaveCount(4);
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
  test.use({ hasTouch: true, reducedMotion: 'reduce' });

  test('the first game asks where the tablet is, with the picture; the answer is kept', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await openFresh(page);
    // Not guessed from the orientation: neither is chosen yet.
    const table = page.getByRole('button', { name: 'Table mode', exact: true });
    const oneSide = page.getByRole('button', { name: 'One side', exact: true });
    await expect(table).toHaveAttribute('aria-pressed', 'false');
    await expect(oneSide).toHaveAttribute('aria-pressed', 'false');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(table).toHaveAttribute('aria-pressed', 'false');
    await page.setViewportSize({ width: 768, height: 1024 });

    const inputs = page.locator('mia-new-game input');
    await page.getByRole('button', { name: 'Add player' }).click();
    for (const [i, name] of NAMES.entries()) await inputs.nth(i).fill(name);
    await page.getByRole('button', { name: 'Start game' }).click();
    const asked = page.getByRole('dialog', { name: 'Where is the tablet?' });
    await expect(asked).toBeVisible();
    // The little picture: each name on its side of the tablet.
    const picture = asked.locator('[data-layout="table"] mia-facing');
    await expect(picture).toHaveCount(4);
    await expect(picture.nth(0)).toHaveAttribute('data-side', 'bottom');
    await expect(asked.locator('[data-layout="table"]')).toContainText('Ann');
    await noViolations(page, 'where is the tablet');
    // Not answered: the set-up stays, and Start asks again.
    await page.keyboard.press('Escape');
    await expect(asked).toBeHidden();
    await expect(page.locator('mia-table')).toHaveCount(0);
    await page.getByRole('button', { name: 'Start game' }).click();
    await asked.getByRole('button', { name: /^Table mode/ }).click();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    await expect(seatPanel(page, 3)).toHaveAttribute('data-side', 'right');

    // Asked once: the next game starts in table mode at once, also after a reload.
    await page.reload();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    await openSeatMenu(page);
    await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
    await expect(table).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Start game' }).click();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'table');
    await expect(asked).toHaveCount(0);
  });

  test('answered "one side", a game starts on one side', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openFresh(page);
    await page.getByRole('button', { name: 'Start game' }).click();
    const asked = page.getByRole('dialog', { name: 'Where is the tablet?' });
    await asked.getByRole('button', { name: /^One side/ }).click();
    await expect(page.locator('mia-table')).toHaveAttribute('layout', 'one-side');
    await expect(page.locator('mia-players')).toBeVisible();
  });
});
