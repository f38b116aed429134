import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { baseStyles } from '../styles';
import type { CupLabel } from './label';
import { labelSheetStyles } from './mia-label-sheet.styles';

/** The device id in groups of four, to read off a label: "a1b2 c3d4 e5f6 3f2a". */
const groupedId = (deviceId: string) => deviceId.match(/.{1,4}/g)?.join(' ') ?? deviceId;

/** Labels on a sheet: two columns of four, 85 x 50 mm each, on A4 as on US Letter. */
const LABELS = 8;

/**
 * While a sheet is open the page prints the sheet alone: everything else in the body is left
 * out, on white paper with margins of 12 mm. A constructed sheet on the document (the app's
 * Content-Security-Policy allows no inline style), adopted while a sheet is open.
 */
const printOnlySheet = new CSSStyleSheet();
printOnlySheet.replaceSync(`
  @media print {
    body > :not(mia-label-sheet) { display: none !important; }
    html, body { background: #fff !important; height: auto !important; }
    body { padding: 0 !important; }
  }
  @page { margin: 12mm; }
`);

/**
 * A label sheet for a cup this tablet owns: eight labels, each "Mia Cup 3F2A" in large type
 * with the cup's device id below, to cut out and stick on the cup and its box. Shown over the
 * page as the sheet will print (`window.print()`, the page's print styles leave everything else
 * out); the rest of the page is inert meanwhile. Close, or Escape, goes back to the button that
 * opened it.
 */
@localized()
@customElement('mia-label-sheet')
export class MiaLabelSheet extends LitElement {
  static override styles = [baseStyles, labelSheetStyles];

  @property({ attribute: false }) label?: CupLabel;
  /** Where the focus goes back to when the sheet closes. */
  opener: HTMLElement | null = null;

  private madeInert: HTMLElement[] = [];

  override connectedCallback(): void {
    super.connectedCallback();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, printOnlySheet];
    for (const element of document.body.children) {
      if (element !== this && element instanceof HTMLElement && !element.inert) {
        element.inert = true;
        this.madeInert.push(element);
      }
    }
    document.addEventListener('keydown', this.onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== printOnlySheet);
    for (const element of this.madeInert) element.inert = false;
    this.madeInert = [];
    document.removeEventListener('keydown', this.onKey);
  }

  protected override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button.primary')?.focus();
  }

  override render() {
    const label = this.label;
    if (!label) return html``;
    const name = `${msg('Mia Cup')} ${label.code}`;
    return html`<div class="screen" role="dialog" aria-modal="true" aria-labelledby="title">
      <div class="bar">
        <h2 id="title">${msg(str`Label sheet for ${name}`)}</h2>
        <p>
          ${msg(
            'Eight labels for this cup. Print them on plain paper or a sheet of labels, cut along the dashed lines and stick one on the cup: the short code is the one the app shows when it connects.',
          )}
        </p>
        <div class="buttons">
          <button class="primary" @click=${() => window.print()}>${msg('Print')}</button>
          <button @click=${this.close}>${msg('Close')}</button>
        </div>
      </div>
      <div class="paper" data-testid="label-sheet">
        ${Array.from(
          { length: LABELS },
          () =>
            html`<div class="label" data-testid="label">
              <p class="name">
                <span class="brand">${msg('Mia Cup')}</span>
                <span class="code">${label.code}</span>
              </p>
              <p class="id">
                ${msg('Device id')} <span class="hex">${groupedId(label.deviceId)}</span>
              </p>
            </div>`,
        )}
      </div>
    </div>`;
  }

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.close();
  };

  private readonly close = () => {
    this.remove();
    this.opener?.focus();
  };
}

/** Show the label sheet for `label` over the page (one at a time); `opener` gets the focus back. */
export function openLabelSheet(label: CupLabel, opener: HTMLElement | null): MiaLabelSheet {
  document.querySelector('mia-label-sheet')?.remove();
  const sheet = document.createElement('mia-label-sheet');
  sheet.label = label;
  sheet.opener = opener;
  document.body.append(sheet);
  return sheet;
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-label-sheet': MiaLabelSheet;
  }
}
