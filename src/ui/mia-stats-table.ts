import { LitElement, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Player, PlayerStats } from '../game';
import { statsTableStyles } from './mia-stats-table.styles';
import { baseStyles, numberTableStyles } from './styles';
import { placeText, sharedPlaces } from './text/places';

/** The number columns: each heading with the number it shows, in the table's order. */
const COLUMNS: [() => string, (stats: PlayerStats, player: Player) => number][] = [
  [() => msg('Lives left'), (_, p) => p.lives],
  [() => msg('Lifts made'), (s) => s.liftsMade],
  [() => msg('Lifts won'), (s) => s.liftsWon],
  [() => msg('Lifts lost'), (s) => s.liftsMade - s.liftsWon],
  [() => msg('Caught bluffing'), (s) => s.timesCaught],
  [() => msg('Bluffs survived'), (s) => s.bluffsSurvived],
  [() => msg('Lies low'), (s) => s.liesLow],
  [() => msg('Blind passes'), (s) => s.blindPasses],
  [() => msg('Mias rolled'), (s) => s.miasRolled],
  [() => msg('Mias called'), (s) => s.miasClaimed],
  [() => msg('Lives lost: caught'), (s) => s.livesLost.caught],
  [() => msg('Lives lost: wrong lift'), (s) => s.livesLost.wrongLift],
  [() => msg('Lives lost: gave up to Mia'), (s) => s.livesLost.miaGivenUp],
];

/**
 * The story of the game per player, one row each: lives, lifts made and won, caught bluffing,
 * bluffs that survived a lift, lies low, blind passes, Mias rolled and claimed, and lives lost
 * by cause. With `places`, rows come in finishing order with a place column (a shared place
 * marked "2="). The headings of the number columns read upward. In a narrow box each player's
 * place and name head a line of their own, above the numbers (see the styles).
 */
@localized()
@customElement('mia-stats-table')
export class MiaStatsTable extends LitElement {
  static override styles = [baseStyles, numberTableStyles, statsTableStyles];

  @property({ attribute: false }) players: readonly Player[] = [];
  @property({ attribute: false }) stats: readonly PlayerStats[] = [];
  /** Place per seat, once the game is over. */
  @property({ attribute: false }) places: readonly number[] | null = null;
  /** Seat to show in bold (the winner, or the first player out where that loses). */
  @property({ type: Number }) top: number | null = null;

  /** The table's box, checked for more to the side when it or the table changes size. */
  @query('.scroll') private box?: HTMLElement;
  private readonly sized = new ResizeObserver(() => this.more());

  private more(): void {
    const box = this.box;
    if (box)
      box.toggleAttribute('data-more', box.scrollLeft + box.clientWidth < box.scrollWidth - 2);
  }

  protected override updated(): void {
    const box = this.box;
    if (!box) return;
    this.sized.observe(box);
    const table = box.querySelector('table');
    if (table) this.sized.observe(table);
  }

  override disconnectedCallback(): void {
    this.sized.disconnect();
    super.disconnectedCallback();
  }

  /** A place, marked "2=" where others share it, said in words to a screen reader. */
  private mark(place: number, shared: boolean) {
    return html`<span class="mark" aria-hidden="true">${shared ? `${place}=` : place}</span
      ><span class="visually-hidden">${placeText(place, shared)}</span>`;
  }

  private cell(value: number) {
    return html`<td class=${value === 0 ? 'zero' : ''}>${value}</td>`;
  }

  override render() {
    const places = this.places;
    const shared = new Set(places ? sharedPlaces(places).map(([place]) => place) : []);
    const seats = this.players.map((_, seat) => seat);
    if (places) seats.sort((a, b) => places[a] - places[b]);
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    return html`<div
      class="scroll"
      @scroll=${() => this.more()}
      tabindex="0"
      role="region"
      aria-label=${msg('Statistics per player')}
    >
      <table>
        <caption class="visually-hidden">
          ${msg('Statistics per player')}
        </caption>
        <thead>
          <tr>
            ${places ? html`<th scope="col" class="place wide"><span class="up">${msg('Place')}</span></th>` : null}
            <th scope="col" class="name wide">${msg('Player')}</th>
            ${COLUMNS.map(([heading]) => html`<th scope="col"><span class="up">${heading()}</span></th>`)}
          </tr>
        </thead>
        ${seats.map((seat) => {
          const s = this.stats[seat];
          const p = this.players[seat];
          if (!s || !p) return null;
          const mark = places ? this.mark(places[seat], shared.has(places[seat])) : null;
          // Narrow, the first row (place and name) heads the player's numbers; wide, the
          // second row has them in its own cells.
          return html`<tbody class=${seat === this.top ? 'top' : ''}>
            <tr class="who">
              <th scope="rowgroup" colspan=${COLUMNS.length}>${mark} ${p.name}</th>
            </tr>
            <tr data-seat=${seat}>
              ${places ? html`<td class="place wide">${mark}</td>` : null}
              <th scope="row" class="name wide">${p.name}</th>
              ${COLUMNS.map(([, value]) => this.cell(value(s, p)))}
            </tr>
          </tbody>`;
        })}
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-stats-table': MiaStatsTable;
  }
}
