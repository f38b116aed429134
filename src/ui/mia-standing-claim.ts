import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import type { ClaimRecord, Player, Round } from '../game';
import { MIA } from '../rules';
import { baseStyles } from './styles';
import { scoreText } from './text/scores';

/**
 * The standing claim in very large type, who made it and how (rolled or passed blind), and the
 * claims so far this round.
 */
@localized()
@customElement('mia-standing-claim')
export class MiaStandingClaim extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        gap: 8px;
        text-align: center;
        background: var(--surface);
        border-radius: var(--radius);
        padding: 12px 16px;
      }
      .round {
        color: var(--muted);
        font-weight: 700;
        font-size: 1rem;
        text-transform: uppercase;
        letter-spacing: 0.06em;
      }
      .claim {
        font-size: clamp(4.5rem, 14vmin, 10rem);
        font-weight: 900;
        line-height: 0.95;
        font-variant-numeric: tabular-nums;
        letter-spacing: 0.02em;
      }
      .claim.mia {
        color: var(--mia);
      }
      .claim.none {
        font-size: clamp(1.6rem, 4.5vmin, 2.4rem);
        color: var(--muted);
        padding: 0.15em 0;
      }
      .by {
        font-size: 1.4rem;
        font-weight: 700;
        overflow-wrap: anywhere;
      }
      .kind {
        display: inline-block;
        padding: 2px 10px;
        border-radius: 999px;
        background: var(--surface-2);
        border: 2px solid var(--line);
        font-size: 1rem;
        margin-left: 6px;
        vertical-align: middle;
      }
      .kind.blind {
        border-color: var(--accent);
      }
      ol {
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        gap: 6px;
        margin: 4px 0 0;
        padding: 0;
        font-size: 1rem;
      }
      li {
        overflow-wrap: anywhere;
        min-width: 0;
        background: var(--surface-2);
        border-radius: 999px;
        padding: 4px 12px;
      }
      /*
       * In table mode's short single-column frames (the middle of a tablet between the players'
       * panels, or turned toward a long side), the number stands beside the round and who made
       * it, not above them: the card takes about two thirds of its height, and leaves the odds
       * and the actions their room. (Where the frame is wide, the claim has a column of its
       * own, too narrow for the two side by side.)
       */
      @container (max-width: 679px) and (max-height: 720px) {
        :host([claimed]) {
          grid-template-columns: auto minmax(0, 1fr);
          align-items: center;
          column-gap: 20px;
          row-gap: 4px;
          text-align: start;
        }
        :host([claimed]) .claim {
          grid-row: 1 / span 2;
          grid-column: 1;
        }
        :host([claimed]) .round,
        :host([claimed]) .by {
          grid-column: 2;
        }
        :host([claimed]) .round {
          grid-row: 1;
          align-self: end;
        }
        :host([claimed]) .by {
          grid-row: 2;
          align-self: start;
        }
        :host([claimed]) ol {
          grid-row: 3;
          grid-column: 1 / -1;
        }
      }
    `,
  ];

  @property({ attribute: false }) players: readonly Player[] = [];
  @property({ attribute: false }) round: Round | null = null;
  @property({ type: Number }) claim: number | null = null;

  private kindText(claim: ClaimRecord): string {
    if (claim.kind === 'blind') return msg('passed blind');
    return claim.kept ? msg('looked and kept') : msg('rolled');
  }

  override render() {
    const round = this.round;
    if (!round) return null;
    const claims = round.claims;
    const last = claims.at(-1);
    const name = (seat: number) => this.players[seat]?.name ?? '';
    // Screen readers hear the standing claim as it changes (a live region, always present).
    this.toggleAttribute('claimed', this.claim !== null && !!last);
    const said =
      this.claim === null || !last
        ? ''
        : msg(
            str`Standing claim ${scoreText(this.claim)}, by ${name(last.seat)}, ${this.kindText(last)}.`,
          );
    return html`<div
        class="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="claim-announced"
      >
        ${said}
      </div>
      <div class="round">${msg(str`Round ${round.number}`)}</div>
      ${
        this.claim === null || !last
          ? html`<div class="claim none" data-testid="standing">${msg('No claim yet')}</div>`
          : html`<div class="claim ${this.claim === MIA ? 'mia' : ''}" data-testid="standing">
                ${this.claim}
              </div>
              <div class="by">
                ${msg(str`by ${name(last.seat)}`)}
                <span class="kind ${last.kind}">${this.kindText(last)}</span>
              </div>`
      }
      ${
        claims.length > 1
          ? html`<ol aria-label=${msg('Claims this round')}>
              ${claims.map(
                (c) =>
                  html`<li>
                    ${name(c.seat)} <strong>${c.score}</strong>
                    ${c.kind === 'blind' ? html`<em>${msg('blind')}</em>` : null}
                  </li>`,
              )}
            </ol>`
          : null
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-standing-claim': MiaStandingClaim;
  }
}
