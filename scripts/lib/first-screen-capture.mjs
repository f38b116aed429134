// The app's first screen as it first paints it, serialized as the page's prerendered copy
// (`src/ui/first-screen/`): by `npm run prerender`, which writes the copy, and by the browser
// test that fails when the app's first screen no longer matches it.

/**
 * Page side, before any of the page's scripts: at the first frame with the app's own "Start
 * game" (rendered by the app, with its adopted style sheets, not the drawn copy's) on screen and
 * enabled, the screen serialized into `window.__miaCaptured`: every element with its shadow
 * roots, each root's style sheets written into it as a `<style>`, the text fields' values as
 * attributes (and read-only), the selects' choices marked.
 */
export const CAPTURE = `(() => {
  const at = (...path) => {
    let root = document;
    let el = null;
    for (const selector of path) {
      el = root?.querySelector(selector);
      if (!el) return null;
      root = el.shadowRoot;
    }
    return el;
  };
  const check = () => {
    const start = at('mia-app', 'mia-new-game', 'button.start');
    const own = start?.getRootNode().adoptedStyleSheets?.length > 0;
    if (!own || start.disabled || start.getClientRects().length === 0) {
      requestAnimationFrame(check);
      return;
    }
    const app = document.querySelector('mia-app');
    const roots = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) {
          roots.push(el.shadowRoot);
          walk(el.shadowRoot);
        }
      }
    };
    walk(document);
    const copy = app.cloneNode(false);
    for (const root of roots) {
      for (const input of root.querySelectorAll('input')) {
        input.setAttribute('value', input.value);
        input.setAttribute('readonly', '');
      }
      for (const select of root.querySelectorAll('select')) {
        for (const option of select.options) option.toggleAttribute('selected', option.selected);
      }
      const style = document.createElement('style');
      style.textContent = root.adoptedStyleSheets
        .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(''))
        .join('');
      root.prepend(style);
    }
    const host = copy.outerHTML.replace('</mia-app>', '');
    window.__miaCaptured = host + app.getHTML({ shadowRoots: roots }) + '</mia-app>';
  };
  requestAnimationFrame(check);
})()`;

/** The copy as the page holds it: Lit's markers out, every shadow root clonable. */
export function copyOf(captured) {
  return (
    captured
      .replace(/<!--[^]*?-->/g, '')
      // (The app's own root is clonable where the page drew the copy: it is the copy's.)
      .replace(
        /<template shadowrootmode="open"( shadowrootclonable="")?/g,
        '<template shadowrootmode="open" shadowrootclonable',
      )
      // A line per tag (the break inside the tag, not a text node between two): a change to the
      // first screen reads as a diff of a few lines.
      .replace(/></g, '\n><') + '\n'
  );
}

/** Opens the page, waits for the app's first screen and returns its copy. */
export async function captureFirstScreen(page, url) {
  await page.addInitScript(CAPTURE);
  await page.goto(url);
  await page.waitForFunction(() => window.__miaCaptured, null, { timeout: 30_000 });
  return copyOf(await page.evaluate(() => window.__miaCaptured));
}
