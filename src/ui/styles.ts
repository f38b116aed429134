/** Styles shared by Mia Cup's elements: big touch targets, visible focus, no text selection. */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    box-sizing: border-box;
    font-family: var(--font);
    color: var(--text);
    user-select: none;
    -webkit-user-select: none;
    /* A long name without spaces (up to 40 characters) wraps instead of widening the layout. */
    overflow-wrap: anywhere;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button,
  input[type='file']::file-selector-button {
    font: inherit;
    font-weight: 700;
    min-height: 56px;
    min-width: 56px;
    padding: 0 18px;
    border-radius: var(--radius);
    border: 2px solid var(--line);
    background: var(--surface-2);
    color: var(--text);
    cursor: pointer;
    touch-action: manipulation;
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 4px solid var(--focus);
    outline-offset: 2px;
  }
  button:active:not(:disabled) {
    transform: translateY(1px);
    filter: brightness(1.15);
  }
  button:disabled {
    opacity: 0.3;
    cursor: not-allowed;
  }
  button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
  }
  button.danger {
    background: var(--danger);
    border-color: var(--danger);
    color: var(--on-danger);
  }
  button.big {
    min-height: 96px;
    font-size: 1.4rem;
    padding: 0 28px;
  }
  h1,
  h2,
  h3 {
    margin: 0;
    line-height: 1.15;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** Tables of numbers (statistics, scoreboard): full width, figures right-aligned in columns. */
export const numberTableStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    background: var(--surface);
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    text-align: right;
    border-bottom: 1px solid var(--line);
  }
  th {
    color: var(--muted);
    /* A heading breaks between words only ("Games", never "Game / s"). */
    overflow-wrap: normal;
  }
`;

/** A full-screen notice in place of the table (another window has it, the stored game is unreadable). */
export const noticeStyles = css`
  :host {
    display: grid;
    gap: 16px;
    padding: 24px;
    max-width: 760px;
    margin: 0 auto;
    font-size: 1.2rem;
    line-height: 1.4;
  }
  h2 {
    font-size: 2rem;
  }
  p {
    margin: 0;
  }
`;

/** Groups of toggle buttons (`aria-pressed`): the pressed one in the accent colour. */
export const pressedStyles = css`
  button[aria-pressed='true'] {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
  }
`;

/** A list of cards (`ol`): no marks or indent, its items in a grid with a gap. */
export const cardListStyles = css`
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
`;

/** A modal question (`showModal()`): its frame in the accent colour over a dimmed table. */
export const modalStyles = css`
  dialog {
    border: 3px solid var(--accent);
    border-radius: var(--radius);
    background: var(--surface);
    color: var(--text);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
`;
