/**
 * The new-game screen as <mia-app> shows it: "Back to the game" (when a game is behind it) and
 * the games set aside come first, then the set-up; and the question when a new game would set
 * aside the one under way.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { AppEvent } from '../app';
import type { AppView } from '../app/view';
import type { MiaResumeEvent, MiaStartEvent } from './events';
import { loadAsideGames, loadStartConfirm } from './lazy';
import './mia-new-game';

export function newGameScreen(
  { game, setup, session, confirming }: AppView,
  send: (event: AppEvent) => void,
) {
  const running = confirming ? game?.getSnapshot().context : null;
  if (session) void loadAsideGames();
  if (running) void loadStartConfirm();
  return html`${
      game
        ? html`<button class="back big" @click=${() => send({ type: 'BACK' })}>
            ${msg('Back to the game')}
          </button>`
        : null
    }
    ${
      session
        ? html`<mia-aside-games
            resumable
            @mia-resume=${(e: MiaResumeEvent) => send({ type: 'RESUME', key: e.detail.key })}
          ></mia-aside-games>`
        : null
    }
    <mia-new-game
      .initial=${setup}
      @mia-start=${(e: MiaStartEvent) => send({ type: 'START', input: e.detail })}
    ></mia-new-game>
    ${
      running
        ? html`<mia-start-confirm
            .players=${running.players.map((p) => p.name)}
            .round=${running.round.number}
          ></mia-start-confirm>`
        : null
    }`;
}
