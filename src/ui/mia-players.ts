import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Player } from '../game';
import { playerPanel, playerPanelStyles } from './player-panel';
import { baseStyles, cardListStyles } from './styles';

/**
 * Every player around the table with their lives as pips; the player to act is marked, players
 * who are out are dimmed.
 */
@localized()
@customElement('mia-players')
export class MiaPlayers extends LitElement {
  static override styles = [
    baseStyles,
    cardListStyles,
    playerPanelStyles,
    css`
      :host {
        display: block;
      }
      ol {
        grid-template-columns: repeat(auto-fill, minmax(var(--player-min, 200px), 1fr));
      }
      li {
        border: 3px solid transparent;
        background: var(--surface);
        border-radius: var(--radius);
        padding: 8px 12px;
        display: grid;
        gap: 2px;
        align-content: start;
        min-width: 0;
      }
      li.turn {
        border-color: var(--accent);
        background: var(--surface-2);
      }
      li.out {
        opacity: 0.55;
      }
      .pips {
        gap: 4px;
        font-size: 1.4rem;
      }
      .count {
        font-size: 1.3rem;
      }
    `,
  ];

  @property({ attribute: false }) players: readonly Player[] = [];
  /** Seat of the player to act, or null (game over). */
  @property({ type: Number }) turn: number | null = null;
  @property({ type: Number }) startingLives = 3;

  override render() {
    return html`<ol aria-label=${msg('Players and lives')}>
      ${this.players.map((player, seat) => {
        const out = player.lives === 0;
        const turn = seat === this.turn && !out;
        return html`<li
          class="${turn ? 'turn' : ''} ${out ? 'out' : ''}"
          aria-current=${turn ? 'true' : 'false'}
          data-seat=${seat}
          data-lives=${player.lives}
        >
          ${playerPanel(player, this.startingLives, turn, out)}
        </li>`;
      })}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-players': MiaPlayers;
  }
}
