import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { localized, msg } from '@lit/localize';
import { loadCupPanels } from '../lazy';
import { baseStyles, pressedStyles } from '../styles';
import { cupContext, type CupBinding, type CupChoice } from './cup-context';

/**
 * Which cup the table uses: a Bluetooth sensor cup (connected from the table's cup panel) or
 * the simulated on-screen cup (the demo). Play by touch works with either, or with none.
 * Below it, "For cup makers" opens the cup panel for the chosen cup before any game, with its
 * tools: check the cup, record a trace, update its firmware, print its label (and the
 * on-screen cup, when it is the simulated one). Their code loads when it is first opened.
 * @fires mia-cup-choice - the players chose a cup: `{ cup: 'bluetooth' | 'simulated' }`
 */
@localized()
@customElement('mia-cup-choice')
export class MiaCupChoice extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    css`
      :host {
        display: block;
      }
      div {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
      p {
        margin: 8px 0 0;
        color: var(--muted);
      }
      details {
        margin-top: 12px;
      }
      summary {
        min-height: 48px;
        display: flex;
        align-items: center;
        gap: 8px;
        font-weight: 700;
        cursor: pointer;
        list-style: none;
      }
      summary::-webkit-details-marker {
        display: none;
      }
      summary::before {
        content: '▸';
      }
      details[open] > summary::before {
        content: '▾';
      }
      .maker {
        display: grid;
        gap: 10px;
      }
    `,
  ];

  @consume({ context: cupContext, subscribe: true })
  @state()
  private binding: CupBinding | null = null;

  /** "For cup makers" was opened (its elements are loaded then). */
  @state() private makerOpen = false;

  override render() {
    const current: CupChoice = this.binding?.sim ? 'simulated' : 'bluetooth';
    const options: [CupChoice, string][] = [
      ['bluetooth', msg('Bluetooth cup')],
      ['simulated', msg('Simulated cup')],
    ];
    return html`<div role="group" aria-label=${msg('Cup')}>
        ${options.map(
          ([choice, label]) =>
            html`<button
              data-cup=${choice}
              aria-pressed=${current === choice ? 'true' : 'false'}
              @click=${() => this.choose(choice)}
            >
              ${label}
            </button>`,
        )}
      </div>
      <p>
        ${msg(
          'Every move also has a button: the game goes on by touch whenever the cup is not there.',
        )}
      </p>
      <details @toggle=${this.toggleMaker}>
        <summary>${msg('For cup makers')}</summary>
        ${
          this.makerOpen
            ? html`<div class="maker">
                <p>
                  ${msg(
                    'Connect the cup here to check it against the protocol, record what it senses, update its firmware or print its label, before any game.',
                  )}
                </p>
                <mia-cup-panel maker></mia-cup-panel>
                ${this.binding?.sim ? html`<mia-sim-cup></mia-sim-cup>` : nothing}
              </div>`
            : nothing
        }
      </details>`;
  }

  private readonly toggleMaker = (event: Event) => {
    if (!(event.target as HTMLDetailsElement).open || this.makerOpen) return;
    this.makerOpen = true;
    void loadCupPanels();
  };

  private choose(cup: CupChoice): void {
    const current: CupChoice = this.binding?.sim ? 'simulated' : 'bluetooth';
    if (cup === current) return;
    this.dispatchEvent(
      new CustomEvent('mia-cup-choice', { detail: { cup }, bubbles: true, composed: true }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-cup-choice': MiaCupChoice;
  }
}
