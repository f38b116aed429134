/**
 * Game over for the table: the winner's middle faces the winner, the loser's line the loser,
 * each panel shows its place (ties shared, with the rule that says so, also in Rules), and a
 * tap on a side turns the middle to it. The statistics read at tablet sizes in four languages
 * with 40-character names: no heading broken inside a word, nothing cut off.
 */
import type { Page } from '@playwright/test';
import { test, expect, openSeatMenu } from './fixtures';
import {
  drawnAt,
  middle,
  noViolations,
  playToATie,
  seatPanel,
  tableMode,
  turnOf,
} from './table-helpers';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

test('game over faces the table: the winner, the loser, every place, ties with their rule', async ({
  page,
}) => {
  await tableMode(page);
  await playToATie(page);
  // No toolbar along one edge: the seats keep their own Undo and menu.
  await expect(page.locator('mia-seat-bar')).toHaveCount(4);
  await expect(page.locator('mia-toolbar').getByRole('button')).toHaveCount(0);
  // Di (right) comes first: the middle with the banner and the buttons faces her.
  await expect(middle(page)).toHaveAttribute('data-facing', '270');
  await expect(async () => expect(await drawnAt(middle(page))).toBe(270)).toPass();
  const over = page.getByTestId('over-middle');
  await expect(over.getByTestId('result')).toHaveText('Di wins!');
  await expect(over.getByRole('button', { name: 'Rematch' })).toBeVisible();
  // Bo (left), out first, reads his line from a band on his side.
  const aside = page.locator('mia-round-table mia-facing.aside');
  await expect(aside).toHaveAttribute('data-facing', '90');
  await expect(page.getByTestId('over-aside').getByTestId('loser')).toHaveText(
    'Bo is out first and loses!',
  );
  // Each panel, facing its player, shows the place; Ann and Cy share the second.
  const places = ['Place 2 (shared)', 'Place 4', 'Place 2 (shared)', 'Place 1'];
  for (const [seat, place] of places.entries()) {
    await expect(seatPanel(page, seat).locator('.place-mark')).toHaveText(place);
  }
  await expect(page.getByRole('list', { name: 'Players and lives' })).toContainText(
    'Place 2 (shared)',
  );
  // The tie in words, with the rule, and the table marks it.
  await expect(page.getByTestId('ties')).toContainText('Ann and Cy share place 2.');
  await expect(page.getByTestId('ties')).toContainText('players with equal lives share a place');
  await expect(page.locator('mia-game-over tr[data-seat="0"] td.place')).toContainText('2=');
  await noViolations(page, 'table mode, game over');

  // A tap on the top side's panels turns the middle to Cy; the band still faces Bo.
  await seatPanel(page, 2).click();
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  await expect(async () => expect(await drawnAt(middle(page))).toBe(180)).toPass();
  await expect(aside).toHaveAttribute('data-facing', '90');
  // Turned to Bo's side, the middle says his line itself (no band).
  await seatPanel(page, 1).click();
  await expect(middle(page)).toHaveAttribute('data-facing', '90');
  await expect(aside).toHaveCount(0);
  await expect(page.getByTestId('over-middle').getByTestId('loser')).toBeVisible();

  // Rules, from the top side's menu, facing it, say how players are placed.
  await openSeatMenu(page, 'top');
  await page.locator('mia-seat-menu').getByRole('button', { name: 'Rules', exact: true }).click();
  const rules = page.getByRole('dialog', { name: 'Rules' });
  await expect(async () => expect(await turnOf(rules)).toBe(180)).toPass();
  await expect(page.locator('mia-rules-panel [data-rule="places"]')).toHaveText(
    'The others are placed by the lives they have left; players with equal lives share a place.',
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Undo from a seat takes the end of the game back.
  await page.locator('mia-seat-bar[side="left"]').getByRole('button', { name: /^Undo/ }).click();
  await expect(page.locator('mia-table')).toBeVisible();
});

/**
 * The statistics tables' problems in words (empty when all is well): a heading broken inside a
 * word ("Game / s"), a heading or a name cut off, or a table wider than its box.
 */
function statsMisfits(page: Page, within: string): Promise<string[]> {
  return page.locator(`${within} mia-stats-table, ${within} mia-scoreboard`).evaluateAll((hosts) =>
    hosts.flatMap((host) => {
      const problems: string[] = [];
      const root = host.shadowRoot!;
      for (const th of root.querySelectorAll('th')) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (range.getClientRects().length > 1) problems.push(`"${match[0]}" broken`);
          }
        }
      }
      for (const cell of root.querySelectorAll<HTMLElement>('th .up, td.name, th')) {
        if (cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1)
          problems.push(`"${cell.textContent?.trim()}" cut off`);
      }
      const box = root.querySelector<HTMLElement>('.scroll, .wrap') ?? (host as HTMLElement);
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(`${host.localName}: ${box.scrollWidth}px in ${box.clientWidth}px`);
      return problems;
    }),
  );
}

const LONG = [
  'Annemarie Katharina Schwarzenberger-Lund',
  'Bo',
  'Christoffer Valdemar Henningsen Bjørnsen',
  'Dagny Solveig Kristiansen-Haugland Moe',
];

for (const size of [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
]) {
  test(`the statistics read at ${size.width}x${size.height} in four languages with long names`, async ({
    page,
  }) => {
    await tableMode(page, size);
    await playToATie(page, LONG);
    for (const locale of ['en', 'nb', 'de', 'da']) {
      for (const layout of ['table', 'one-side']) {
        await page.evaluate(
          (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
          JSON.stringify({ locale, layout }),
        );
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('mia-game-over mia-stats-table tr[data-seat]')).toHaveCount(4);
        await expect(async () =>
          expect(await statsMisfits(page, 'mia-game-over'), `${locale}, ${layout}`).toEqual([]),
        ).toPass({ timeout: 15_000 });
      }
    }
  });
}

test('in a narrow turned middle the buttons stay whole and the statistics show they scroll', async ({
  page,
}) => {
  await tableMode(page, { width: 800, height: 1280 });
  await playToATie(page, LONG);
  await seatPanel(page, 2).click(); // the middle turns to the top, beside Bo's band
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  const over = page.getByTestId('over-middle');
  for (const name of ['Rematch', 'New game']) {
    const lines = await over.getByRole('button', { name }).evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    // Turned upside down, a line of text is a row of boxes at one height: count the rows.
    expect(lines, name).toBeLessThanOrEqual(name.split(' ').length);
  }
  const box = page.locator('mia-game-over mia-stats-table .scroll');
  const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  if (scrolls) await expect(box).toHaveAttribute('data-more');
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(box).not.toHaveAttribute('data-more');
});
