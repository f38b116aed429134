/** The cup panel's styles. */
import { css } from 'lit';

export const cupPanelStyles = css`
  :host {
    display: block;
  }
  details.quiet > summary {
    color: var(--muted);
    font-size: 1rem;
    min-height: 48px;
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 0 6px;
    cursor: pointer;
  }
  /* Table mode: a small status on the table; wraps, never cut. */
  details.compact > summary {
    display: block;
    position: relative;
    color: var(--text);
    font-size: 0.95rem;
    line-height: 1.5;
    padding: 10px 6px 10px 22px;
  }
  /* The marker keeps to the first line, beside the status (never alone on a line above it). */
  details.compact > summary::before {
    position: absolute;
    left: 6px;
  }
  details.compact > summary > span {
    display: inline-block;
    margin-right: 10px;
  }
  details.compact .warning {
    color: var(--warn-text);
    background: var(--warn-bg);
    border-radius: 6px;
    padding: 0 6px;
    font-weight: 700;
  }
  details.quiet > summary::before {
    content: '▸';
  }
  details.quiet[open] > summary::before {
    content: '▾';
  }
  details.quiet > summary::-webkit-details-marker {
    display: none;
  }
  details.quiet > summary {
    list-style: none;
  }
  section {
    display: grid;
    gap: 10px;
    padding: 12px 14px;
    border: 2px solid var(--line);
    border-radius: var(--radius);
    background: var(--surface);
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
  }
  h2 {
    font-size: 1.1rem;
  }
  .status {
    font-weight: 700;
  }
  .status[data-phase='connected'] {
    color: var(--ok);
  }
  .status[data-phase='lost'],
  .status[data-phase='refused'] {
    color: var(--danger);
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 16px;
    margin: 0;
    color: var(--muted);
  }
  .live {
    display: flex;
    gap: 8px;
  }
  .live span {
    min-height: 48px;
    display: inline-flex;
    align-items: center;
    padding: 0 14px;
    border-radius: 999px;
    border: 2px dashed var(--line);
    /* Off: muted, yet as legible as any muted text (no opacity: it failed the contrast check). */
    color: var(--muted);
  }
  .live span[data-on] {
    border-style: solid;
    border-color: var(--accent);
    background: var(--accent);
    color: var(--on-accent);
    font-weight: 800;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  p {
    margin: 0;
  }
  .notice {
    line-height: 1.4;
  }
  .error,
  .malformed {
    color: var(--danger);
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;
