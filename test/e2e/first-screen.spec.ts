/**
 * The first screen comes before the game's machinery: with no game stored, the new-game screen
 * is ready while the session (the round machine, xstate, the game store) is still loading, and
 * "Start game" waits for it. A stored game is never hidden behind that screen (its table is
 * drawn from its stored view while the session loads), and a lost hint
 * (localStorage cleared, IndexedDB kept) still brings the stored game back.
 */
import type { Page } from '@playwright/test';
import { test, expect, holdChunk, claim, openFresh, roll, saved, startGame } from './fixtures';

// The service worker would serve the chunks from its cache, past `page.route`.
test.use({ serviceWorkers: 'block' });

const startButton = (page: Page) => page.getByRole('button', { name: 'Start game' });

test('the new-game screen is ready before the session loads; Start game waits for it', async ({
  page,
}) => {
  const release = await holdChunk(page, 'session');
  await page.goto('/');
  await expect(startButton(page)).toBeEnabled();
  await page.locator('mia-new-game input').first().fill('Ann');
  await startButton(page).click();
  // Nothing starts without the session: the new-game screen stays, nothing is lost.
  await expect(page.locator('mia-new-game input').first()).toHaveValue('Ann');
  release();
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(page.locator('mia-actions')).toContainText('Ann');
});

test('a stored game shows after a reload without the new-game screen in between', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Erik', 'Snorri'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await saved(page);

  // Every element the app ever shows is recorded from the start of the reload.
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { seen: Set<string> }).seen = seen;
    const define = customElements.define.bind(customElements);
    customElements.define = (name, constructor, options) => {
      const connected = constructor.prototype.connectedCallback as (() => void) | undefined;
      constructor.prototype.connectedCallback = function (this: HTMLElement) {
        seen.add(name);
        connected?.call(this);
      };
      define(name, constructor, options);
    };
  });
  const release = await holdChunk(page, 'session');
  await page.reload();
  // Drawn from its stored view while the session is held (issue 29).
  await expect(page.getByTestId('standing')).toHaveText('54');
  await expect(page.locator('mia-app')).not.toHaveAttribute('loaded');
  release();
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  await expect(page.getByTestId('standing')).toHaveText('54');
  const seen = await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen]);
  expect(seen).toContain('mia-table');
  expect(seen).not.toContain('mia-new-game');
});

test('with the hint lost, the stored game still comes back, and a quick Start game waits for it', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Erik', 'Snorri'], 'longhall');
  await roll(page);
  await claim(page, 61);
  await saved(page);
  await page.evaluate(() => localStorage.removeItem('mia-cup:game-stored'));

  const release = await holdChunk(page, 'session');
  await page.reload();
  // Without the hint the new-game screen comes first; a tap on Start game must not replace the
  // stored game, which shows once it is read.
  await expect(startButton(page)).toBeEnabled();
  await startButton(page).click();
  release();
  await expect(page.getByTestId('standing')).toHaveText('61');
  await expect(page.locator('mia-actions')).toContainText('Snorri');
  await expect(page.locator('mia-actions')).not.toContainText('Player 1');
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the first screen is German from its first frame, and so is what loads later', async ({
    page,
  }) => {
    // Every frame from the start: the words the toolbar and the Start button show.
    await page.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { frames_: string[] }).frames_ = frames;
      const deep = (root: Document | ShadowRoot, selector: string): Element | null => {
        const found = root.querySelector(selector);
        if (found) return found;
        for (const el of root.querySelectorAll('*')) {
          const inner = el.shadowRoot ? deep(el.shadowRoot, selector) : null;
          if (inner) return inner;
        }
        return null;
      };
      const look = () => {
        const start = deep(document, 'button.start')?.textContent?.trim();
        if (start) frames.push(start);
        if (frames.length < 30) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/');
    await expect(startButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Spiel starten' })).toBeEnabled();
    await page.waitForFunction(
      () => (window as unknown as { frames_: string[] }).frames_.length >= 30,
    );
    const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
    expect(new Set(frames)).toEqual(new Set(['Spiel starten']));

    // The table's and the history's words are not in German's first part: they came after it.
    await page.getByRole('button', { name: 'Spiel starten' }).click();
    await expect(page.locator('mia-actions [data-action="ROLL"]')).toHaveText(/Würfeln/);
    const history = page.locator('mia-dialog-button[data-dialog="history"]');
    await history.getByRole('button', { name: 'Verlauf', exact: true }).click();
    await expect(page.getByText('Noch keine Runden gespielt.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Spielprotokoll exportieren' })).toBeVisible();
  });
});
