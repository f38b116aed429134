import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { msg, localized, str } from '@lit/localize';
import { scoreboard, type ScoreLine } from '../game';
import { scoreboardContext } from './context';
import { GameController } from './game-controller';
import { StoreController } from './store-controller';
import { baseStyles, numberTableStyles } from './styles';
import { numberText } from './text/scores';

/**
 * The session scoreboard of the players in the game in context (in any seat order): games
 * played, games won and average place, best first; reset after a second tap. In a narrow box
 * each name heads a line of its own above its figures.
 */
@localized()
@customElement('mia-scoreboard')
export class MiaScoreboard extends LitElement {
  static override styles = [
    baseStyles,
    numberTableStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 10px;
        min-width: 0;
        margin-top: 12px;
        container-type: inline-size;
      }
      h2 {
        font-size: 1.5rem;
      }
      table {
        font-size: 1.2rem;
        border-radius: var(--radius);
        overflow: hidden;
      }
      th,
      td {
        padding: 10px 12px;
      }
      th {
        font-size: 1rem;
      }
      .name {
        text-align: left;
        font-size: inherit;
        font-weight: 800;
        color: var(--text);
      }
      thead .name {
        font-size: 1rem;
        color: var(--muted);
      }
      /* Narrow (a turned middle, a portrait tablet), each name has a line of its own above its
         figures, so that a long name is not squeezed into a word a line. */
      tr.who {
        display: none;
      }
      tr.who th {
        padding-bottom: 0;
        border-bottom: 0;
        overflow-wrap: anywhere;
      }
      @container (width < 30rem) {
        tr.who {
          display: table-row;
        }
        .wide {
          display: none;
        }
        th,
        td {
          padding: 8px 6px;
        }
        thead th {
          font-size: 0.85rem;
        }
      }
      .note {
        color: var(--muted);
        margin: 0;
      }
      .reset {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        align-items: center;
      }
      .reset p {
        margin: 0;
        font-weight: 800;
      }
    `,
  ];

  @state() private confirming = false;
  /** Bumped whenever the scoreboard changes, so the lines load again. */
  @state() private revision = 0;

  private game = new GameController(this, {
    select: (s) => s.context.players.map((p) => p.name),
    equal: (a, b) => a.join('\u001f') === b.join('\u001f'),
  });

  private board = new StoreController(
    this,
    { context: scoreboardContext },
    () => (this.revision += 1),
  );

  /** The lines of the players in the game; a newer load replaces an older one. */
  private lines = new Task(this, {
    args: () => [this.board.store, this.game.value, this.revision] as const,
    task: async ([board, players]): Promise<ScoreLine[] | null> => {
      if (!board || !players) return null;
      try {
        return await board.lines(players);
      } catch (error) {
        console.warn('Mia Cup could not read the scoreboard:', error);
        return scoreboard([], players);
      }
    },
  });

  private async reset(): Promise<void> {
    const players = this.game.value ?? [];
    this.confirming = false;
    await this.board.store?.reset(players);
  }

  override render() {
    const lines = this.lines.value;
    if (!lines) return null;
    const games = Math.max(0, ...lines.map((l) => l.games));
    return html`<h2>${msg('Scoreboard')}</h2>
      ${
        games === 0
          ? html`<p class="note" data-testid="scoreboard-empty">
              ${msg('No finished games with these players yet.')}
            </p>`
          : html`<p class="note">
                ${msg(str`Games finished with these players: ${numberText(games)}`)}
              </p>
              <table data-testid="scoreboard">
                <caption class="visually-hidden">
                  ${msg('Scoreboard')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" class="name wide">${msg('Player')}</th>
                    <th scope="col">${msg('Games')}</th>
                    <th scope="col">${msg('Games won')}</th>
                    <th scope="col">${msg('Average place')}</th>
                  </tr>
                </thead>
                ${lines.map(
                  (l) =>
                    html`<tbody>
                      <tr class="who">
                        <th scope="rowgroup" colspan="3" class="name">${l.name}</th>
                      </tr>
                      <tr class="line">
                        <th scope="row" class="name wide">${l.name}</th>
                        <td>${numberText(l.games)}</td>
                        <td>${numberText(l.wins)}</td>
                        <td>${l.averagePlace === null ? '–' : numberText(l.averagePlace, 2)}</td>
                      </tr>
                    </tbody>`,
                )}
              </table>
              ${
                this.confirming
                  ? html`<div class="reset" role="group" aria-label=${msg('Reset the scoreboard')}>
                      <p>${msg('Forget every game of these players?')}</p>
                      <button class="danger" @click=${() => void this.reset()}>
                        ${msg('Yes, reset')}
                      </button>
                      <button @click=${() => (this.confirming = false)}>${msg('Keep it')}</button>
                    </div>`
                  : html`<div class="reset">
                      <button @click=${() => (this.confirming = true)}>
                        ${msg('Reset scoreboard')}
                      </button>
                    </div>`
              }`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-scoreboard': MiaScoreboard;
  }
}
