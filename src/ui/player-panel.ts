/**
 * What a player's panel shows: the name, the lives as hearts (pips, lost ones hollow; a number
 * above `MAX_PIPS` starting lives), "To act" or "Out", and the lives in words for a screen
 * reader. In the players list (<mia-players>) and on the seats' panels in table mode
 * (<mia-round-table>): each element lays out its panel (with the class `turn` or `out`) and
 * sizes the pips in its own `.pips` rule.
 */
import { css, html } from 'lit';
import { msg, str } from '@lit/localize';
import type { Player } from '../game';
import { livesText } from './text/scores';

/** Above this many lives the pips become a number. */
const MAX_PIPS = 10;

/** Lives as hearts, or as a number above MAX_PIPS starting lives. */
function pips(lives: number, startingLives: number) {
  if (startingLives > MAX_PIPS) return html`<span class="count">${lives}</span>`;
  return Array.from(
    { length: startingLives },
    (_, i) => html`<span class="pip ${i < lives ? '' : 'lost'}">${i < lives ? '♥' : '♡'}</span>`,
  );
}

/**
 * The inside of a player's panel; `turn`: the player is to act; `out`: no lives left; `place`:
 * the game is over, and this is where the player finished (in words).
 */
export function playerPanel(
  player: Player,
  startingLives: number,
  turn: boolean,
  out: boolean,
  place: string | null = null,
) {
  return html`<span class="name">${player.name}</span>
    <span class="pips" aria-hidden="true">${pips(player.lives, startingLives)}</span>
    ${turn ? html`<span class="turn-mark">${msg('To act')}</span>` : null}
    ${
      place
        ? html`<span class="place-mark">${place}</span>`
        : out
          ? html`<span class="out-mark">${msg('Out')}</span>`
          : null
    }
    <span class="visually-hidden">${msg(str`${livesText(player.lives)} left`)}</span>`;
}

export const playerPanelStyles = css`
  .name {
    font-size: 1.35rem;
    font-weight: 800;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .turn .name {
    color: var(--accent);
  }
  .out .name {
    text-decoration: line-through;
  }
  .pips {
    display: flex;
    flex-wrap: wrap;
    line-height: 1;
    color: var(--danger);
  }
  .pip.lost {
    color: var(--line);
  }
  .count {
    font-weight: 800;
  }
  .turn-mark {
    color: var(--accent);
    font-size: 0.9rem;
    font-weight: 800;
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  .out-mark,
  .place-mark {
    font-size: 0.9rem;
    color: var(--muted);
    font-weight: 700;
  }
  .first .place-mark {
    color: var(--accent);
  }
`;
