import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, localized, str } from '@lit/localize';
import {
  MIN_PLAYERS,
  PRESET_IDS,
  inputProblems,
  presetOf,
  presets,
  type GameInput,
  type PresetId,
} from '../game';
import { seatingFor, type RuleSet, type Side } from '../rules';
import { fire, type MiaRulesEvent, type MiaSeatingEvent } from './events';
import { loadNewGameRest, loadTabletQuestion } from './lazy';
import { LayoutController } from './table/layout';
import { baseStyles, cardListStyles, pressedStyles } from './styles';
import { newGameStyles } from './mia-new-game.styles';
import { setupProblemText } from './text/setup-problems';
import { presetName, presetSummary } from './text/presets';
import './mia-language-picker';

let nextId = 0;
/** The longest name a player may have (shown while typing, with a counter). */
const NAME_LIMIT = 40;
type Seat = { id: number; name: string };

/**
 * Setting up a game: 2 to the tradition's limit of players (add, rename, remove, reorder; a
 * counter shows the name limit while typing), who opens, a tradition and any of its settings.
 * Why Start is disabled is said beside it. Starts prefilled with the last game's players and
 * rules. On a touch screen the first start asks where the tablet is (<mia-tablet-question>).
 * @fires mia-start - the players, rules and opener of the new game
 */
@localized()
@customElement('mia-new-game')
export class MiaNewGame extends LitElement {
  static override styles = [baseStyles, pressedStyles, cardListStyles, newGameStyles];

  /** The last game's set-up, to start from. */
  @property({ attribute: false }) initial: GameInput | null = null;

  @state() private seats: Seat[] = [];
  @state() private opener = 0;
  @state() private rules: RuleSet = presets.longhall;
  /** The side of each seat (table mode); null: the default for this screen. */
  @state() private sides: Side[] | null = null;
  /** "Start game" was tapped and where the tablet is is being asked (the first time). */
  @state() private asking = false;
  private layout = new LayoutController(this);
  /**
   * What lies below the first screenful (seats, tradition, settings, cup) is filled in just
   * after the first paint, its elements' code loaded then: the screen and its "Start game" are
   * ready sooner on a slow tablet.
   */
  @state() private whole = false;

  protected override firstUpdated(): void {
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.whole = true;
        void loadNewGameRest();
      }),
    );
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('initial') || this.seats.length === 0) {
      const names = this.initial?.players ?? [1, 2, 3].map((n) => msg(str`Player ${n}`));
      this.seats = names.map((name) => ({ id: (nextId += 1), name }));
      const stored = this.layout.prefs.value.seating;
      this.sides = stored?.length === names.length ? stored : null;
      this.opener = this.initial?.opener ?? 0;
      this.rules = this.initial?.rules ?? presets.longhall;
    }
  }

  private move(from: number, to: number) {
    if (to < 0 || to >= this.seats.length) return;
    const seats = [...this.seats];
    const [seat] = seats.splice(from, 1);
    seats.splice(to, 0, seat);
    const openerId = this.seats[this.opener].id;
    this.seats = seats;
    this.opener = seats.findIndex((s) => s.id === openerId);
  }

  /** Where each seat is now: as moved, else the default for this screen. */
  private get seating(): Side[] {
    return seatingFor(this.sides, this.seats.length, innerWidth, innerHeight);
  }

  private seat(e: MiaSeatingEvent) {
    const openerId = this.seats[this.opener].id;
    this.seats = e.detail.from.map((i) => this.seats[i]);
    this.sides = e.detail.sides;
    this.opener = this.seats.findIndex((s) => s.id === openerId);
  }

  private removeSeat(index: number) {
    const openerId = this.seats[this.opener].id;
    this.sides = this.sides?.filter((_, i) => i !== index) ?? null;
    this.seats = this.seats.filter((_, i) => i !== index);
    const kept = this.seats.findIndex((s) => s.id === openerId);
    this.opener = kept < 0 ? 0 : kept;
  }

  private rename(index: number, name: string) {
    this.seats = this.seats.map((s, i) => (i === index ? { ...s, name } : s));
  }

  private add() {
    const n = this.seats.length + 1;
    if (this.sides) this.sides = [...this.sides, this.sides[this.sides.length - 1]];
    this.seats = [...this.seats, { id: (nextId += 1), name: msg(str`Player ${n}`) }];
  }

  /** The game these choices make (names trimmed). */
  private get input(): GameInput {
    const players = this.seats.map((s) => s.name.trim());
    return { players, rules: this.rules, opener: this.opener };
  }

  private start() {
    if (inputProblems(this.input).length > 0) return;
    if (this.layout.undecided) {
      void loadTabletQuestion();
      this.asking = true;
      return;
    }
    this.asking = false;
    this.layout.prefs.update({ seating: this.seating });
    fire(this, 'mia-start', this.input);
  }

  private seatRow(seat: Seat, i: number) {
    const n = i + 1;
    const count = this.seats.length;
    return html`<li class="seat">
      <span class="num" aria-hidden="true">${n}</span>
      <span class="name-field">
        <input
          .value=${seat.name}
          maxlength=${NAME_LIMIT}
          aria-label=${msg(str`Name of player ${n}`)}
          aria-describedby="limit-${seat.id}"
          autocomplete="off"
          @input=${(e: Event) => this.rename(i, (e.target as HTMLInputElement).value)}
        />
        <span
          class="limit ${seat.name.length >= NAME_LIMIT ? 'full' : ''}"
          id="limit-${seat.id}"
          data-testid="name-limit"
          title=${msg(str`At most ${NAME_LIMIT} characters`)}
          >${seat.name.length}/${NAME_LIMIT}</span
        >
      </span>
      <button
        aria-pressed=${i === this.opener ? 'true' : 'false'}
        aria-label=${msg(str`Player ${n} opens`)}
        @click=${() => (this.opener = i)}
      >
        ${msg('Opens')}
      </button>
      <button
        aria-label=${msg(str`Move player ${n} up`)}
        ?disabled=${i === 0}
        @click=${() => this.move(i, i - 1)}
      >
        ↑
      </button>
      <button
        aria-label=${msg(str`Move player ${n} down`)}
        ?disabled=${i === count - 1}
        @click=${() => this.move(i, i + 1)}
      >
        ↓
      </button>
      <button
        aria-label=${msg(str`Remove player ${n}`)}
        ?disabled=${count <= 2}
        @click=${() => this.removeSeat(i)}
      >
        ✕
      </button>
    </li>`;
  }

  private renderBelow() {
    const preset = presetOf(this.rules);
    return html`<section aria-labelledby="seats-title">
        <h2 id="seats-title">${msg('Seats around the tablet')}</h2>
        <mia-seating
          .names=${this.seats.map((s) => s.name)}
          .sides=${this.seating}
          @mia-seating=${this.seat}
        ></mia-seating>
      </section>
      <section aria-labelledby="tradition-title">
        <h2 id="tradition-title">${msg('Tradition')}</h2>
        <div class="traditions" role="group" aria-labelledby="tradition-title">
          ${PRESET_IDS.map(
            (id: PresetId) =>
              html`<button
                aria-pressed=${preset === id ? 'true' : 'false'}
                data-preset=${id}
                @click=${() => (this.rules = presets[id])}
              >
                <strong>${presetName(id)}</strong>
                <span class="summary">${presetSummary(id)}</span>
              </button>`,
          )}
        </div>
        ${preset ? null : html`<p class="adjusted">${msg('Adjusted rules: no preset matches exactly.')}</p>`}
      </section>
      <section aria-labelledby="settings-title">
        <h2 id="settings-title">${msg('Settings')}</h2>
        <mia-rule-settings
          .rules=${this.rules}
          @mia-rules=${(e: MiaRulesEvent) => (this.rules = e.detail)}
        ></mia-rule-settings>
      </section>
      <section aria-labelledby="cup-title">
        <h2 id="cup-title">${msg('Cup')}</h2>
        <mia-cup-choice></mia-cup-choice>
      </section>`;
  }

  override render() {
    const problems = inputProblems(this.input).map(setupProblemText);
    return html`<section class="language" aria-labelledby="language-title">
        <h2 id="language-title">${msg('Language')}</h2>
        <mia-language-picker></mia-language-picker>
      </section>
      <section aria-labelledby="players-title">
        <h2 id="players-title">${msg('Players, in turn order')}</h2>
        <ol>
          ${repeat(
            this.seats,
            (s) => s.id,
            (s, i) => this.seatRow(s, i),
          )}
        </ol>
        <p class="count" data-testid="player-limit">
          ${msg(str`This tradition seats ${MIN_PLAYERS} to ${this.rules.maxPlayers} players.`)}
        </p>
        <button ?disabled=${this.seats.length >= this.rules.maxPlayers} @click=${this.add}>
          + ${msg('Add player')}
        </button>
      </section>
      ${this.whole ? this.renderBelow() : nothing}

      <div class="start-row">
        <button
          class="big primary start"
          ?disabled=${problems.length > 0}
          aria-describedby="start-why"
          @click=${this.start}
        >
          ${msg('Start game')}
        </button>
        ${
          problems.length > 0
            ? html`<p class="problems" id="start-why" role="alert">${problems.join(' ')}</p>`
            : null
        }
      </div>
      ${
        this.asking
          ? html`<mia-tablet-question
              .names=${this.input.players}
              .sides=${this.seating}
              @mia-layout=${this.start}
              @mia-layout-cancel=${() => (this.asking = false)}
            ></mia-tablet-question>`
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-new-game': MiaNewGame;
  }
}
