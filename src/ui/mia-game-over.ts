import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { placements, type GameContext } from '../game';
import type { Side } from '../rules';
import { fire } from './events';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { LayoutController } from './table/layout';
import { namesText } from './text/formatters';
import { roundsText } from './text/scores';
import { verdictText } from './text/verdict';
import './mia-scoreboard';
import './mia-stats';
import './mia-verdict';
import './table/mia-round-table';

/**
 * The end of a game: the winner (or the first player out, who loses), rematch or a new game,
 * the final verdict, the story of the game per player in finishing order, the chart of lives
 * over rounds, and the session scoreboard of these players. In table mode the players sit
 * round it, each panel with its place: the middle faces the winner (a tap on another side's
 * panels turns it there), and the loser's line faces the loser from a band on their side.
 * @fires mia-command - `rematch` or `new-game`
 */
@localized()
@customElement('mia-game-over')
export class MiaGameOver extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 16px;
        padding: 16px;
        max-width: 1000px;
        margin: 0 auto;
      }
      :host([layout='table']) {
        display: block;
        padding: 0;
        max-width: none;
        width: 100%;
        flex: 1 1 0;
        min-height: 0;
      }
      mia-round-table {
        height: 100%;
        --aside-band: clamp(140px, 34%, 240px);
      }
      .inner {
        container-type: inline-size;
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 12px;
        padding: 8px 12px;
      }
      .banner {
        text-align: center;
        background: var(--surface);
        border: 4px solid var(--accent);
        border-radius: var(--radius);
        padding: 18px;
      }
      .banner h2 {
        font-size: clamp(2.4rem, 7vmin, 4rem);
        font-weight: 900;
        overflow-wrap: anywhere;
      }
      .inner .banner {
        padding: 10px;
      }
      /* Big, but short enough that the buttons below it stay in view in a middle turned
         across a portrait tablet (at most 6% of the screen's short side). */
      .inner .banner h2 {
        font-size: clamp(1.4rem, min(8cqi, 6vmin), 3rem);
      }
      .banner p {
        font-size: 1.3rem;
        margin: 6px 0 0;
      }
      .loser {
        font-size: clamp(1.3rem, 4vmin, 1.8rem);
        font-weight: 800;
        margin: 0;
        overflow-wrap: anywhere;
      }
      .buttons {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 12px;
      }
      /* A narrow turned middle stacks the buttons rather than break a word ("Rema / tch"). */
      .inner .buttons {
        grid-template-columns: repeat(auto-fit, minmax(9em, 1fr));
      }
      .buttons button {
        overflow-wrap: normal;
      }
    `,
  ];

  private game = new GameController(this);
  private layout = new LayoutController(this);
  /** Table mode: the side the middle was turned to by a tap; null: the winner's. */
  @state() private facing: Side | null = null;

  protected override firstUpdated(): void {
    window.scrollTo({ top: 0 });
  }

  override render() {
    const context = this.game.value?.context;
    if (!context?.result) return null;
    const table = this.layout.table;
    this.setAttribute('layout', this.layout.value);
    const { lastOutcome, round } = context;
    const names = context.players.map((p) => p.name);
    const verdict = lastOutcome
      ? html`<mia-verdict
          .outcome=${lastOutcome}
          .names=${names}
          .nextRound=${round.number}
        ></mia-verdict>`
      : null;
    const live = html`<div class="visually-hidden" aria-live="polite">
      ${lastOutcome ? verdictText(lastOutcome, names, round.number) : ''}
    </div>`;
    if (table) return html`${this.table(context, verdict)} ${live}`;
    return html`${this.banner(this.headline(context), context)} ${this.buttons()} ${verdict}
      <mia-stats></mia-stats>
      <mia-scoreboard></mia-scoreboard>
      ${live}`;
  }

  /** The headline on one side: the winner, or where the first player out loses, that player. */
  private headline(context: GameContext): string {
    const { result, players } = context;
    return result?.kind === 'first-out'
      ? msg(str`${players[result.loser].name} is out first and loses!`)
      : this.winnerLine(context);
  }

  /** The winner in words (first place, shared where it is). */
  private winnerLine(context: GameContext): string {
    const places = placements(context);
    const first = context.players.filter((_, seat) => places[seat] === 1).map((p) => p.name);
    return first.length === 1
      ? msg(str`${first[0]} wins!`)
      : msg(str`${namesText(first)} share first place!`);
  }

  private banner(title: string, context: GameContext) {
    return html`<section class="banner" aria-labelledby="title">
      <h2 id="title" data-testid="result">${title}</h2>
      <p>${msg(str`Game over after ${roundsText(context.history.length)}.`)}</p>
    </section>`;
  }

  private buttons() {
    return html`<div class="buttons">
      <button class="big primary" @click=${() => fire(this, 'mia-command', { command: 'rematch' })}>
        ${msg('Rematch')}
      </button>
      <button class="big" @click=${() => fire(this, 'mia-command', { command: 'new-game' })}>
        ${msg('New game')}
      </button>
    </div>`;
  }

  /**
   * Table mode: the winner's middle (banner, buttons, the story) and the loser's band (their
   * line and the last verdict); both in the middle where they sit on the same side.
   */
  private table(context: GameContext, verdict: unknown) {
    const { result } = context;
    if (!result) return null;
    const sides = this.layout.seating(context.players.length);
    const places = placements(context);
    const winner = places.indexOf(1);
    const loser =
      result.kind === 'first-out' ? result.loser : (context.lastOutcome?.verdict.loser ?? null);
    const faces = this.facing ?? sides[winner];
    const aside = loser !== null && sides[loser] !== faces ? sides[loser] : null;
    const loserLine =
      result.kind === 'first-out'
        ? html`<p class="loser" data-testid="loser">
            ${msg(str`${context.players[result.loser].name} is out first and loses!`)}
          </p>`
        : null;
    const loserPart = html`${loserLine} ${verdict}`;
    return html`<mia-round-table
      .players=${context.players}
      .sides=${sides}
      .turn=${null}
      .startingLives=${context.rules.startingLives}
      .places=${places}
      .faces=${faces}
      .aside=${aside}
      turnable
      @mia-side=${(e: CustomEvent<{ side: Side }>) => (this.facing = e.detail.side)}
    >
      <div class="inner" data-testid="over-middle">
        ${this.banner(this.winnerLine(context), context)} ${this.buttons()}
        ${aside ? null : loserPart}
        <mia-stats></mia-stats>
        <mia-scoreboard></mia-scoreboard>
      </div>
      ${aside ? html`<div slot="aside" class="inner" data-testid="over-aside">${loserPart}</div>` : null}
    </mia-round-table>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-game-over': MiaGameOver;
  }
}
