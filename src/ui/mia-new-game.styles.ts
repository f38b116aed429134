/**
 * Styles of <mia-new-game>: the seat rows, the tradition cards, the settings. Its toggle
 * buttons (the opener, the tradition) are pressed as everywhere (`pressedStyles`).
 */
import { css } from 'lit';

export const newGameStyles = css`
  :host {
    display: grid;
    gap: 18px;
    padding: 16px;
    max-width: 1100px;
    margin: 0 auto;
  }
  section {
    background: var(--surface);
    border-radius: var(--radius);
    padding: 14px 16px;
    display: grid;
    gap: 10px;
  }
  /* Below the first screenful (seats, tradition, settings, cup): laid out and painted only
     when scrolled to, so the first screen is ready sooner on a slow tablet. */
  section:nth-of-type(n + 3) {
    content-visibility: auto;
    contain-intrinsic-size: auto 20rem;
  }
  h2 {
    font-size: 1.4rem;
  }
  section.language {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
  }
  li.seat {
    display: grid;
    grid-template-columns: 1.6em minmax(6em, 1fr) auto auto auto auto;
    gap: 8px;
    align-items: center;
  }
  .num {
    font-weight: 700;
    color: var(--muted);
    text-align: right;
  }
  input {
    font: inherit;
    font-size: 1.3rem;
    min-height: 56px;
    padding: 0 12px;
    border-radius: var(--radius);
    border: 2px solid var(--line);
    background: var(--bg);
    color: var(--text);
    min-width: 0;
    user-select: text;
  }
  .traditions {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
    gap: 10px;
  }
  .traditions button {
    align-content: start;
    text-align: left;
    padding: 10px 14px;
    display: grid;
    gap: 4px;
  }
  .traditions .summary {
    font-weight: 400;
    font-size: 0.95rem;
  }
  .problems {
    color: var(--warn-text);
    background: var(--warn-bg);
    border-radius: var(--radius);
    padding: 10px 14px;
    margin: 0;
    font-weight: 700;
  }
  .adjusted {
    color: var(--muted);
  }
  .name-field {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  .limit {
    color: var(--muted);
    font-variant-numeric: tabular-nums;
    min-width: 3.6em;
    text-align: right;
  }
  .limit.full {
    color: var(--warn-text);
    font-weight: 700;
  }
  .count {
    margin: 0;
    color: var(--muted);
  }
  .start-row {
    position: sticky;
    bottom: 8px;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
    background: var(--bg);
    box-shadow: 0 6px 24px 10px var(--bg);
    border-radius: var(--radius);
  }
  .start-row .start {
    flex: 1 1 320px;
  }
  .start-row .problems {
    flex: 1 1 320px;
  }

  button.start:disabled {
    opacity: 1;
    background: var(--surface-2);
    border-color: var(--line);
    color: var(--muted);
  }
`;
