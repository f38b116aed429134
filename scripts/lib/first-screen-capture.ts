// The app's first screen as it first paints it, as the page's prerendered copy
// (`src/ui/first-screen/`): by `npm run prerender`, which writes the copy, and by the browser
// test that fails when the app's first screen no longer matches it.
import type { Page } from '@playwright/test';
import { serializeScreen, type ScreenMarkup } from '../../src/ui/first-screen/serialize.ts';

interface Captured {
  host: string;
  markup: ScreenMarkup;
}

/**
 * Page side, before any of the page's scripts: at the first frame with the app's own "Start
 * game" (rendered by the app, with its adopted style sheets, not the drawn copy's) on screen and
 * enabled, `<mia-app>`'s start tag and its screen's markup, into `window.__miaCaptured`.
 */
function captureAtFirstPaint(serialize: typeof serializeScreen): void {
  const at = (...path: string[]) => {
    let root: ParentNode | null = document;
    let el: Element | null = null;
    for (const selector of path) {
      el = root?.querySelector(selector) ?? null;
      if (!el) return null;
      root = el.shadowRoot;
    }
    return el;
  };
  const check = () => {
    const start = at('mia-app', 'mia-new-game', 'button.start') as HTMLButtonElement | null;
    const own =
      ((start?.getRootNode() as ShadowRoot | undefined)?.adoptedStyleSheets.length ?? 0) > 0;
    if (!start || !own || start.disabled || start.getClientRects().length === 0) {
      requestAnimationFrame(check);
      return;
    }
    const app = document.querySelector('mia-app')!;
    const host = app.cloneNode(false) as Element;
    const markup = serialize(app, '');
    const captured: Captured = { host: host.outerHTML.replace('</mia-app>', ''), markup: markup! };
    (window as unknown as { __miaCaptured: Captured }).__miaCaptured = captured;
  };
  requestAnimationFrame(check);
}

/**
 * The copy as the page holds it: `<mia-app>` with its screen, each shadow root declarative and
 * clonable (the app's own root is clonable already where the page drew the copy: it is the
 * copy's), its style sheets in it as one `<style>`.
 */
export function copyOf({ host, markup }: Captured): string {
  const style = (root: number) =>
    `<style>${(markup.roots[root] ?? []).map((sheet) => markup.sheets[sheet]).join('')}</style>`;
  const open = (root: number, rest = '') =>
    `<template shadowrootmode="open" shadowrootclonable${rest}>${style(root)}`;
  let root = 0;
  const html = markup.html.replace(/<template shadowrootmode="open"([^>]*)>/g, (_, rest: string) =>
    open(++root, rest.replace(' shadowrootclonable=""', '')),
  );
  // A line per tag (the break inside the tag, not a text node between two): a change to the
  // first screen reads as a diff of a few lines.
  return `${host}${open(0)}${html}</template></mia-app>`.replace(/></g, '\n><') + '\n';
}

/** Opens the page, waits for the app's first screen and returns its copy. */
export async function captureFirstScreen(page: Page, url: string): Promise<string> {
  await page.addInitScript(`(${captureAtFirstPaint.toString()})(${serializeScreen.toString()})`);
  await page.goto(url);
  await page.waitForFunction(() => '__miaCaptured' in window, null, {
    timeout: 30_000,
  });
  return copyOf(
    await page.evaluate(() => (window as unknown as { __miaCaptured: Captured }).__miaCaptured),
  );
}
