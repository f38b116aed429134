import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { MAX_LIVES, RULE_KEYS, type RuleSet } from '../rules';
import { fire } from './events';
import { baseStyles, pressedStyles } from './styles';
import { livesText } from './text/scores';
import { settingChoices, settingLabels, type Choice } from './text/settings';

/**
 * Every setting of a rule set as big segmented buttons (lives as a stepper).
 * @fires mia-rules - a setting changed: the whole new rule set
 */
@localized()
@customElement('mia-rule-settings')
export class MiaRuleSettings extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    css`
      :host {
        display: grid;
        gap: 10px;
      }
      .setting {
        display: grid;
        grid-template-columns: minmax(9em, 1fr) 3fr;
        gap: 10px;
        align-items: center;
      }
      .label {
        font-weight: 700;
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
      .choices button {
        flex: 1 1 auto;
        font-size: 1rem;
      }
      output {
        font-size: 1.6rem;
        font-weight: 800;
        min-width: 2.5em;
        text-align: center;
      }
      @media (max-width: 700px) {
        .setting {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  @property({ attribute: false }) rules: RuleSet | null = null;

  private change<K extends keyof RuleSet>(key: K, value: RuleSet[K]) {
    if (!this.rules) return;
    fire(this, 'mia-rules', { ...this.rules, [key]: value });
  }

  private choices(key: keyof RuleSet, options: Choice[], label: string) {
    const current = this.rules?.[key];
    return html`<div class="choices" role="group" aria-label=${label}>
      ${options.map(
        (o) =>
          html`<button
            aria-pressed=${o.value === current ? 'true' : 'false'}
            data-setting=${key}
            data-value=${String(o.value)}
            @click=${() => this.change(key, o.value as never)}
          >
            ${o.label}
          </button>`,
      )}
    </div>`;
  }

  private lives(label: string) {
    const lives = this.rules?.startingLives ?? 3;
    return html`<div class="choices" role="group" aria-label=${label}>
      <button
        aria-label=${msg('Fewer lives')}
        ?disabled=${lives <= 1}
        @click=${() => this.change('startingLives', lives - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label=${livesText(lives)}>${lives}</output>
      <button
        aria-label=${msg('More lives')}
        ?disabled=${lives >= MAX_LIVES}
        @click=${() => this.change('startingLives', lives + 1)}
      >
        +
      </button>
    </div>`;
  }

  override render() {
    if (!this.rules) return null;
    const labels = settingLabels();
    return RULE_KEYS.map((key) => {
      const label = labels[key];
      const control =
        key === 'startingLives' ? this.lives(label) : this.choices(key, settingChoices(key), label);
      return html`<div class="setting">
        <span class="label" aria-hidden="true">${label}</span>${control}
      </div>`;
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-rule-settings': MiaRuleSettings;
  }
}
