/**
 * The first screen, drawn before any of the app's code has loaded: the build writes a copy of the
 * new-game screen as the app first paints it (`first-screen.html`, the elements with their shadow
 * roots and style sheets, made by `npm run prerender`) into the page as a `<template>`, with a
 * small script that puts it in place of the empty `<mia-app>` while the page is parsed, when it
 * fits: nothing of the app's is stored that changes the first screen (preferences, a game), the
 * browser's language is English, and the address asks for nothing else
 * (`scripts/first-screen-plugin.ts`). Otherwise the page is as before, and the app draws it.
 *
 * The copy answers no tap: taps on it are held (their place in the screen: at each level the
 * element's name and its index among its siblings of that name, `#` for a shadow root) until the
 * app, once up, gives them to its own elements (`take-over.ts`). Its text fields are read-only
 * until then, so nothing typed is lost.
 */

/** The id of the template the page holds the copy in. */
export const TEMPLATE_ID = 'mia-first-screen';
/** Where the page leaves what it drew. */
export const DRAWN_GLOBAL = '__miaFirstScreen';

/** What the page drew: the taps held on it, what stops holding them, the snapshot if one. */
export interface DrawnFirstScreen {
  held: string[][];
  release(): void;
  /** A table's snapshot (`draw-snapshot.ts`): its element, over the app, and its markup. */
  snapshot?: { host: Element; html: string };
}

/**
 * Holds the taps on `host` (see above) and leaves what was drawn at `global`. Self-contained,
 * with no name from outside its body: its source is written into the page.
 */
export function holdTaps(
  host: Element,
  global: string,
  snapshot?: { host: Element; html: string },
): void {
  const held: string[][] = [];
  const hold = (event: Event) => {
    const path: string[] = [];
    let node = event.composedPath()[0] as Node | undefined;
    while (node && node !== host) {
      if (node instanceof ShadowRoot) {
        path.unshift('#');
        node = node.host;
      } else {
        const parent: ParentNode | null = node.parentNode;
        if (!(node instanceof Element) || !parent) break;
        const name = node.localName;
        const same = [...parent.children].filter((c) => c.localName === name);
        path.unshift(`${name}:${same.indexOf(node)}`);
        node = parent as Node;
      }
    }
    if (node === host) held.push(path);
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  addEventListener('click', hold, true);
  const drawn: DrawnFirstScreen = {
    held,
    release: () => removeEventListener('click', hold, true),
    snapshot,
  };
  (globalThis as Record<string, unknown>)[global] = drawn;
}

/** What decides whether the copy fits, passed in by the build. */
export interface FirstScreenFit {
  /** The localStorage keys whose presence changes the first screen. */
  keys: string[];
  /** The languages the app speaks, the aliases, and the language the copy is in. */
  known: string[];
  aliases: Record<string, string>;
  language: string;
}

/**
 * Draws the copy when it fits. Self-contained, with no name from outside its body
 * (`browserLanguage` and `hold` are passed in): the build writes its source into the page, after
 * `<mia-app>` and the template.
 */
export function drawFirstScreen(
  id: string,
  global: string,
  fit: FirstScreenFit,
  browserLanguage: (
    languages: readonly string[],
    known: readonly string[],
    aliases: Readonly<Record<string, string>>,
    fallback: string,
  ) => string,
  hold: typeof holdTaps,
): void {
  const template = document.getElementById(id);
  const empty = document.querySelector('mia-app');
  template?.remove();
  if (!(template instanceof HTMLTemplateElement) || !empty) return;
  try {
    if (fit.keys.some((key) => localStorage.getItem(key) !== null)) return;
  } catch {
    return;
  }
  if (location.search || location.hash || document.fullscreenEnabled !== true) return;
  const languages = navigator.languages ?? [];
  if (browserLanguage(languages, fit.known, fit.aliases, fit.language) !== fit.language) return;
  const copy = template.content.firstElementChild;
  if (copy?.localName !== 'mia-app') return;
  empty.replaceWith(document.importNode(copy, true));
  hold(document.querySelector('mia-app')!, global);
}
