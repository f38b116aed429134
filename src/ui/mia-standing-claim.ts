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
