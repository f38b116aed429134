/**
 * The table's snapshot, kept as the page goes away (hidden, or left) with the table on screen,
 * for the next page to draw before the app's code has loaded (`draw-snapshot.ts`). Any other
 * screen (or a dialog open over the table) leaves none.
 */
import { serializeScreen } from './serialize';
import { SNAPSHOT_KEY, SNAPSHOT_PREFIX, entryOf, type TableSnapshot } from './draw-snapshot';

/** The text of each style sheet, made once. */
const texts = new WeakMap<CSSStyleSheet, string>();

/** The snapshot of the table `app` shows, or null when it shows a dialog or no table. */
export function tableSnapshot(app: Element): TableSnapshot | null {
  const markup = serializeScreen(app, SNAPSHOT_PREFIX, texts);
  if (!markup || !markup.html.includes(`<${SNAPSHOT_PREFIX}mia-table`)) return null;
  if (/<dialog\b[^>]*\sopen[\s=>]/.test(markup.html)) return null;
  const root = document.documentElement;
  return {
    ...markup,
    entry: entryOf(document),
    width: innerWidth,
    height: innerHeight,
    search: location.search,
    theme: root.dataset.theme ?? '',
    lang: root.lang,
    attributes: [...app.attributes].map((a): [string, string] => [a.name, a.value]),
  };
}

/**
 * Keep the snapshot of the table on `screen` (the app machine's), or forget the last one. Not
 * while a step is being written (`saving`): a snapshot is never ahead of the stored game.
 */
export function keepTableSnapshot(app: Element, screen: string): void {
  try {
    const settled = !app.hasAttribute('saving');
    const snapshot = screen === 'game' && settled ? tableSnapshot(app) : null;
    if (snapshot) localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
    else localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // No localStorage, or full: the next restore draws the table from its stored view.
  }
}

let warmed = '';

/**
 * Once the table shows (`screen`, the app machine's, becomes `game`), at the next idle moment:
 * the table serialized once, unused, so that its style sheets' text is read ahead, not as the
 * page is hidden (about 10 ms at 4x CPU the first time, 1 to 2 ms after).
 */
export function readAhead(app: Element, screen: string): void {
  if (screen === warmed) return;
  warmed = screen;
  if (screen !== 'game') return;
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 500));
  idle(() => {
    try {
      serializeScreen(app, SNAPSHOT_PREFIX, texts);
    } catch {
      // A browser without getHTML keeps no snapshot either.
    }
  });
}
