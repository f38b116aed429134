/**
 * A stored game's table, drawn before any of the app's code has loaded: as the page goes away
 * with the table on screen, it keeps a snapshot of it in localStorage (`snapshot.ts`); the next
 * page draws it over the empty app while it is parsed, when it still fits (a game is stored, the
 * same build, the same window size and address), and takes it away once the app has drawn the
 * table itself (from the view stored with the last step). The snapshot's elements carry other
 * names (`SNAPSHOT_PREFIX`): they never come alive. Taps on it are held (`holdTaps`), and go to
 * the app's table only when it is the very screen they were made on; otherwise (a snapshot older
 * than the game) they are dropped.
 */
import type { ScreenMarkup } from './serialize';
import type { holdTaps } from './draw';

/** Where the snapshot is kept, and the names the page draws it under. */
export const SNAPSHOT_KEY = 'mia-cup:table-snapshot';
export const SNAPSHOT_TAG = 'mia-snapshot';
export const SNAPSHOT_PREFIX = 'snap-';
/** The Trusted Types policy that lets the page parse the snapshot's markup. */
export const SNAPSHOT_POLICY = 'mia-snapshot';

/** The table as the page left it, and what it fits. */
export interface TableSnapshot extends ScreenMarkup {
  /** The page's first chunk: another build draws no snapshot of this one. */
  entry: string;
  width: number;
  height: number;
  search: string;
  theme: string;
  lang: string;
  /** `<mia-app>`'s attributes (its style sheets select on some). */
  attributes: [string, string][];
}

/** The part of Trusted Types' policy factory the drawing uses (not in TypeScript's DOM types). */
interface HtmlPolicyFactory {
  createPolicy(
    name: string,
    rules: { createHTML: (html: string) => string },
  ): { createHTML(html: string): unknown };
}

/** The page's first chunk, by which a snapshot knows its build. */
export const entryOf = (doc: Document): string =>
  doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';

/**
 * Draws the snapshot when it fits. Self-contained, with no name from outside its body (`hold` is
 * passed in): the build writes its source into the page, after `<mia-app>`.
 */
export function drawTableSnapshot(
  names: { key: string; hint: string; global: string; tag: string; policy: string },
  hold: typeof holdTaps,
): void {
  // The page requires Trusted Types for markup (its CSP): the snapshot's passes one policy, made
  // here on every page, so that no later script can make one of that name.
  const types = (globalThis as { trustedTypes?: HtmlPolicyFactory }).trustedTypes;
  let policy: { createHTML(html: string): unknown } | undefined;
  let snapshot: TableSnapshot;
  try {
    policy = types?.createPolicy(names.policy, { createHTML: (html: string) => html });
    if (localStorage.getItem(names.hint) !== '1') return;
    snapshot = JSON.parse(localStorage.getItem(names.key) ?? 'null') as TableSnapshot;
  } catch {
    return;
  }
  const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!snapshot || snapshot.entry !== entry || typeof snapshot.html !== 'string') return;
  if (snapshot.width !== innerWidth || snapshot.height !== innerHeight) return;
  if (snapshot.search !== location.search || location.hash) return;
  const host = document.createElement(names.tag);
  try {
    for (const [name, value] of snapshot.attributes) host.setAttribute(name, value);
    const root = host.attachShadow({ mode: 'open' });
    root.setHTMLUnsafe((policy?.createHTML(snapshot.html) ?? snapshot.html) as string);
    const roots: ShadowRoot[] = [root];
    const walk = (parent: ParentNode) => {
      for (const el of parent.querySelectorAll('*')) {
        const style = el.getAttribute('data-mia-style');
        if (style !== null && el instanceof HTMLElement) el.style.cssText = style;
        if (el.shadowRoot) {
          roots.push(el.shadowRoot);
          walk(el.shadowRoot);
        }
      }
    };
    walk(root);
    if (roots.length !== snapshot.roots.length) return;
    const sheets = snapshot.sheets.map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
    roots.forEach((r, i) => (r.adoptedStyleSheets = snapshot.roots[i]!.map((j) => sheets[j]!)));
  } catch {
    return;
  }
  document.documentElement.dataset.theme = snapshot.theme;
  document.documentElement.lang = snapshot.lang;
  document.body.append(host);
  hold(host, names.global, { host, html: snapshot.html });
}
