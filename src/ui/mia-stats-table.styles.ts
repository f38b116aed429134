/**
 * Styles of <mia-stats-table>. Wide, a player is one row: place, name, thirteen numbers under
 * headings that read upward (at least 640 px: the numbers take 300 to 350 px in the four
 * languages, a name keeps 10em and more). Narrower (a turned middle, a portrait tablet), each
 * player's place and name take a line of their own above the numbers, so that the numbers fill
 * the width (from about 300 px) and nothing scrolls sideways, with 40-letter names too.
 */
import { css } from 'lit';

export const statsTableStyles = css`
  :host {
    display: block;
    min-width: 0;
    container-type: inline-size;
  }
  .scroll {
    overflow-x: auto;
    border-radius: var(--radius);
  }
  /* More to the end of the line: the box's end fades out, so a reader sees it scrolls. */
  .scroll[data-more] {
    mask-image: linear-gradient(to right, #000 calc(100% - 48px), transparent 100%);
  }
  table {
    font-size: 1.05rem;
    width: auto;
    min-width: 100%;
  }
  th,
  td {
    padding: 6px 2px;
  }
  .place {
    padding-left: 6px;
  }
  thead th {
    font-size: 0.8rem;
    font-weight: 700;
    line-height: 1.15;
    vertical-align: bottom;
  }
  /* The number columns' headings read upward, whole words on each line. */
  th .up {
    display: inline-block;
    writing-mode: vertical-rl;
    transform: rotate(180deg);
    max-height: 14em;
    text-align: left;
    overflow-wrap: normal;
    word-break: normal;
  }
  .name,
  .place {
    text-align: left;
  }
  tbody .name {
    font-weight: 800;
    color: var(--text);
    min-width: 10em;
    max-width: 12em;
    padding-right: 8px;
    overflow-wrap: anywhere;
  }
  td.place {
    white-space: nowrap;
  }
  /* The narrow layout's line with the place and the name, above the player's numbers. */
  tr.who {
    display: none;
  }
  tr.who th {
    padding: 8px 6px 0;
    border-bottom: 0;
    font-weight: 800;
    text-align: left;
    color: var(--text);
    overflow-wrap: anywhere;
  }
  tr.who .mark {
    display: inline-block;
    min-width: 2em;
    color: var(--muted);
  }
  tbody.top th,
  tbody.top td,
  tbody.top .mark {
    font-weight: 800;
    color: var(--accent);
  }
  td.zero {
    color: var(--muted);
  }
  @container (width < 32rem) {
    tr.who {
      display: table-row;
    }
    .wide {
      display: none;
    }
    /* Each heading on as few lines as it can: the columns as narrow as their figures. */
    th .up {
      max-height: 19em;
    }
    td {
      padding: 2px 1px 6px;
    }
    thead th {
      padding: 6px 1px;
    }
  }
`;
