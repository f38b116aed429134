/**
 * The app takes over from what the page drew before its code ran (`draw.ts`, `draw-snapshot.ts`).
 * Imported first by `main.ts`, before `<mia-app>` is defined: a copy of the first screen drawn in
 * `<mia-app>` goes, and the app renders into the same shadow root in the same task, so no frame
 * is drawn without the screen. A table's snapshot stays over the app until the app's screen is
 * painted. Then the taps held go to the app's own elements, in order: a snapshot's only when the
 * app's table is the very screen they were made on.
 */
import { DRAWN_GLOBAL, type DrawnFirstScreen } from './draw';
import { SNAPSHOT_PREFIX } from './draw-snapshot';
import { TAPS_DROPPED } from '../events';

const drawn = (globalThis as Record<string, unknown>)[DRAWN_GLOBAL] as DrawnFirstScreen | undefined;
if (drawn && !drawn.snapshot) document.querySelector('mia-app')?.shadowRoot?.replaceChildren();

/** The element at a held tap's place in the app's screen (see `draw.ts`), if there is one. */
export function elementAt(app: Element, path: readonly string[]): Element | null {
  let element: Element = app;
  let parent: ParentNode | null = null;
  for (const step of path) {
    if (step === '#') {
      parent = element.shadowRoot;
      if (!parent) return null;
      continue;
    }
    const [drawnName = '', index] = step.split(':');
    const name = drawnName.startsWith(SNAPSHOT_PREFIX)
      ? drawnName.slice(SNAPSHOT_PREFIX.length)
      : drawnName;
    const same = [...(parent ?? element).children].filter((c) => c.localName === name);
    const child = same[Number(index)];
    if (!child) return null;
    element = child;
    parent = null;
  }
  return element === app ? null : element;
}

/**
 * A table's snapshot goes as the app draws a screen other than its loading text (a MutationObserver
 * runs in the same task as the render that it sees): never a frame with both, or with neither.
 * `screen` says which screen the app shows.
 */
export function uncoverWhenDrawn(app: Element, screen: () => string): void {
  const host = drawn?.snapshot?.host;
  const root = app.shadowRoot;
  if (!host || !root) return;
  const watch = new MutationObserver(() => {
    if (screen() === 'loading') return;
    watch.disconnect();
    host.remove();
  });
  watch.observe(root, { childList: true, subtree: true });
}

/** How long a snapshot's taps wait for the app's table to be the very screen they were made on. */
const SAME_SCREEN_MS = 3000;

/**
 * Whether the app's screen becomes `html` (with the snapshot's names) within `SAME_SCREEN_MS`:
 * checked at each frame, since what the table shows after it (the cup's panel) loads lazily.
 */
async function becomes(app: Element, html: string): Promise<boolean> {
  const { serializeScreen } = await import('./serialize');
  const until = performance.now() + SAME_SCREEN_MS;
  while (performance.now() < until) {
    if (serializeScreen(app, SNAPSHOT_PREFIX)?.html === html) return true;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return false;
}

/**
 * Once the app's screen is painted: what the page drew goes, and the taps held on it go to the
 * app's own elements (a snapshot's only when, and once, the app's table is its very screen;
 * otherwise they are dropped, and `TAPS_DROPPED` says so). Holds no more taps.
 */
export async function takeOverTaps(app: Element): Promise<void> {
  if (!drawn) return;
  drawn.release();
  const held = drawn.held.splice(0);
  const { snapshot } = drawn;
  if (snapshot) {
    snapshot.host.remove();
    if (held.length && !(await becomes(app, snapshot.html))) {
      document.dispatchEvent(new CustomEvent(TAPS_DROPPED, { detail: { taps: held.length } }));
      return;
    }
  }
  for (const path of held) {
    const element = elementAt(app, path);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      element.focus();
    } else if (element instanceof HTMLElement) element.click();
  }
}
