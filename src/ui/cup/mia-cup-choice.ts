import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { localized, msg } from '@lit/localize';
import { baseStyles, pressedStyles } from '../styles';
import { cupContext, type CupBinding, type CupChoice } from './cup-context';

/**
 * Which cup the table uses: a Bluetooth sensor cup (connected from the table's cup panel) or
 * the simulated on-screen cup (the demo). Play by touch works with either, or with none.
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
    `,
  ];

  @consume({ context: cupContext, subscribe: true })
  @state()
  private binding: CupBinding | null = null;

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
      </p>`;
  }

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
