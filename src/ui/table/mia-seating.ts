import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { moveToSide, nextSide, type Side } from '../../rules';
import { fire } from '../events';
import { baseStyles, pressedStyles } from '../styles';
import { LayoutController } from './layout';
import { sideName } from './side-name';
import { sidesStyles } from './sides.styles';
import { tabletPicture, tabletPictureStyles } from './tablet-picture';

/**
 * Where the tablet is: table mode (flat in the middle, a panel per seat) or one side (held,
 * standing, a laptop), remembered (on a touch screen neither until the table says). In table mode, a small picture of the tablet with each
 * player's name on their side, in turn order clockwise; tapping a name moves that player on to
 * the next side (turn order follows the seats).
 * @fires mia-seating - a player moved: the new sides and, per new seat, the seat it was
 */
@localized()
@customElement('mia-seating')
export class MiaSeating extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    sidesStyles,
    tabletPictureStyles,
    css`
      :host {
        display: grid;
        gap: 12px;
      }
      .modes {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
      }
      .hint {
        margin: 0;
        color: var(--muted);
      }
      .seat {
        width: 100%;
        height: 100%;
        min-width: 0;
        min-height: 48px;
        padding: 0 8px;
        font-size: 1.05rem;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .seat .n {
        color: var(--muted);
        margin-right: 6px;
      }
    `,
  ];

  /** The players' names in turn order. */
  @property({ attribute: false }) names: readonly string[] = [];
  /** The side of each seat. */
  @property({ attribute: false }) sides: readonly Side[] = [];

  private layout = new LayoutController(this);

  private move(seat: number) {
    fire(this, 'mia-seating', moveToSide(this.sides, seat, nextSide(this.sides[seat])));
  }

  private picture() {
    const seat = (seat: number, side: Side) =>
      html`<button
        class="seat"
        aria-label=${msg(
          str`${this.names[seat]} (${seat + 1}), ${sideName(side)}: tap to move to the next side`,
        )}
        @click=${() => this.move(seat)}
      >
        <span class="n">${seat + 1}</span>${this.names[seat]}
      </button>`;
    return html`<div class="tablet" role="group" aria-label=${msg('Seats around the tablet')}>
      ${tabletPicture(this.sides, seat, msg('Tap a name to move that player to the next side.'))}
    </div>`;
  }

  override render() {
    const chosen = this.layout.undecided ? null : this.layout.value;
    const table = chosen === 'table';
    return html`<div class="modes" role="group" aria-label=${msg('Where the tablet is')}>
        <button
          aria-pressed=${table ? 'true' : 'false'}
          @click=${() => this.layout.prefs.update({ layout: 'table' })}
        >
          ${msg('Table mode')}
        </button>
        <button
          aria-pressed=${chosen === 'one-side' ? 'true' : 'false'}
          @click=${() => this.layout.prefs.update({ layout: 'one-side' })}
        >
          ${msg('One side')}
        </button>
      </div>
      <p class="hint">
        ${
          chosen === null
            ? msg('Where is the tablet? Choose here, or when the game starts.')
            : table
              ? msg('Flat in the middle of the table: every player reads their own side.')
              : msg('Held, standing or a laptop: everything faces one side.')
        }
      </p>
      ${table ? this.picture() : null}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-seating': MiaSeating;
  }
}
