/** Helpers of the table-mode browser tests: angles drawn, axe, a fresh table, a game to its end. */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, claim, dice, lift, openFresh, roll, startGame } from './fixtures';

/** The angle (0, 90, 180 or 270) a turned frame is drawn at, from its computed transform. */
export async function drawnAt(facing: Locator): Promise<number> {
  return facing.locator('[part="turn"]').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return (Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI / 90) * 90 + 360) % 360;
  });
}

/** The angle a dialog is drawn at (its own transform). */
export const turnOf = (dialog: Locator): Promise<number> =>
  dialog.evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return (Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI / 90) * 90 + 360) % 360;
  });

/** The seat panel of `seat` in table mode, and the middle that faces the player to act. */
export const seatPanel = (page: Page, seat: number) =>
  page.locator(`mia-round-table mia-facing[data-seat="${seat}"]`);
export const middle = (page: Page) => page.locator('mia-round-table mia-facing.main');

export async function noViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) =>
        `${screen}: ${v.id} (${v.nodes.length}) ${v.help} ${JSON.stringify(v.nodes.map((n) => [n.target, n.failureSummary]))}`,
    ),
  ).toEqual([]);
}

/** Fresh app at 1024x768 (or `size`), table mode picked on the new-game screen. */
export async function tableMode(page: Page, size = { width: 1024, height: 768 }): Promise<void> {
  await page.setViewportSize(size);
  await openFresh(page);
  await page.getByRole('button', { name: 'Table mode', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Table mode', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/** One round: the opener rolls and claims `score`, the next player lifts, the dice are shown. */
async function round(page: Page, score: number, shown: [number, number]): Promise<void> {
  await roll(page);
  await claim(page, score);
  await lift(page);
  await dice(page, ...shown);
}

/**
 * Four players (pub: the first player out loses, the player after the loser opens) with 2
 * lives play to the end: Bo (left) goes out first, Ann (bottom) and Cy (top) finish on 1 life
 * each and share place 2, Di (right) keeps 2 and comes first.
 */
export async function playToATie(page: Page, names = ['Ann', 'Bo', 'Cy', 'Di']): Promise<void> {
  await startGame(page, names, 'pub', { lives: 2 });
  await round(page, 62, [6, 2]); // Bo lifts a true 62
  await round(page, 43, [3, 1]); // Cy bluffed
  await round(page, 54, [5, 4]); // Ann lifts Di's true 54
  await round(page, 65, [3, 1]); // Bo bluffed: out first
  await expect(page.locator('mia-game-over')).toBeVisible();
}

/**
 * The statistics tables' problems in words (empty when all is well) in `within`: a table that
 * scrolls sideways, a heading broken inside a word ("Game / s"), a name broken inside a word
 * (after a hyphen is fine), or a heading, name or figure cut off.
 */
export function statsMisfits(page: Page, within: string): Promise<string[]> {
  return page.locator(`${within} mia-stats-table, ${within} mia-scoreboard`).evaluateAll((hosts) =>
    hosts.flatMap((host) => {
      const problems: string[] = [];
      const root = host.shadowRoot!;
      /** Where a piece of text (a word, or a name's part up to its hyphen) spans two lines. */
      const broken = (cell: Element, pieces: RegExp) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(pieces)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (range.getClientRects().length > 1) problems.push(`"${match[0]}" broken`);
          }
        }
      };
      for (const th of root.querySelectorAll('thead th')) broken(th, /\S+/g);
      for (const name of root.querySelectorAll('tbody th, td:first-child')) {
        broken(name, /[^\s-]+-?/g);
      }
      for (const cell of root.querySelectorAll<HTMLElement>('th .up, th, td')) {
        if (cell.getClientRects().length === 0) continue; // not in this layout
        if (cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1)
          problems.push(`"${cell.textContent?.trim()}" cut off`);
      }
      const box = root.querySelector<HTMLElement>('.scroll') ?? (host as HTMLElement);
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(`${host.localName}: ${box.scrollWidth}px in ${box.clientWidth}px`);
      return problems;
    }),
  );
}

/**
 * Where the elements are not whole on screen, in words: under 48 px, outside the window, or
 * outside a box that clips or scrolls them (scrolled away).
 */
export function notWhole(buttons: Locator): Promise<string[]> {
  return buttons.evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const name = el.textContent?.trim() ?? el.localName;
      const inside = (clip: { left: number; top: number; right: number; bottom: number }) =>
        box.left >= clip.left - 1 &&
        box.top >= clip.top - 1 &&
        box.right <= clip.right + 1 &&
        box.bottom <= clip.bottom + 1;
      if (box.width < 48 || box.height < 48) return [`${name}: under 48 px`];
      if (!inside({ left: 0, top: 0, right: innerWidth, bottom: innerHeight }))
        return [`${name}: off the screen`];
      for (let node: Node | null = el; node;) {
        node =
          node instanceof Element && node.assignedSlot
            ? node.assignedSlot
            : (node.parentNode ?? (node instanceof ShadowRoot ? node.host : null));
        if (!(node instanceof Element)) continue;
        const { overflowX, overflowY } = getComputedStyle(node);
        if (
          (overflowX !== 'visible' || overflowY !== 'visible') &&
          !inside(node.getBoundingClientRect())
        )
          return [`${name}: scrolled away or clipped in ${node.localName}.${node.className}`];
      }
      return [];
    }),
  );
}
