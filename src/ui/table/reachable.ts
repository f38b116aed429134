/**
 * A box whose content scrolls can be reached by keyboard, to scroll it; one whose content fits
 * (or that does not scroll) is left out of the tab order: table mode's turned frame and columns.
 */
export function reachableWhenScrolling(box: Element): void {
  const { overflowY } = getComputedStyle(box);
  const scrolls =
    (overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight + 1;
  if (scrolls) box.setAttribute('tabindex', '0');
  else box.removeAttribute('tabindex');
}
