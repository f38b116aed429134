import { css } from 'lit';

/**
 * A box whose content scrolls can be reached by keyboard, to scroll it; one whose content fits
 * (or that does not scroll) is left out of the tab order: table mode's turned frame and columns.
 * While more of its content lies below, the box has `data-more` (its styles fade its lower
 * edge, so that a reader sees there is more); call this again when it scrolls.
 */
export function reachableWhenScrolling(box: Element): void {
  if (moreBelow(box)) box.setAttribute('tabindex', '0');
  else box.removeAttribute('tabindex');
}

/**
 * Whether `box` scrolls; while more of its content lies below, it has `data-more` (a dialog,
 * which the keyboard scrolls by itself, needs only this).
 */
export function moreBelow(box: Element): boolean {
  const { overflowY } = getComputedStyle(box);
  const scrolls =
    (overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight + 1;
  box.toggleAttribute(
    'data-more',
    scrolls && box.scrollTop + box.clientHeight < box.scrollHeight - 2,
  );
  return scrolls;
}

/** For a box's rule with `[data-more]`: its lower edge fades out (`moreBelow`). */
export const fadeBelow = css`
  mask-image: linear-gradient(#000 calc(100% - 48px), transparent 100%);
`;
