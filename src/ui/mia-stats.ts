import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { livesOverRounds, placements, playerStats } from '../game';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { tiesText } from './text/places';
import './mia-lives-chart';
import './mia-stats-table';

/**
 * The story of the game so far, from the game in context: statistics per player and the chart
 * of lives over rounds. Once the game is over, the table is in finishing order with places, and
 * players who share a place are named with the rule that places them.
 */
@localized()
@customElement('mia-stats')
export class MiaStats extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 14px;
        min-width: 0;
      }
      h2 {
        font-size: 1.5rem;
      }
      h3 {
        font-size: 1.2rem;
        margin-bottom: 6px;
      }
      .ties {
        margin: 0;
        font-size: 1.1rem;
        color: var(--muted);
      }
    `,
  ];

  /** Show the title (off where the surrounding screen has its own). */
  @property({ type: Boolean }) titled = false;

  private game = new GameController(this);

  override render() {
    const context = this.game.value?.context;
    if (!context) return null;
    const { players, result } = context;
    const top = result ? (result.kind === 'last-standing' ? result.winner : result.loser) : null;
    const places = result ? placements(context) : null;
    const names = players.map((p) => p.name);
    const ties = places ? tiesText(places, names, context.rules) : null;
    return html`${this.titled ? html`<h2>${msg('The story of the game')}</h2>` : null}
      <mia-stats-table
        .players=${players}
        .stats=${playerStats(context)}
        .places=${places}
        .top=${top}
      ></mia-stats-table>
      ${ties ? html`<p class="ties" data-testid="ties">${ties}</p>` : null}
      <section>
        <h3>${msg('Lives over rounds')}</h3>
        <mia-lives-chart
          .series=${livesOverRounds(context)}
          .names=${names}
          .max=${context.rules.startingLives}
        ></mia-lives-chart>
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-stats': MiaStats;
  }
}
