import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { LOCALES, LOCALE_NAMES, getLocale, isAppLocale } from './localize';
import { PreferencesController } from './preferences-controller';
import { baseStyles } from './styles';

/**
 * The language the table speaks: each language in its own words. Picking one changes the
 * preference, which <mia-app> applies at once (no reload); it is remembered on this device.
 * Until a language is picked, the browser's is used.
 * @csspart select - the drop-down
 */
@localized()
@customElement('mia-language-picker')
export class MiaLanguagePicker extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: inline-flex;
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: 12px;
        font-weight: 700;
      }
      select {
        font: inherit;
        font-weight: 700;
        min-height: 56px;
        padding: 0 10px;
        border-radius: var(--radius);
        border: 2px solid var(--line);
        background: var(--surface-2);
        color: var(--text);
      }
    `,
  ];

  /** Show the word "Language" beside the drop-down (else it is only its accessible name). */
  @property({ type: Boolean }) labelled = false;

  private prefs = new PreferencesController(this);

  private change(e: Event) {
    const value = (e.target as HTMLSelectElement).value;
    if (isAppLocale(value)) this.prefs.update({ locale: value });
  }

  override render() {
    const current = getLocale();
    return html`<label>
      ${this.labelled ? html`<span aria-hidden="true">${msg('Language')}</span>` : null}
      <select part="select" aria-label=${msg('Language')} @change=${this.change}>
        ${LOCALES.map(
          (locale) =>
            html`<option value=${locale} lang=${locale} ?selected=${locale === current}>
              ${LOCALE_NAMES[locale]}
            </option>`,
        )}
      </select>
    </label>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-language-picker': MiaLanguagePicker;
  }
}
