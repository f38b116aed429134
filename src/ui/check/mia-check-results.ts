import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import { GROUPS, type CheckResult, type GroupId } from '../../cup/check';
import { baseStyles } from '../styles';
import { failureLines } from './report-text';
import { checkText, groupText, skipText, verdictText } from './text';

/**
 * The conformance check's results: first what failed (each a link to its entry), then every
 * result grouped by PROTOCOL.md section; a failure shows what was sent, what came back, what
 * the section requires and what the cup did instead.
 */
@localized()
@customElement('mia-check-results')
export class MiaCheckResults extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      li[data-verdict='fail'],
      .failed a {
        color: var(--danger, #ff6b6b);
      }
      li[data-verdict='skip'] {
        opacity: 0.7;
      }
      .failed {
        border: 2px solid var(--danger, #ff6b6b);
        border-radius: 0.5rem;
        padding: 0.5rem 1rem;
      }
      pre {
        white-space: pre-wrap;
        word-break: break-word;
        font-size: 0.85rem;
      }
    `,
  ];

  @property({ attribute: false }) results: readonly CheckResult[] = [];

  override render() {
    const failed = this.results.filter((r) => r.verdict === 'fail');
    return html`${
      failed.length > 0
        ? html`<section class="failed" data-testid="check-failed" aria-labelledby="failed-title">
            <h3 id="failed-title">${msg('What failed')}</h3>
            <ul>
              ${failed.map(
                (r) =>
                  html`<li>
                    <a href=${`#check-${r.id}`} @click=${(e: Event) => this.reveal(e, r.id)}
                      >${checkText(r.id)}</a
                    >
                  </li>`,
              )}
            </ul>
          </section>`
        : nothing
    }
    ${GROUPS.map((group) => this.renderGroup(group.id, group.section))}`;
  }

  private renderGroup(id: GroupId, section: string) {
    const results = this.results.filter((r) => r.group === id);
    if (results.length === 0) return nothing;
    return html`<section data-group=${id}>
      <h3>§ ${section} · ${groupText(id)}</h3>
      <ul>
        ${results.map(
          (r) =>
            html`<li id=${`check-${r.id}`} data-check=${r.id} data-verdict=${r.verdict}>
              <strong>${verdictText(r.verdict)}</strong> ${checkText(r.id)}
              ${r.skip ? html`<br /><small>${skipText(r.skip)}</small>` : nothing}
              ${r.verdict === 'fail' ? html`<pre>${failureLines(r).join('\n')}</pre>` : nothing}
            </li>`,
        )}
      </ul>
    </section>`;
  }

  /** The links point into this shadow root, where the page's own anchors cannot reach. */
  private reveal(event: Event, id: string): void {
    event.preventDefault();
    const entry = this.renderRoot.querySelector<HTMLElement>(`#check-${CSS.escape(id)}`);
    entry?.scrollIntoView({ block: 'start' });
    entry?.focus({ preventScroll: true });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-check-results': MiaCheckResults;
  }
}
