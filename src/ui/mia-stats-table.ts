import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Player, PlayerStats } from '../game';
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
 * marked "2="). The headings of the number columns read upward.
 */
@localized()
@customElement('mia-stats-table')
export class MiaStatsTable extends LitElement {
  static override styles = [
    baseStyles,
    numberTableStyles,
    css`
      :host {
        display: block;
        min-width: 0;
      }
      .scroll {
        overflow-x: auto;
        border-radius: var(--radius);
      }
      /* More to the end of the line: the box's end fades out, so a reader sees it scrolls. */
      .scroll[data-more] {
        mask-image: linear-gradient(to right, #000 calc(100% - 48px), transparent 100%);
      }
      table {
        font-size: 1.05rem;
        width: auto;
        min-width: 100%;
      }
      th,
      td {
        padding: 6px 2px;
      }
      td.place,
      th.place {
        padding-left: 6px;
      }
      th {
        font-size: 0.8rem;
        font-weight: 700;
        line-height: 1.15;
        vertical-align: bottom;
      }
      /* The number columns' headings read upward, whole words on each line, so that thirteen
         columns fit a tablet in every language. */
      th .up {
        display: inline-block;
        writing-mode: vertical-rl;
        transform: rotate(180deg);
        max-height: 14em;
        text-align: left;
        overflow-wrap: normal;
        word-break: normal;
      }
      .name,
      .place {
        text-align: left;
      }
      td.name {
        font-weight: 800;
        min-width: 5em;
        max-width: 11em;
        padding-right: 8px;
        overflow-wrap: anywhere;
      }
      td.place {
        white-space: nowrap;
      }
      tr.top td {
        font-weight: 800;
        color: var(--accent);
      }
      td.zero {
        color: var(--muted);
      }
    `,
  ];

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

  /** A place, marked "=" where others share it (said in words to a screen reader). */
  private place(place: number, shared: boolean) {
    if (!shared) return html`<td class="place">${place}</td>`;
    return html`<td class="place" title=${placeText(place, true)}>
      <span aria-hidden="true">${`${place}=`}</span>
      <span class="visually-hidden">${placeText(place, true)}</span>
    </td>`;
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
            ${places ? html`<th scope="col" class="place"><span class="up">${msg('Place')}</span></th>` : null}
            <th scope="col" class="name">${msg('Player')}</th>
            ${COLUMNS.map(([heading]) => html`<th scope="col"><span class="up">${heading()}</span></th>`)}
          </tr>
        </thead>
        <tbody>
          ${seats.map((seat) => {
            const s = this.stats[seat];
            const p = this.players[seat];
            if (!s || !p) return null;
            return html`<tr class=${seat === this.top ? 'top' : ''} data-seat=${seat}>
              ${places ? this.place(places[seat], shared.has(places[seat])) : null}
              <td class="name">${p.name}</td>
              ${COLUMNS.map(([, value]) => this.cell(value(s, p)))}
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-stats-table': MiaStatsTable;
  }
}
