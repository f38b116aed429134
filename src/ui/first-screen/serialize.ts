/**
 * A screen as markup, to be drawn again before the app's code runs: the content of its host's
 * shadow root, every shadow root within it declarative (`<template shadowrootmode>`), with the
 * style sheets apart. Made from the app's first paint by `npm run prerender` (the new-game screen's
 * copy in the page) and by the page as it goes away (the table's snapshot, `snapshot.ts`).
 */
export interface ScreenMarkup {
  html: string;
  /** Each distinct style sheet's text. */
  sheets: string[];
  /** For each shadow root, the host's first and then in the markup's order: its sheets. */
  roots: number[][];
}

/**
 * The markup of `host`'s screen, or null when it has no shadow root. Text fields carry their
 * values (and are read-only: a copy keeps nothing typed), selects their choices; style attributes
 * (set through the CSSOM: the page's CSP allows no inline styles) come as `data-mia-style`, for
 * the drawing to set through the CSSOM again. With `prefix`, every custom element's name is
 * prefixed, in the markup and the style sheets: drawn, they must not come alive when the app
 * defines its elements. The live page is left as it was.
 *
 * Self-contained, with no name from outside its body: the prerender writes its source into a page.
 */
export function serializeScreen(
  host: Element,
  prefix: string,
  /** Each sheet's text, kept between calls (a sheet's rules do not change). */
  texts = new WeakMap<CSSStyleSheet, string>(),
): ScreenMarkup | null {
  const own = host.shadowRoot;
  if (!own) return null;
  const roots: ShadowRoot[] = [own];
  const names = new Set<string>();
  const walk = (root: ParentNode) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName.includes('-')) names.add(el.localName);
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        walk(el.shadowRoot);
      }
    }
  };
  walk(own);
  const undo: (() => void)[] = [];
  const mark = (el: Element, name: string, value: string) => {
    const was = el.getAttribute(name);
    el.setAttribute(name, value);
    undo.push(() => (was === null ? el.removeAttribute(name) : el.setAttribute(name, was)));
  };
  for (const root of roots) {
    for (const input of root.querySelectorAll('input')) {
      mark(input, 'value', input.value);
      mark(input, 'readonly', '');
    }
    for (const select of root.querySelectorAll('select')) {
      for (const option of select.options) if (option.selected) mark(option, 'selected', '');
    }
  }
  let html: string;
  try {
    html = own.getHTML({ shadowRoots: roots.slice(1) });
  } finally {
    for (const step of undo.reverse()) step();
  }
  const sheets: string[] = [];
  const index = roots.map((root) =>
    root.adoptedStyleSheets.map((sheet) => {
      let css = texts.get(sheet);
      if (css === undefined) {
        css = [...sheet.cssRules].map((rule) => rule.cssText).join('');
        texts.set(sheet, css);
      }
      const at = sheets.indexOf(css);
      return at >= 0 ? at : sheets.push(css) - 1;
    }),
  );
  html = html.replace(/<!--[^]*?-->/g, '').replaceAll(' style="', ' data-mia-style="');
  if (prefix && names.size > 0) {
    const tags = new RegExp(`<(/?)(${[...names].join('|')})(?=[\\s>/])`, 'g');
    html = html.replace(tags, `<$1${prefix}$2`);
    const types = new RegExp(`(?<![\\w.#-])(${[...names].join('|')})(?![\\w-])`, 'g');
    for (const [i, css] of sheets.entries()) sheets[i] = css.replace(types, `${prefix}$1`);
  }
  return { html, sheets, roots: index };
}
