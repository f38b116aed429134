import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import {
  canRecord,
  canUpdateFirmware,
  updatedFromComputer,
  type CupConnection,
  type CupSnapshot,
} from '../../cup';
import { withWords } from '../lazy';
import { baseStyles } from '../styles';
import { CupController } from './cup-controller';
import { labelOf, type CupLabel } from './label';

/** Each tool's code (the recorder's plot, the update's CBOR, the sheet) loads when opened. */
const loadRecorder = () => withWords(() => import('./mia-cup-recorder'));
const loadFirmwareUpdate = () => withWords(() => import('./mia-firmware-update'));
const loadLabelSheet = () => withWords(() => import('./mia-label-sheet'));

/**
 * The cup maker's tools for the connected cup, in the cup panel (during a game, and for cup
 * makers on the new-game screen): "Check this cup" (the check screen, `#check`), "Record a
 * trace" (a cup with telemetry, its owner only), "Update firmware" (over Web Bluetooth, to the
 * owner of a cup with the SMP service, capability bit 7; the owner of a cup without it reads how
 * it is updated instead) and "Print a label" (a cup this tablet
 * owns). An opened recorder or update stays while its cup drops and comes back (an update
 * restarts the cup); the update closes when the cup is disconnected or forgotten.
 */
@localized()
@customElement('mia-cup-tools')
export class MiaCupTools extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        gap: 10px;
      }
      :host([hidden]) {
        display: none;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        padding-top: 10px;
        border-top: 1px solid var(--line);
      }
      .hint {
        margin: 0;
        color: var(--muted);
      }
    `,
  ];

  /** The cup connection whose cup the tools work on. */
  @property({ attribute: false }) connection?: CupConnection;

  @state() private recorderOpen = false;
  @state() private firmwareOpen = false;

  private readonly cup = new CupController(this);

  override willUpdate(): void {
    this.cup.set(this.connection);
    // Disconnected or forgotten by hand (not a drop, not the update's own restart).
    if (this.cup.snapshot?.status.phase === 'idle') this.firmwareOpen = false;
    if (this.recorderOpen) void loadRecorder();
    if (this.firmwareOpen) void loadFirmwareUpdate();
  }

  override render() {
    const snap = this.cup.snapshot;
    const connection = this.connection;
    if (!snap || !connection) return nothing;
    return html`${snap.status.phase === 'connected' ? this.renderButtons(snap) : nothing}
    ${
      this.recorderOpen && canRecord(snap)
        ? html`<mia-cup-recorder .connection=${connection}></mia-cup-recorder>`
        : nothing
    }
    ${
      this.firmwareOpen
        ? html`<mia-firmware-update .connection=${connection}></mia-firmware-update>`
        : nothing
    }`;
  }

  private renderButtons(snap: CupSnapshot) {
    const label = labelOf(snap);
    return html`<div class="buttons" role="group" aria-label=${msg('Tools for cup makers')}>
        <button @click=${() => (location.hash = 'check')}>${msg('Check this cup')}</button>
        ${
          canRecord(snap)
            ? html`<button
                aria-expanded=${this.recorderOpen ? 'true' : 'false'}
                @click=${() => (this.recorderOpen = !this.recorderOpen)}
              >
                ${msg('Record a trace')}
              </button>`
            : nothing
        }
        ${
          // Only to the owner, over Web Bluetooth, of a cup with the SMP service (bit 7, 9.1).
          canUpdateFirmware(snap)
            ? html`<button
                aria-expanded=${this.firmwareOpen ? 'true' : 'false'}
                @click=${() => (this.firmwareOpen = !this.firmwareOpen)}
              >
                ${msg('Update firmware')}
              </button>`
            : nothing
        }
        ${
          label
            ? html`<button aria-haspopup="dialog" @click=${(e: Event) => this.printLabel(label, e)}>
                ${msg('Print a label')}
              </button>`
            : nothing
        }
      </div>
      ${
        // Without SMP (a Puck.js cup) the owner reads how the cup is updated (PROTOCOL.md 10.1).
        updatedFromComputer(snap)
          ? html`<p class="hint" data-testid="firmware-from-computer">
              ${msg(
                'This cup has no firmware update over the air: its firmware is updated from a computer (a Puck.js cup with npm run cup:flash).',
              )}
            </p>`
          : nothing
      }`;
  }

  private printLabel(label: CupLabel, event: Event): void {
    const opener = event.currentTarget as HTMLElement;
    void loadLabelSheet().then(({ openLabelSheet }) => openLabelSheet(label, opener));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-cup-tools': MiaCupTools;
  }
}
