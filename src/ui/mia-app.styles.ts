/** Styles of <mia-app>: the page column and the sticky toolbar. */
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
