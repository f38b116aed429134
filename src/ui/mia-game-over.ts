import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { placements, playerStats } from '../game';
import { msg, localized, str } from '@lit/localize';
import { actorContext, type GameActor } from './context';
import { fire } from './events';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { verdictText } from './text/verdict';
import './mia-verdict';

/**
 * The end of a game: the winner (or the first player out, who loses), the final verdict, lives
 * left and a short summary per player in finishing order, then rematch or a new game.
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
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 1.15rem;
        background: var(--surface);
        border-radius: var(--radius);
        overflow: hidden;
      }
      th,
      td {
        padding: 10px 12px;
        text-align: right;
        border-bottom: 1px solid var(--line);
      }
      th:nth-child(-n + 2),
      td:nth-child(-n + 2) {
        text-align: left;
      }
      th {
        color: var(--muted);
        font-size: 1rem;
      }
      tr.top td {
        font-weight: 800;
      }
      .buttons {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 12px;
      }
      .visually-hidden {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
      }
    `,
  ];

  @consume({ context: actorContext, subscribe: true })
  @state()
  actor?: GameActor;

  private game = new GameController(this, () => this.actor);

  protected override firstUpdated(): void {
    window.scrollTo({ top: 0 });
  }

  override render() {
    const snapshot = this.game.value;
    const result = snapshot?.context.result;
    if (!snapshot || !result) return null;
    const { players, history, lastOutcome, round } = snapshot.context;
    const names = players.map((p) => p.name);
    const stats = playerStats(snapshot.context);
    const places = placements(snapshot.context);
    const rows = players
      .map((p, seat) => ({
        seat,
        name: p.name,
        lives: p.lives,
        place: places[seat],
        ...stats[seat],
      }))
      .sort((a, b) => a.place - b.place);
    const top = result.kind === 'last-standing' ? result.winner : result.loser;
    const title =
      result.kind === 'last-standing'
        ? msg(str`${names[result.winner]} wins!`)
        : msg(str`${names[result.loser]} is out first and loses!`);
    const rounds = history.length;
    return html`<section class="banner" aria-labelledby="title">
        <h2 id="title" data-testid="result">${title}</h2>
        <p>${msg(str`Game over after ${rounds} rounds.`)}</p>
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
      <table>
        <caption class="visually-hidden">
          ${msg('Summary per player')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Place')}</th>
            <th scope="col">${msg('Player')}</th>
            <th scope="col">${msg('Lives left')}</th>
            <th scope="col">${msg('Lifts won')}</th>
            <th scope="col">${msg('Lifts lost')}</th>
            <th scope="col">${msg('Caught bluffing')}</th>
            <th scope="col">${msg('Mias called')}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (r) =>
              html`<tr class=${r.seat === top ? 'top' : ''} data-seat=${r.seat}>
                <td>${r.place}</td>
                <td>${r.name}</td>
                <td>${r.lives}</td>
                <td>${r.liftsWon}</td>
                <td>${r.liftsMade - r.liftsWon}</td>
                <td>${r.timesCaught}</td>
                <td>${r.miasClaimed}</td>
              </tr>`,
          )}
        </tbody>
      </table>

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
