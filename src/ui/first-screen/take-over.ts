/**
 * The app takes the first screen over from the copy the page drew (`draw.ts`). Imported first by
 * `main.ts`, before `<mia-app>` is defined: the copy's content goes, and the app renders into the
 * same shadow root in the same task, so no frame is drawn without the screen. Once the app's own
 * screen is painted, the taps held on the copy go to its elements, in order.
 */
import { DRAWN_GLOBAL, type DrawnFirstScreen } from './draw';

const drawn = (globalThis as Record<string, unknown>)[DRAWN_GLOBAL] as DrawnFirstScreen | undefined;
if (drawn) document.querySelector('mia-app')?.shadowRoot?.replaceChildren();

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
    const [name, index] = step.split(':');
    const same = [...(parent ?? element).children].filter((c) => c.localName === name);
    const child = same[Number(index)];
    if (!child) return null;
    element = child;
    parent = null;
  }
  return element === app ? null : element;
}

/** Gives the taps held on the drawn copy to the app's own elements, and holds no more. */
export function takeOverTaps(app: Element): void {
  if (!drawn) return;
  drawn.release();
  for (const path of drawn.held.splice(0)) {
    const element = elementAt(app, path);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      element.focus();
    } else if (element instanceof HTMLElement) element.click();
  }
}
