import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import {
  TableViewActor,
  refusal,
  type GameEvent,
  type GameSnapshot,
  type HandedOver,
  type Phase,
} from '../game';
import { scoreOf, scoresHighFirst } from '../rules';
import { GameController } from './game-controller';
import { ShortcutsController } from './shortcuts';
import { baseStyles } from './styles';
import { actionsStyles } from './mia-actions.styles';
import { gameText } from './text/codes';
import { scoreText } from './text/scores';
import {
  TAPS_DROPPED,
  type MiaDiceEvent,
  type MiaPickEvent,
  type MiaTapsDroppedEvent,
} from './events';
import './mia-claim-picker';
import './mia-dice-entry';

/**
 * The action area: offers only what the machine says is legal now (`snapshot.can`) for the
 * player to act, and says why a refused step was refused. Takes the table's shortcuts
 * (`shortcuts.ts`): R roll, P look, B blind pass, L lift, A give up to a Mia, two digits for a
 * score or the dice, Escape to close the blind picker.
 */
@localized()
@customElement('mia-actions')
export class MiaActions extends LitElement {
  static override styles = [baseStyles, actionsStyles];

  private game = new GameController(this);
  /** The blind-pass picker is open (it closes on any step, undo included). */
  @state() private blindAt: number | null = null;
  @state() private refused = '';
  private digits = '';

  constructor() {
    super();
    const send = (event: GameEvent) => () => this.keyed(() => this.send(event));
    new ShortcutsController(this, {
      roll: send({ type: 'ROLL' }),
      peek: send({ type: 'PEEK' }),
      lift: send({ type: 'LIFT' }),
      'give-up': send({ type: 'ACCEPT_MIA' }),
      blind: () => this.keyed(() => this.toggleBlind()),
      cancel: () => this.keyed(() => (this.blindAt = null)),
      digit: (key) => this.digit(Number(key)),
    });
  }

  /** Undo depth seen at the last render: a stale refusal goes when the game moves. */
  private depth = -1;
  /** A table drawn from its stored view, tapped here; what became of those taps, to say. */
  private drawn: unknown = null;
  private late: { text: string; depth: number } | null = null;

  protected override willUpdate(): void {
    const actor = this.game.actor;
    const depth = actor?.getSnapshot().context.past.length ?? -1;
    if (this.late && !(actor instanceof TableViewActor) && depth === this.late.depth) {
      this.refused = this.late.text;
      this.late = null;
    } else if (depth !== this.depth) {
      this.refused = '';
      this.blindAt = null;
    }
    this.depth = depth;
  }

  private send(event: GameEvent): void {
    const snapshot = this.game.value;
    const actor = this.game.actor;
    if (!snapshot || !actor) return;
    const why = refusal(snapshot, event);
    this.refused = why ? gameText(why) : '';
    if (why) return;
    actor.send(event);
    const drawn: unknown = actor;
    if (drawn instanceof TableViewActor && drawn !== this.drawn) {
      this.drawn = drawn;
      void drawn.handedOver.then((result) => this.handedOver(result));
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener(TAPS_DROPPED, this.snapshotTapsDropped);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener(TAPS_DROPPED, this.snapshotTapsDropped);
  }

  /** Taps made on the page's snapshot of the table were dropped: the game had moved on. */
  private readonly snapshotTapsDropped = ({ detail }: MiaTapsDroppedEvent) => {
    const depth = this.game.actor?.getSnapshot().context.past.length ?? -1;
    this.handedOver({ applied: 0, refused: [], dropped: detail.taps, depth });
  };

  /** The game is up: say when a step tapped on the drawn table was refused or dropped. */
  private handedOver({ refused, dropped, depth }: HandedOver): void {
    if (!dropped && !refused.length) return;
    const stale = () =>
      msg('The game had moved on while the table opened: what you tapped then was not applied.');
    this.late = { text: dropped ? stale() : gameText(refused[0]), depth };
    this.requestUpdate();
  }

  private allowed(snapshot: GameSnapshot, type: 'CLAIM' | 'PASS_BLIND'): number[] {
    return scoresHighFirst(snapshot.context.rules).filter((score) => snapshot.can({ type, score }));
  }

  private get blindOpen(): boolean {
    return this.blindAt !== null && this.blindAt === this.game.value?.context.past.length;
  }

  private toggleBlind(): void {
    const depth = this.game.value?.context.past.length;
    this.blindAt = this.blindOpen || depth === undefined ? null : depth;
  }

  /** A shortcut other than a digit: any half-typed score is dropped. */
  private keyed(act: () => void): void {
    this.digits = '';
    if (this.game.value) act();
  }

  /** Two digits make a score, or the dice while the cup is lifted. */
  private digit(value: number): void {
    const snapshot = this.game.value;
    if (!snapshot) return;
    this.digits += String(value);
    if (this.digits.length < 2) return;
    const dice: [number, number] = [Number(this.digits[0]), Number(this.digits[1])];
    this.digits = '';
    const score = scoreOf(dice);
    if ((snapshot.value as Phase) === 'lifting') this.send({ type: 'DICE', dice });
    else if (this.blindOpen) this.send({ type: 'PASS_BLIND', score });
    else this.send({ type: 'CLAIM', score });
  }

  private button(event: GameEvent, label: string, kind = '') {
    const snapshot = this.game.value;
    if (!snapshot?.can(event)) return null;
    return html`<button
      class="big ${kind}"
      data-action=${event.type}
      @click=${() => this.send(event)}
    >
      ${label}
    </button>`;
  }

  private picker(snapshot: GameSnapshot, type: 'CLAIM' | 'PASS_BLIND', label: string) {
    return html`<mia-claim-picker
      .scores=${scoresHighFirst(snapshot.context.rules)}
      .allowed=${this.allowed(snapshot, type)}
      .standing=${snapshot.context.claim}
      label=${label}
      data-mode=${type}
      @mia-pick=${(e: MiaPickEvent) => this.send({ type, score: e.detail.score })}
    ></mia-claim-picker>`;
  }

  override render() {
    const snapshot = this.game.value;
    if (!snapshot) return null;
    const { context } = snapshot;
    const phase = snapshot.value as Phase;
    const name = (seat: number | null) => (seat === null ? '' : context.players[seat].name);
    const me = name(context.turn);
    const last = context.round.claims.at(-1);
    const claim = context.claim === null ? '' : scoreText(context.claim);
    const refused = this.refused
      ? html`<div class="refused" role="alert">${this.refused}</div>`
      : null;
    switch (phase) {
      case 'opening':
        return html`<p class="prompt">
            ${msg(str`${me} opens round ${context.round.number}: shake the cup.`)}
          </p>
          <div class="buttons">${this.button({ type: 'ROLL' }, msg('Roll'), 'primary')}</div>
          ${refused}`;
      case 'rolled':
        return html`<p class="prompt">${msg(str`${me}: look, then announce a score.`)}</p>
          ${this.picker(snapshot, 'CLAIM', msg('Announce a score'))} ${refused}`;
      case 'peeked':
        return html`<p class="prompt">
            ${msg(str`${me} looked: keep the dice and announce, or re-roll.`)}
          </p>
          <div class="buttons">${this.button({ type: 'ROLL' }, msg('Re-roll'))}</div>
          ${this.picker(snapshot, 'CLAIM', msg('Keep and announce'))} ${refused}`;
      case 'facing':
        return this.facing(snapshot, me, name(last?.seat ?? null), claim, refused);
      case 'lifting':
        return html`<p class="prompt">
            ${msg(str`${name(context.round.lifter)} lifts ${name(last?.seat ?? null)}'s ${claim}.`)}
            ${msg('What do the dice show?')}
          </p>
          <mia-dice-entry
            @mia-dice=${(e: MiaDiceEvent) => this.send({ type: 'DICE', dice: e.detail.dice })}
          ></mia-dice-entry>
          ${refused}`;
      default:
        return null;
    }
  }

  /** What the player facing the claim can do, in words: only the moves offered. */
  private facingPrompt(
    snapshot: GameSnapshot,
    me: string,
    claimer: string,
    claim: string,
    canBlind: boolean,
  ): string {
    if (snapshot.can({ type: 'ROLL' }) || snapshot.can({ type: 'PEEK' })) {
      return canBlind
        ? msg(str`${me}: believe ${claimer}'s ${claim}, pass blind, or lift?`)
        : msg(str`${me}: believe ${claimer}'s ${claim}, or lift?`);
    }
    // Nothing beats a Mia: lift it, give it up (where allowed) or hand it on blind.
    const giveUp = snapshot.can({ type: 'ACCEPT_MIA' });
    if (canBlind && giveUp) {
      return msg(str`${me}: lift ${claimer}'s ${claim}, pass it on blind, or give up 1 life?`);
    }
    if (canBlind) return msg(str`${me}: lift ${claimer}'s ${claim}, or pass it on blind?`);
    if (giveUp) return msg(str`${me}: lift ${claimer}'s ${claim}, or give up 1 life?`);
    return msg(str`${me}: nothing beats ${claimer}'s ${claim}: lift it.`);
  }

  private facing(
    snapshot: GameSnapshot,
    me: string,
    claimer: string,
    claim: string,
    refused: unknown,
  ) {
    const canBlind = this.allowed(snapshot, 'PASS_BLIND').length > 0;
    if (this.blindOpen && canBlind) {
      return html`<p class="prompt">${msg(str`${me} passes blind: which score?`)}</p>
        ${this.picker(snapshot, 'PASS_BLIND', msg('Pass blind with'))}
        <div class="buttons">
          <button class="big" @click=${() => (this.blindAt = null)}>${msg('Cancel')}</button>
        </div>
        ${refused}`;
    }
    // Where believers look, believing is one "Look" button: no roll without looking.
    const looks = snapshot.can({ type: 'PEEK' });
    return html`<p class="prompt">${this.facingPrompt(snapshot, me, claimer, claim, canBlind)}</p>
      <div class="buttons">
        ${looks ? null : this.button({ type: 'ROLL' }, msg('Believe: roll'), 'primary')}
        ${this.button({ type: 'PEEK' }, msg('Look'), 'primary')}
        ${
          canBlind
            ? html`<button class="big" data-action="PASS_BLIND" @click=${() => this.toggleBlind()}>
                ${msg('Pass blind')}
              </button>`
            : null
        }
        ${this.button({ type: 'LIFT' }, msg('Lift!'), 'danger')}
        ${this.button({ type: 'ACCEPT_MIA' }, msg('Give up 1 life'))}
      </div>
      ${refused}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-actions': MiaActions;
  }
}
