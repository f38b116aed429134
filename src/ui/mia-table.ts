import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { GameController } from './game-controller';
import { PreferencesController } from './preferences-controller';
import { baseStyles } from './styles';
import { verdictText } from './text/verdict';
import './mia-actions';
import './mia-odds';
import './mia-players';
import './mia-standing-claim';
import './mia-verdict';
import './mia-warnings';

/**
 * The table: players and lives, the standing claim, the odds (when the table shows them), the
 * last verdict, warnings of this round, and the action area for the player to act.
 * @slot cup - a cup panel (the Bluetooth or simulated cup, from its own issue)
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
      @media (orientation: portrait), (max-width: 760px) {
        :host {
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

  override render() {
    const snapshot = this.game.value;
    if (!snapshot) return null;
    const { context } = snapshot;
    const names = context.players.map((p) => p.name);
    const outcome = context.round.claims.length === 0 ? context.lastOutcome : null;
    const warnings = context.warnings.filter((w) => w.round === context.round.number);
    return html`<mia-players
        .players=${context.players}
        .turn=${context.turn}
        .startingLives=${context.rules.startingLives}
      ></mia-players>
      <div class="centre">
        <mia-standing-claim
          .players=${context.players}
          .round=${context.round}
          .claim=${context.claim}
        ></mia-standing-claim>
        ${
          outcome
            ? html`<mia-verdict
                .outcome=${outcome}
                .names=${names}
                .nextRound=${context.round.number}
                ?undoable=${snapshot.value === 'opening'}
              ></mia-verdict>`
            : null
        }
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
      </div>
      <section class="act" aria-label=${msg('Actions')}>
        <mia-actions></mia-actions>
        <slot name="cup"></slot>
      </section>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">
        ${context.lastOutcome ? verdictText(context.lastOutcome, names, context.round.number) : ''}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-table': MiaTable;
  }
}
