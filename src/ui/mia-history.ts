import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import type { ClaimRecord } from '../game';
import { fire } from './events';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { warningText } from './text/codes';
import { verdictText } from './text/verdict';

/**
 * The game in context, round by round: claims, blind passes, the lift, the dice and the
 * outcome, and the cup's warnings; and the export of the whole game as a file.
 * @fires mia-command - `export`
 */
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
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 16px;
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

  private game = new GameController(this);

  private get players() {
    return this.game.value?.context.players ?? [];
  }

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
    const warnings = this.game.value?.context.warnings.filter((w) => w.round === number) ?? [];
    return html`<li>
      <h3>${msg(str`Round ${number}, opened by ${this.players[opener]?.name ?? ''}`)}</h3>
      <p class="claims">${this.claimsText(claims)}</p>
      ${outcome ? html`<p class="outcome">${outcome}</p>` : null}
      ${warnings.map((w) => html`<p>⚠ ${warningText(w)}</p>`)}
    </li>`;
  }

  override render() {
    const context = this.game.value?.context;
    if (!context) return null;
    const { history, round: current } = context;
    const names = context.players.map((p) => p.name);
    const showCurrent = current.claims.length > 0;
    const title = html`<div class="head">
      <h2>${msg('History')}</h2>
      <button @click=${() => fire(this, 'mia-command', { command: 'export' })}>
        ${msg('Export game log')}
      </button>
    </div>`;
    if (history.length === 0 && !showCurrent) {
      return html`${title}
        <p class="empty">${msg('No rounds played yet.')}</p>`;
    }
    return html`${title}
      <ol class="rounds">
        ${history.map((r) =>
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
