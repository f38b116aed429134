import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import type { ClaimRecord, GameWarning, Player, Round, RoundRecord } from '../game';
import { baseStyles } from './styles';
import { warningText } from './text/refusals';
import { verdictText } from './text/verdict';

/** Every round so far: claims, blind passes, the lift, the dice and the outcome; and warnings. */
@localized()
@customElement('mia-history')
export class MiaHistory extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        font-size: 1.1rem;
        line-height: 1.4;
        user-select: text;
      }
      ol.rounds {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 12px;
      }
      ol.rounds > li {
        background: var(--surface-2);
        border-radius: var(--radius);
        padding: 10px 14px;
      }
      h2 {
        margin-bottom: 10px;
      }
      h3 {
        font-size: 1.15rem;
      }
      .claims {
        margin: 4px 0;
      }
      .outcome {
        font-weight: 700;
        margin: 4px 0 0;
      }
      .empty {
        color: var(--muted);
      }
    `,
  ];

  @property({ attribute: false }) players: readonly Player[] = [];
  @property({ attribute: false }) history: readonly RoundRecord[] = [];
  @property({ attribute: false }) current: Round | null = null;
  @property({ attribute: false }) warnings: readonly GameWarning[] = [];

  private claimsText(claims: readonly ClaimRecord[]): string {
    if (claims.length === 0) return msg('No claims yet.');
    return claims
      .map((c) => {
        const name = this.players[c.seat]?.name ?? '';
        if (c.kind === 'blind') return msg(str`${name} passed ${c.score} blind`);
        if (c.kept) return msg(str`${name} looked, kept and said ${c.score}`);
        return msg(str`${name} rolled and said ${c.score}`);
      })
      .join('; ');
  }

  private roundItem(number: number, opener: number, claims: readonly ClaimRecord[], outcome = '') {
    const warnings = this.warnings.filter((w) => w.round === number);
    return html`<li>
      <h3>${msg(str`Round ${number}, opened by ${this.players[opener]?.name ?? ''}`)}</h3>
      <p class="claims">${this.claimsText(claims)}</p>
      ${outcome ? html`<p class="outcome">${outcome}</p>` : null}
      ${warnings.map((w) => html`<p>⚠ ${warningText(w)}</p>`)}
    </li>`;
  }

  override render() {
    const names = this.players.map((p) => p.name);
    const current = this.current;
    const showCurrent = current && current.claims.length > 0;
    const title = html`<h2>${msg('History')}</h2>`;
    if (this.history.length === 0 && !showCurrent) {
      return html`${title}
        <p class="empty">${msg('No rounds played yet.')}</p>`;
    }
    return html`${title}
      <ol class="rounds">
        ${this.history.map((r) =>
          this.roundItem(
            r.number,
            r.opener,
            r.claims,
            verdictText(r.settlement, names, r.number + 1),
          ),
        )}
        ${
          showCurrent
            ? this.roundItem(current.number, current.opener, current.claims, msg('(being played)'))
            : null
        }
      </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-history': MiaHistory;
  }
}
