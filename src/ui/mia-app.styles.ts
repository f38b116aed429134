/** Styles of <mia-app>: the page column, the sticky toolbar, the dialogs. */
import { css } from 'lit';

export const appStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 100vh;
    min-height: 100dvh;
  }
  header {
    position: sticky;
    top: 0;
    z-index: 2;
  }
  main {
    flex: 1;
  }
  dialog {
    background: var(--surface);
    color: var(--text);
    border: 2px solid var(--line);
    border-radius: var(--radius);
    width: min(900px, 94vw);
    max-height: 88vh;
    padding: 16px 20px;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
  dialog .close {
    float: right;
    margin: 0 0 8px 8px;
  }
  .back {
    display: block;
    margin: 16px auto 0;
  }
  .loading {
    padding: 40px;
    text-align: center;
    font-size: 1.5rem;
  }
`;
