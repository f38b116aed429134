import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { GameController } from './game-controller';
import { PreferencesController } from './preferences-controller';
import type { GameSnapshot } from '../game';
import type { Settlement } from '../rules';
import { baseStyles } from './styles';
import { verdictText } from './text/verdict';
import { LayoutController } from './table/layout';
import { fadeBelow, reachableWhenScrolling } from './table/reachable';
import './table/mia-round-table';
import './mia-actions';
import './mia-odds';
import './mia-players';
import './mia-standing-claim';
import './mia-verdict';
import './mia-warnings';

/**
 * The table: players and lives, the standing claim, the odds (when the table shows them), the
 * last verdict, warnings of this round, and the action area for the player to act. In table
 * mode (`layout="table"`) a <mia-round-table> seats the panels around the screen and turns
 * the middle toward the player to act, and the verdict also toward the loser.
 * @slot cup - the cup panel (the Bluetooth or simulated cup's state)
 * @slot sim - the simulated cup's Shake and Lid (in table mode above the actions)
 */
@localized()
@customElement('mia-table')
export class MiaTable extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        gap: 12px;
        padding: 12px;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1.5fr);
        grid-template-areas:
          'players claim'
          'players actions';
        grid-template-rows: auto 1fr;
        align-items: start;
      }
      mia-players {
        grid-area: players;
        --player-min: 180px;
      }
      .centre {
        grid-area: claim;
        display: grid;
        gap: 10px;
      }
      .act {
        grid-area: actions;
        display: grid;
        gap: 10px;
      }
      :host([layout='table']) {
        display: block;
        padding: 0;
        flex: 1 1 0;
        min-height: 0;
      }
      mia-round-table {
        height: 100%;
      }
      /* Table mode's middle fills its turned frame: the actions keep their room, and what is
         above them (the claim, the verdict) scrolls when the frame is too short for both. Side
         by side where the frame is wide; the aside (the verdict, for the loser) is one column. */
      .middle {
        container-type: size;
        height: 100%;
      }
      .inner {
        display: grid;
        gap: 10px;
        padding: 8px 12px;
        height: 100%;
        grid-template-rows: minmax(0, max-content) auto;
        align-content: start;
        align-items: start;
      }
      .inner > .centre,
      .inner > .act {
        grid-area: auto;
      }
      .inner > .centre {
        min-height: 0;
        max-height: 100%;
        overflow: auto;
      }
      .inner > [data-more] {
        ${fadeBelow}
      }
      @container (min-width: 680px) {
        .middle:not([slot]) .inner {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr);
          grid-template-rows: minmax(0, 1fr);
        }
        .inner > .act {
          max-height: 100%;
          overflow: auto;
        }
      }
      @media (orientation: portrait), (max-width: 760px) {
        :host(:not([layout='table'])) {
          grid-template-columns: minmax(0, 1fr);
          grid-template-areas: 'players' 'claim' 'actions';
          grid-template-rows: auto;
        }
        mia-players {
          --player-min: 160px;
        }
      }
    `,
  ];

  private game = new GameController(this);
  private prefs = new PreferencesController(this);
  private layout = new LayoutController(this);
  /** Table mode's columns, checked when their box changes (a new frame size, a turn). */
  private readonly columns = new ResizeObserver((entries) => {
    for (const { target } of entries) reachableWhenScrolling(target);
  });

  override disconnectedCallback(): void {
    this.columns.disconnect();
    super.disconnectedCallback();
  }

  /** A column of table mode that scrolls can be reached by keyboard, after each step too. */
  protected override updated(): void {
    const columns = this.renderRoot.querySelectorAll('.inner > .centre, .inner > .act');
    for (const column of columns) this.columns.observe(column);
    requestAnimationFrame(() => columns.forEach(reachableWhenScrolling));
  }

  override render() {
    const snapshot = this.game.value;
    if (!snapshot) return null;
    const { context } = snapshot;
    const table = this.layout.table;
    this.setAttribute('layout', this.layout.value);
    const outcome = context.round.claims.length === 0 ? context.lastOutcome : null;
    const live = html`<div class="visually-hidden" aria-live="polite" aria-atomic="true">
      ${context.lastOutcome ? verdictText(context.lastOutcome, this.names, context.round.number) : ''}
    </div>`;
    if (!table) {
      return html`<mia-players
          .players=${context.players}
          .turn=${context.turn}
          .startingLives=${context.rules.startingLives}
        ></mia-players>
        ${this.middle(snapshot, outcome)} ${live}`;
    }
    const sides = this.layout.seating(context.players.length);
    const loser = outcome?.verdict.loser;
    const aside =
      loser !== undefined && context.turn !== null && sides[loser] !== sides[context.turn]
        ? sides[loser]
        : null;
    return html`<mia-round-table
        .players=${context.players}
        .sides=${sides}
        .turn=${context.turn}
        .startingLives=${context.rules.startingLives}
        .aside=${aside}
      >
        <div class="middle"><div class="inner">${this.middle(snapshot, outcome)}</div></div>
        ${
          aside && outcome
            ? html`<div slot="aside" class="middle">
                <div class="inner">${this.verdict(outcome, context.round.number)}</div>
              </div>`
            : null
        }
      </mia-round-table>
      ${live}`;
  }

  private get names(): string[] {
    return this.game.value?.context.players.map((p) => p.name) ?? [];
  }

  private verdict(outcome: Settlement, nextRound: number, undoable = false) {
    return html`<mia-verdict
      .outcome=${outcome}
      .names=${this.names}
      .nextRound=${nextRound}
      ?undoable=${undoable}
    ></mia-verdict>`;
  }

  /** The standing claim and the verdict, odds, warnings (and the cup), then the actions. */
  private middle(snapshot: GameSnapshot, outcome: Settlement | null) {
    const { context } = snapshot;
    const names = this.names;
    const warnings = context.warnings.filter((w) => w.round === context.round.number);
    const standing = html`<mia-standing-claim
      .players=${context.players}
      .round=${context.round}
      .claim=${context.claim}
    ></mia-standing-claim>`;
    const verdict = outcome
      ? this.verdict(outcome, context.round.number, snapshot.value === 'opening')
      : null;
    // In table mode's tighter frame the verdict (and its Undo) comes first: the new round has
    // no claim yet to show. The cup's status goes under the claim there, and the simulated
    // cup's Shake and Lid above the actions, in view for the player to act.
    const table = this.layout.table;
    const [first, second] = table ? [verdict, standing] : [standing, verdict];
    const cup = html`<slot name="cup"></slot>`;
    const sim = html`<slot name="sim"></slot>`;
    const scrolled = (e: Event) => reachableWhenScrolling(e.currentTarget as Element);
    return html`<div class="centre" @scroll=${scrolled}>
        ${first} ${second}
        ${
          this.prefs.value.odds
            ? html`<mia-odds
                .rules=${context.rules}
                .claim=${context.claim}
                .outcome=${outcome}
                .names=${names}
              ></mia-odds>`
            : null
        }
        <mia-warnings .warnings=${warnings} .players=${context.players}></mia-warnings>
        ${table ? cup : null}
      </div>
      <section class="act" aria-label=${msg('Actions')} @scroll=${scrolled}>
        ${table ? sim : null}
        <mia-actions></mia-actions>
        ${table ? null : html`${cup} ${sim}`}
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-table': MiaTable;
  }
}
