/**
 * The four sides of the screen around a middle, each a row (top, bottom) or a column (left,
 * right) of `<mia-facing>` frames turned toward that side: table mode's seat panels
 * (<mia-round-table>) and the seating picture on the new-game screen (<mia-seating>).
 *
 * The element that holds the sides puts `sidesGrid` in its grid's rule, and sets there
 * `--side-size` (how deep a side is) and `--side-gap` (between the frames of a side). Its
 * middle goes in the grid area `middle`; each side is a `.side` element with its side's class.
 */
import { css } from 'lit';

/** The grid of the four sides around the middle: declarations for the holder's own rule. */
export const sidesGrid = css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas:
    'top top top'
    'left middle right'
    'bottom bottom bottom';
`;

export const sidesStyles = css`
  .side {
    display: flex;
    gap: var(--side-gap);
    min-width: 0;
    min-height: 0;
  }
  .side > mia-facing {
    flex: 1 1 0;
  }
  .bottom,
  .top {
    height: var(--side-size);
  }
  .left,
  .right {
    width: var(--side-size);
    flex-direction: column;
  }
  .bottom {
    grid-area: bottom;
  }
  .top {
    grid-area: top;
  }
  .left {
    grid-area: left;
  }
  .right {
    grid-area: right;
  }
`;
