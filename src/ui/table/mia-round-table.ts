import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Player } from '../../game';
import { SIDES, facingOf, seatsBySide, type Side } from '../../rules';
import { playerPanel, playerPanelStyles } from '../player-panel';
import { fire } from '../events';
import { baseStyles } from '../styles';
import { placeText } from '../text/places';
import { sideName } from './side-name';
import { sidesGrid, sidesStyles } from './sides.styles';
import './mia-facing';
import './mia-seat-bar';

/** How long a name is, for the size it is drawn in. */
function lengthOf(name: string): string {
  const n = [...name].length;
  return n > 26 ? 'longest' : n > 14 ? 'longer' : n > 8 ? 'long' : '';
}

/**
 * Table mode: the tablet lies in the middle of the table. Each player's panel (name, lives,
 * "to act") sits on that player's side of the screen, turned to face them; the middle (the
 * standing claim and the prompt) turns to face the player to act. A second, smaller space
 * along one side (`aside`) faces another player: the loser of the last lift, when the next
 * opener sits elsewhere. Each side with players has its own Undo and menu (<mia-seat-bar>), at
 * the end on its players' right. For a screen reader the panels are one list in turn order
 * ("Players and lives", as on one side), with where each player sits.
 * @fires mia-side - a side's panels were tapped, with `turnable` set
 * @slot - the middle, turned toward the player to act
 * @slot aside - shown along the `aside` side, turned toward it
 */
@localized()
@customElement('mia-round-table')
export class MiaRoundTable extends LitElement {
  static override styles = [
    baseStyles,
    sidesStyles,
    playerPanelStyles,
    css`
      :host {
        --side-size: clamp(96px, 14vmin, 124px);
        --side-gap: 6px;
        ${sidesGrid}
        gap: 6px;
        padding: 6px;
      }
      .panel {
        height: 100%;
        display: grid;
        align-content: center;
        gap: 2px;
        padding: 2px 8px;
        border: 3px solid transparent;
        border-radius: var(--radius);
        background: var(--surface);
        text-align: center;
      }
      /* A name is never cut: it wraps (two lines for 40 letters) in a size made for its length
         and the panel's width. */
      .panel {
        container-type: inline-size;
      }
      .panel .name {
        white-space: normal;
        overflow: visible;
        overflow-wrap: anywhere;
        line-height: 1.05;
        font-size: min(1.35rem, 18cqi);
      }
      .panel.long .name {
        font-size: min(1.35rem, 11.5cqi);
      }
      .panel.longer .name {
        font-size: min(1.15rem, 11cqi);
      }
      .panel.longest .name {
        font-size: min(0.9rem, 9cqi);
      }
      .panel .turn-mark,
      .panel .place-mark {
        font-size: min(0.9rem, 9cqi);
        letter-spacing: 0;
        line-height: 1.1;
      }
      .panel.turn {
        border-color: var(--accent);
        background: var(--surface-2);
      }
      .panel.out {
        opacity: 0.55;
      }
      .pips {
        justify-content: center;
        gap: 2px 4px;
        font-size: 1.1rem;
      }
      .out-mark {
        font-weight: 800;
        text-transform: uppercase;
        letter-spacing: 0.05em;
      }
      .middle {
        grid-area: middle;
        display: grid;
        gap: 6px;
        min-width: 0;
        min-height: 0;
        grid-template: 'main' minmax(0, 1fr) / minmax(0, 1fr);
      }
      .middle > mia-facing {
        grid-area: main;
      }
      :host([aside='bottom']) .middle {
        grid-template: 'main' minmax(0, 1fr) 'aside' var(--band) / minmax(0, 1fr);
      }
      :host([aside='top']) .middle {
        grid-template: 'aside' var(--band) 'main' minmax(0, 1fr) / minmax(0, 1fr);
      }
      :host([aside='left']) .middle {
        grid-template: 'aside main' minmax(0, 1fr) / var(--band) minmax(0, 1fr);
      }
      :host([aside='right']) .middle {
        grid-template: 'main aside' minmax(0, 1fr) / minmax(0, 1fr) var(--band);
      }
      .middle {
        --band: var(--aside-band, clamp(120px, 28%, 200px));
      }
      .middle > mia-facing.aside {
        grid-area: aside;
      }
      /* A side's Undo and menu: at its players' right (the screen's right, bottom, left, top). */
      .side > mia-facing.bar {
        flex: 0 0 var(--bar-size, 96px);
      }
      .top > .bar,
      .right > .bar {
        order: -1;
      }
    `,
  ];

  @property({ attribute: false }) players: readonly Player[] = [];
  /** The side of each seat, in turn order. */
  @property({ attribute: false }) sides: readonly Side[] = [];
  /** Seat of the player to act, or null. */
  @property({ type: Number }) turn: number | null = null;
  @property({ type: Number }) startingLives = 3;
  /** The side the `aside` slot faces; null: no aside. */
  @property({ reflect: true }) aside: Side | null = null;
  /** The side the middle faces; null: the player to act's (the bottom when none is). */
  @property() faces: Side | null = null;
  /** Each seat's place, once the game is over: shown on the panels. */
  @property({ attribute: false }) places: readonly number[] | null = null;
  /** A tap on a side's panels asks the middle to face that side (`mia-side`). */
  @property({ type: Boolean }) turnable = false;

  private seat(seat: number, side: Side) {
    const player = this.players[seat];
    if (!player) return null;
    const out = player.lives === 0;
    const turn = seat === this.turn && !out;
    const first = this.places?.[seat] === 1;
    // The panels are drawn for the eye; a screen reader reads them as the list below.
    return html`<mia-facing
      data-seat=${seat}
      data-side=${side}
      .facing=${facingOf(side)}
      aria-hidden="true"
    >
      <div
        class="panel ${lengthOf(player.name)} ${turn || first ? 'turn' : ''} ${first ? 'first' : ''} ${out && !this.places ? 'out' : ''}"
        aria-current=${turn ? 'true' : 'false'}
        data-lives=${player.lives}
        data-place=${this.places?.[seat] ?? ''}
      >
        ${playerPanel(player, this.startingLives, turn, out, this.placeOf(seat))}
      </div>
    </mia-facing>`;
  }

  /** A seat's place in words, once the game is over. */
  private placeOf(seat: number): string | null {
    const places = this.places;
    if (!places) return null;
    const place = places[seat];
    return placeText(place, places.filter((p) => p === place).length > 1);
  }

  /** A tap on a side's panels (not its Undo or menu) turns the middle there, where allowed. */
  private tapped(e: Event, side: Side): void {
    const onBar = e.composedPath().some((el) => el instanceof HTMLElement && el.matches('.bar'));
    if (this.turnable && !onBar) fire(this, 'mia-side', { side });
  }

  /** The players in turn order, for a screen reader. */
  private list() {
    return html`<ol class="visually-hidden" aria-label=${msg('Players and lives')}>
      ${this.players.map((player, seat) => {
        const out = player.lives === 0;
        const turn = seat === this.turn && !out;
        const side = this.sides[seat];
        return html`<li aria-current=${turn ? 'true' : 'false'} data-seat=${seat}>
          ${playerPanel(player, this.startingLives, turn, out, this.placeOf(seat))}
          ${side ? html`<span>${sideName(side)}</span>` : null}
        </li>`;
      })}
    </ol>`;
  }

  override render() {
    const by = seatsBySide(this.sides);
    const toAct =
      this.faces ?? (this.turn === null ? 'bottom' : (this.sides[this.turn] ?? 'bottom'));
    return html`${this.list()}
      ${SIDES.map((side) =>
        by[side].length === 0
          ? null
          : html`<div class="side ${side}" @click=${(e: Event) => this.tapped(e, side)}>
              ${by[side].map((seat) => this.seat(seat, side))}
              <mia-facing class="bar" data-side=${side} .facing=${facingOf(side)}>
                <mia-seat-bar side=${side}></mia-seat-bar>
              </mia-facing>
            </div>`,
      )}
      <div class="middle">
        <mia-facing class="main" .facing=${facingOf(toAct)}><slot></slot></mia-facing>
        ${
          this.aside
            ? html`<mia-facing class="aside" .facing=${facingOf(this.aside)}>
                <slot name="aside"></slot>
              </mia-facing>`
            : null
        }
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-round-table': MiaRoundTable;
  }
}
