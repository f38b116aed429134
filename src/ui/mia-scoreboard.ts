import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { msg, localized, str } from '@lit/localize';
import { scoreboard, type ScoreLine } from '../game/scoreboard';
import { actorContext, type GameActor } from './context';
import { GameController } from './game-controller';
import { changeScoreboard, scoreboardChanged, scoreboardStore } from './scoreboard-service';
import { baseStyles } from './styles';
import { numberText } from './text/scores';

/**
 * The session scoreboard of the players in the game in context (in any seat order): games
 * played, games won and average place, best first; reset after a second tap.
 */
@localized()
@customElement('mia-scoreboard')
export class MiaScoreboard extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 10px;
        min-width: 0;
        margin-top: 12px;
      }
      h2 {
        font-size: 1.5rem;
      }
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 1.2rem;
        background: var(--surface);
        border-radius: var(--radius);
        overflow: hidden;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        padding: 10px 12px;
        text-align: right;
        border-bottom: 1px solid var(--line);
      }
      th {
        color: var(--muted);
        font-size: 1rem;
      }
      th:first-child,
      td:first-child {
        text-align: left;
        font-weight: 800;
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

  @consume({ context: actorContext, subscribe: true })
  @state()
  actor?: GameActor;

  @state() private lines: ScoreLine[] | null = null;
  @state() private confirming = false;
  private loadedFor = '';
  private game = new GameController(
    this,
    () => this.actor,
    (s) => s.context.players.map((p) => p.name).join('\u001f'),
  );

  override connectedCallback(): void {
    super.connectedCallback();
    scoreboardChanged.addEventListener('change', this.reload);
  }

  override disconnectedCallback(): void {
    scoreboardChanged.removeEventListener('change', this.reload);
    super.disconnectedCallback();
  }

  private get players(): string[] {
    return this.actor?.getSnapshot().context.players.map((p) => p.name) ?? [];
  }

  private reload = () => void this.load();

  private async load(): Promise<void> {
    const players = this.players;
    const key = players.join('\u001f');
    this.loadedFor = key;
    try {
      const results = await (await scoreboardStore()).results(players);
      if (this.loadedFor === key) this.lines = scoreboard(results, players);
    } catch (error) {
      console.warn('Mia Cup could not read the scoreboard:', error);
      this.lines = scoreboard([], players);
    }
  }

  protected override willUpdate(): void {
    if (this.game.value !== undefined && this.game.value !== this.loadedFor) void this.load();
  }

  private async reset(): Promise<void> {
    const players = this.players;
    this.confirming = false;
    await changeScoreboard((board) => board.reset(players));
  }

  override render() {
    const lines = this.lines;
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
                    <th scope="col">${msg('Player')}</th>
                    <th scope="col">${msg('Games')}</th>
                    <th scope="col">${msg('Games won')}</th>
                    <th scope="col">${msg('Average place')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${lines.map(
                    (l) =>
                      html`<tr>
                        <td>${l.name}</td>
                        <td>${numberText(l.games)}</td>
                        <td>${numberText(l.wins)}</td>
                        <td>${l.averagePlace === null ? '–' : numberText(l.averagePlace, 2)}</td>
                      </tr>`,
                  )}
                </tbody>
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
