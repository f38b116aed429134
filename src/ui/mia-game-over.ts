import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { fire } from './events';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { roundsText } from './text/scores';
import { verdictText } from './text/verdict';
import './mia-scoreboard';
import './mia-stats';
import './mia-verdict';

/**
 * The end of a game: the winner (or the first player out, who loses), rematch or a new game,
 * the final verdict, the story of the game per player in finishing order, the chart of lives
 * over rounds, and the session scoreboard of these players.
 * @fires mia-command - `rematch` or `new-game`
 */
@localized()
@customElement('mia-game-over')
export class MiaGameOver extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 16px;
        padding: 16px;
        max-width: 1000px;
        margin: 0 auto;
      }
      .banner {
        text-align: center;
        background: var(--surface);
        border: 4px solid var(--accent);
        border-radius: var(--radius);
        padding: 18px;
      }
      .banner h2 {
        font-size: clamp(2.4rem, 7vmin, 4rem);
        font-weight: 900;
      }
      .banner p {
        font-size: 1.3rem;
        margin: 6px 0 0;
      }
      .buttons {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 12px;
      }
    `,
  ];

  private game = new GameController(this);

  protected override firstUpdated(): void {
    window.scrollTo({ top: 0 });
  }

  override render() {
    const snapshot = this.game.value;
    const result = snapshot?.context.result;
    if (!snapshot || !result) return null;
    const { players, history, lastOutcome, round } = snapshot.context;
    const names = players.map((p) => p.name);
    const title =
      result.kind === 'last-standing'
        ? msg(str`${names[result.winner]} wins!`)
        : msg(str`${names[result.loser]} is out first and loses!`);
    const rounds = history.length;
    return html`<section class="banner" aria-labelledby="title">
        <h2 id="title" data-testid="result">${title}</h2>
        <p>${msg(str`Game over after ${roundsText(rounds)}.`)}</p>
      </section>
      <div class="buttons">
        <button
          class="big primary"
          @click=${() => fire(this, 'mia-command', { command: 'rematch' })}
        >
          ${msg('Rematch')}
        </button>
        <button class="big" @click=${() => fire(this, 'mia-command', { command: 'new-game' })}>
          ${msg('New game')}
        </button>
      </div>
      ${
        lastOutcome
          ? html`<mia-verdict
              .outcome=${lastOutcome}
              .names=${names}
              .nextRound=${round.number}
            ></mia-verdict>`
          : null
      }
      <mia-stats></mia-stats>
      <mia-scoreboard></mia-scoreboard>

      <div class="visually-hidden" aria-live="polite">
        ${lastOutcome ? verdictText(lastOutcome, names, round.number) : ''}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-game-over': MiaGameOver;
  }
}
