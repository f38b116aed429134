import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import type { CupConnection } from '../../cup';
import { FirmwareUpdate, connectionCup, versionText, type UpdateState } from '../../cup/smp';
import { baseStyles } from '../styles';
import { comparisonText, updateFailureText, updateStepText } from './firmware-text';

const BUSY = new Set([
  'checking',
  'uploading',
  'reconnecting',
  'testing',
  'restarting',
  'confirming',
]);

/**
 * Update the cup's firmware over MCUmgr SMP (PROTOCOL.md 9): pick an image file, see its
 * version against the cup's, install it with a progress bar; the update goes on after a dropped
 * link, tests the image, restarts the cup and confirms it once the cup is back. Before "Install"
 * it flags a file the cup already runs (or an older one, or another build of its version); the
 * upload can be cancelled, and installing again goes on where it stopped. The cup panel
 * offers it to the cup's owner only (after the proof), and only when Info's capability bit 7
 * says the cup has the SMP service (`canUpdateFirmware`).
 */
@localized()
@customElement('mia-firmware-update')
export class MiaFirmwareUpdate extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      section {
        display: grid;
        gap: 8px;
        border: 2px solid var(--line);
        border-radius: var(--radius);
        padding: 10px 12px;
      }
      h3 {
        font-size: 1rem;
        margin: 0;
      }
      p {
        margin: 0;
      }
      label {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 12px;
      }
      input[type='file'] {
        font: inherit;
        color: var(--muted);
      }
      input[type='file']::file-selector-button {
        margin-right: 12px;
      }
      progress {
        width: 100%;
        height: 1.2rem;
        accent-color: var(--accent);
      }
      .error {
        color: var(--danger);
      }
      .flag {
        padding: 8px 10px;
        border-radius: var(--radius);
        background: var(--warn-bg);
        color: var(--warn-text);
        line-height: 1.35;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
    `,
  ];

  @property({ attribute: false }) connection?: CupConnection;

  @state() private view: UpdateState | null = null;

  private flow: FirmwareUpdate | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.drop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('connection')) this.drop();
  }

  override render() {
    const view = this.view;
    const busy = view !== null && BUSY.has(view.phase);
    const image = view?.image;
    const flag = view && image && view.phase === 'ready' ? comparisonText(view) : null;
    const uploading = view?.phase === 'uploading' || view?.phase === 'reconnecting';
    return html`<section aria-label=${msg('Update firmware')}>
      <h3>${msg('Update firmware')}</h3>
      <p>
        ${msg("Choose the cup's firmware image: the signed MCUboot file (.bin) from its maker.")}
      </p>
      <label>
        ${msg('Firmware file')}
        <input
          type="file"
          data-testid="firmware-file"
          accept=".bin,.img,application/octet-stream"
          ?disabled=${busy}
          @change=${this.pick}
        />
      </label>
      ${
        image
          ? html`<p data-testid="firmware-versions">
              ${msg(str`This file: version ${versionText(image.version)}, ${Math.ceil(image.fileSize / 1024)} KB.`)}
              ${view?.cupVersion ? msg(str`The cup runs version ${view.cupVersion}.`) : nothing}
            </p>`
          : nothing
      }
      ${
        flag
          ? html`<p class="flag" data-testid="firmware-flag" data-compared=${view?.compared ?? ''}>
              ${flag}
            </p>`
          : nothing
      }
      ${
        view && (uploading || view.phase === 'stopped')
          ? html`<progress
              data-testid="firmware-progress"
              max=${view.total}
              .value=${view.sent}
              aria-label=${msg('Firmware sent')}
            ></progress>`
          : nothing
      }
      ${
        view && view.phase !== 'idle'
          ? html`<p role="status" data-testid="firmware-status" data-phase=${view.phase}>
              ${updateStepText(view)}
            </p>`
          : nothing
      }
      ${
        view?.failure
          ? html`<p class="error" role="alert" data-testid="firmware-error">
              ${updateFailureText(view.failure)}
            </p>`
          : nothing
      }
      ${view ? this.renderActions(view, uploading) : nothing}
    </section>`;
  }

  /** Install (or go on after a cancel) for a file worth installing; Cancel while uploading. */
  private renderActions(view: UpdateState, uploading: boolean) {
    const image = view.image;
    const installable =
      image &&
      ((view.phase === 'ready' && view.compared !== 'same-image') || view.phase === 'stopped');
    if (uploading) {
      return html`<div class="buttons">
        <button @click=${this.cancel}>${msg('Cancel the upload')}</button>
      </div>`;
    }
    if (!installable) return nothing;
    const version = versionText(image.version);
    return html`<div class="buttons">
      <button class="primary" @click=${this.install}>
        ${
          view.phase === 'stopped'
            ? msg(str`Go on installing version ${version}`)
            : msg(str`Install version ${version}`)
        }
      </button>
    </div>`;
  }

  private readonly pick = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    const update = this.updateFlow();
    if (!file || !update) return;
    await update.chooseFile(file);
  };

  /** The connection's one update flow: it keeps its SMP client from one chosen file to the next. */
  private updateFlow(): FirmwareUpdate | null {
    if (!this.flow && this.connection) {
      const update = new FirmwareUpdate(connectionCup(this.connection));
      update.watch((s) => {
        if (this.flow === update) this.view = s;
      });
      this.flow = update;
    }
    return this.flow;
  }

  private drop(): void {
    this.flow?.dispose();
    this.flow = null;
  }

  private readonly install = () => {
    void this.flow?.install();
  };

  private readonly cancel = () => {
    this.flow?.cancel();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-firmware-update': MiaFirmwareUpdate;
  }
}
