import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import type { Player } from '../game';
import { baseStyles } from './styles';
import { livesText } from './text/scores';

/** Above this many lives the pips become a number. */
const MAX_PIPS = 10;

/** Lives as hearts, or as a number above MAX_PIPS starting lives (also the seats' panels). */
export function pips(lives: number, startingLives: number) {
  if (startingLives > MAX_PIPS) return html`<span class="count">${lives}</span>`;
  return Array.from(
    { length: startingLives },
    (_, i) => html`<span class="pip ${i < lives ? '' : 'lost'}">${i < lives ? '♥' : '♡'}</span>`,
  );
}

/**
 * Every player around the table with their lives as pips; the player to act is marked, players
 * who are out are dimmed.
 */
@localized()
@customElement('mia-players')
export class MiaPlayers extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 8px;
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
      li.turn .name {
        color: var(--accent);
      }
      li.out {
        opacity: 0.55;
      }
      li.out .name {
        text-decoration: line-through;
      }
      .name {
        font-size: 1.35rem;
        font-weight: 800;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .turn-mark {
        color: var(--accent);
        font-size: 0.9rem;
        font-weight: 800;
        text-transform: uppercase;
        letter-spacing: 0.05em;
      }
      .pips {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        font-size: 1.4rem;
        line-height: 1;
        color: var(--danger);
      }
      .pip.lost {
        color: var(--line);
      }
      .count {
        font-weight: 800;
        font-size: 1.3rem;
      }
      .status {
        font-size: 0.9rem;
        color: var(--muted);
        font-weight: 700;
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
          <span class="name">${player.name}</span>
          <span class="pips" aria-hidden="true">${pips(player.lives, this.startingLives)}</span>
          ${turn ? html`<span class="turn-mark">${msg('To act')}</span>` : null}
          ${out ? html`<span class="status">${msg('Out')}</span>` : null}
          <span class="visually-hidden">${msg(str`${livesText(player.lives)} left`)}</span>
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
