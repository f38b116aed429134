import { css } from 'lit';

/** The action area's looks (`<mia-actions>`). */
export const actionsStyles = css`
  :host {
    display: grid;
    gap: 14px;
    align-content: start;
  }
  .prompt {
    margin: 0;
    overflow-wrap: anywhere;
    min-width: 0;
    font-size: 1.45rem;
    font-weight: 800;
    line-height: 1.25;
  }
  /* A short one-column frame of table mode (as the standing claim's): the prompt is a
     little smaller, so that the claim and the odds above it keep their room. */
  @container (max-width: 679px) and (max-height: 720px) {
    .prompt {
      font-size: 1.2rem;
    }
  }
  /* Buttons side by side, each at least 160 px and as wide as its longest word: a label
     wraps between words only ("Blind / weitergeben"); one that does not fit beside another
     takes a line of its own. */
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
  .buttons > button {
    flex: 1 1 160px;
    min-width: min-content;
    overflow-wrap: normal;
    padding-inline: 10px;
  }
  .note {
    color: var(--muted);
    font-size: 1rem;
  }
  .refused {
    background: var(--warn-bg);
    color: var(--warn-text);
    border-radius: var(--radius);
    padding: 10px 14px;
    font-weight: 700;
  }
`;
