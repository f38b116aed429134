import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_CONFIG, configProblem, type Config } from '../../../firmware-protocol/codec';
import type { CupConnection } from '../../cup';
import { baseStyles, pressedStyles } from '../styles';

type Level = 'gentle' | 'normal' | 'firm';

/** Shake thresholds (milli-g) and minimum durations (ms) behind the three sensitivity steps. */
const LEVELS: Record<Level, Pick<Config, 'shakeThresholdMg' | 'shakeMinMs'>> = {
  gentle: { shakeThresholdMg: 700, shakeMinMs: 150 },
  normal: { shakeThresholdMg: 1200, shakeMinMs: 250 },
  firm: { shakeThresholdMg: 2000, shakeMinMs: 400 },
};

/** Lid debounce steps, ms: how long the lid must read open before it counts. */
const DEBOUNCE = [20, 50, 150] as const;

/**
 * The cup's sensitivity: how hard a shake must be, and how long the lid must be up before it
 * counts. Saved to the cup's Config (write_config); shows what the cup has in effect.
 */
@localized()
@customElement('mia-cup-settings')
export class MiaCupSettings extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    css`
      :host {
        display: block;
      }
      fieldset {
        border: 2px solid var(--line);
        border-radius: var(--radius);
        margin: 0 0 10px;
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
      p {
        margin: 6px 0 0;
      }
    `,
  ];

  @property({ attribute: false }) connection?: CupConnection;

  @state() private level: Level = 'normal';
  @state() private debounce: number = DEFAULT_CONFIG.lidDebounceMs;
  @state() private saved: 'idle' | 'saving' | 'saved' | 'failed' = 'idle';

  override connectedCallback(): void {
    super.connectedCallback();
    const config = this.connection?.snapshot.config;
    if (config) {
      const level = (Object.keys(LEVELS) as Level[]).find(
        (l) => LEVELS[l].shakeThresholdMg === config.shakeThresholdMg,
      );
      if (level) this.level = level;
      this.debounce = config.lidDebounceMs;
    }
  }

  override render() {
    const levels: [Level, string][] = [
      ['gentle', msg('Gentle')],
      ['normal', msg('Normal')],
      ['firm', msg('Firm')],
    ];
    return html`<fieldset>
        <legend>${msg('Shake needed')}</legend>
        ${levels.map(
          ([level, label]) =>
            html`<button
              data-level=${level}
              aria-pressed=${this.level === level ? 'true' : 'false'}
              @click=${() => (this.level = level)}
            >
              ${label}
            </button>`,
        )}
      </fieldset>
      <fieldset>
        <legend>${msg('Lid must be up for')}</legend>
        ${DEBOUNCE.map(
          (ms) =>
            html`<button
              data-debounce=${ms}
              aria-pressed=${this.debounce === ms ? 'true' : 'false'}
              @click=${() => (this.debounce = ms)}
            >
              ${msg(str`${ms} ms`)}
            </button>`,
        )}
      </fieldset>
      <button class="primary" ?disabled=${this.saved === 'saving'} @click=${this.save}>
        ${msg('Save to cup')}
      </button>
      ${
        this.saved === 'saved'
          ? html`<p role="status">${msg('Saved: the cup uses these settings now.')}</p>`
          : this.saved === 'failed'
            ? html`<p role="alert">${msg('The cup did not take the settings.')}</p>`
            : nothing
      }`;
  }

  private readonly save = async () => {
    const connection = this.connection;
    if (!connection) return;
    const base = connection.snapshot.config ?? DEFAULT_CONFIG;
    const config: Config = { ...base, ...LEVELS[this.level], lidDebounceMs: this.debounce };
    if (configProblem(config)) return;
    this.saved = 'saving';
    try {
      await connection.writeConfig(config);
      this.saved = 'saved';
    } catch {
      this.saved = 'failed';
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-cup-settings': MiaCupSettings;
  }
}
