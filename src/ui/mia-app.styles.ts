/** Styles of <mia-app>: the page column and the sticky toolbar. */
import { css } from 'lit';

export const appStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 100vh;
    min-height: 100dvh;
  }
  /* Table mode: the table fills the screen below the toolbar, exactly (important: the page's
     base.css sets the element's display, and an outer rule wins over :host otherwise). */
  :host([table]) {
    display: flex !important;
    height: 100vh;
    height: 100dvh;
  }
  :host([table]) main {
    min-height: 0;
  }
  header {
    position: sticky;
    top: 0;
    z-index: 2;
  }
  main {
    flex: 1;
    display: flex;
    flex-direction: column;
  }
  /* The new-game screen: back to the game and the games set aside, above the set-up. */
  .back {
    display: block;
    margin: 16px auto 0;
  }
  main > mia-aside-games {
    width: min(1100px - 32px, 100% - 32px);
    margin: 16px auto 0;
  }
  .loading {
    padding: 40px;
    text-align: center;
    font-size: 1.5rem;
  }
`;
