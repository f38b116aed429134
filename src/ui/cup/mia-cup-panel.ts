import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import type { CupConnection, CupSnapshot } from '../../cup';
import { baseStyles } from '../styles';
import { cupContext, type CupBinding } from './cup-context';
import { CupController } from './cup-controller';
import { cupPanelStyles } from './mia-cup-panel.styles';
import { availabilityText, overruleText, ownershipText, statusText, warningText } from './text';
import { compactLine, cupNotices } from './cup-notices';
import './mia-cup-settings';
import './mia-cup-tools';

/**
 * The sensor cup panel: connection state (connecting, connected, reconnecting in N s, lost,
 * refused), battery, firmware, a live indicator of a shake or an open lid, identify, the
 * sensitivity settings, disconnect, the count of unreadable frames and the cup's warnings,
 * and the tools for cup makers (`mia-cup-tools`). Where there is no Web Bluetooth it says so and
 * points to manual play. Knows nothing of the game: it takes the cup connection as a property,
 * or from the cup context. Where there is no Web Bluetooth, or no cup is in use (not connected,
 * none remembered), the panel is one quiet line that opens to the whole panel; for cup makers
 * on the new-game screen (`maker`) it is always whole, without the words about the game. In
 * table mode (`compact`) it is one small line on the table, the whole panel behind it.
 * @csspart panel - the panel's box
 */
@localized()
@customElement('mia-cup-panel')
export class MiaCupPanel extends LitElement {
  static override styles = [baseStyles, cupPanelStyles];

  /** The cup connection to show and drive (default: the cup context's). */
  @property({ attribute: false }) connection?: CupConnection;

  @consume({ context: cupContext, subscribe: true })
  @state()
  private binding: CupBinding | null = null;

  private get cupConnection(): CupConnection | undefined {
    return this.connection ?? this.binding?.connection;
  }

  /** For cup makers, before a game: the whole panel always, nothing said about the game. */
  @property({ type: Boolean }) maker = false;

  /**
   * Table mode: one small line on the table (the cup, its state, battery, the last warning),
   * the whole panel with its technical actions behind it.
   */
  @property({ type: Boolean }) compact = false;

  @state() private settingsOpen = false;
  /** "Forget this cup" was tapped: ask before releasing it. */
  @state() private confirmForget = false;
  /** The last forget did not release the cup (the key is kept). */
  @state() private forgetFailed = false;

  private readonly cup = new CupController(this);

  override willUpdate(): void {
    this.cup.set(this.cupConnection);
  }

  override render() {
    const snap = this.cup.snapshot;
    const connection = this.cupConnection;
    if (!connection || !snap) return nothing;
    const phase = snap.status.phase;
    const unavailable = availabilityText(snap.availability);
    const quiet = !this.maker && (unavailable !== null || (phase === 'idle' && !snap.remembered));
    const panel = this.renderPanel(snap, connection, unavailable);
    if (!quiet && this.compact && !this.maker) return compactLine(snap, panel);
    if (!quiet) return panel;
    const line = unavailable
      ? msg('Sensor cup: not available here')
      : msg('Sensor cup: not in use');
    return html`<details class="quiet" data-testid="cup-quiet">
      <summary>${line}</summary>
      ${panel}
    </details>`;
  }

  private renderPanel(snap: CupSnapshot, connection: CupConnection, unavailable: string | null) {
    const phase = snap.status.phase;
    return html`<section part="panel" aria-label=${msg('Sensor cup')}>
      <header>
        <h2>${snap.transport === 'simulated' ? msg('Simulated cup') : msg('Sensor cup')}</h2>
        <span class="status" data-testid="cup-status" data-phase=${phase} role="status">
          ${statusText(snap.status, snap.remembered?.name ?? snap.name)}
        </span>
      </header>
      ${cupNotices(snap, { unavailable, maker: this.maker, forgetFailed: this.forgetFailed })}
      ${phase === 'connected' ? this.renderConnected(snap) : nothing}
      ${this.renderButtons(snap, unavailable !== null)}
      ${
        snap.malformed > 0
          ? html`<p class="malformed" data-testid="cup-malformed" title=${snap.lastMalformed ?? ''}>
              ${msg(str`Unreadable messages from the cup, ignored: ${snap.malformed}`)}
            </p>`
          : nothing
      }
      ${
        snap.warnings.length > 0
          ? html`<ul data-testid="cup-warnings">
              ${snap.warnings.map((w) => html`<li>${warningText(w)}</li>`)}
            </ul>`
          : nothing
      }
      ${snap.error ? html`<p class="error" role="alert">${snap.error}</p>` : nothing}
      ${
        this.settingsOpen && phase === 'connected'
          ? html`<mia-cup-settings .connection=${connection}></mia-cup-settings>`
          : nothing
      }
      <mia-cup-tools .connection=${connection}></mia-cup-tools>
    </section>`;
  }

  private renderConnected(snap: CupSnapshot) {
    const fw = snap.info?.firmware;
    const firmware =
      snap.device?.firmwareRevision ?? (fw ? `${fw.major}.${fw.minor}.${fw.patch}` : '?');
    const ownership = ownershipText(snap);
    return html`<p class="facts">
        ${
          snap.code && snap.transport === 'web-bluetooth'
            ? html`<span data-testid="cup-name">${msg(str`Mia Cup ${snap.code}`)}</span>`
            : nothing
        }
        <span data-testid="cup-battery">
          ${snap.battery === null ? msg('Battery unknown') : msg(str`Battery ${snap.battery}%`)}
        </span>
        <span data-testid="cup-firmware">${msg(str`Firmware ${firmware}`)}</span>
      </p>
      <div class="live" aria-live="polite">
        <span data-testid="cup-live-shake" ?data-on=${snap.shaking}>
          ${snap.shaking ? msg('Shaking') : msg('Still')}
        </span>
        <span data-testid="cup-live-lid" ?data-on=${snap.lidOpen}>
          ${snap.lidOpen ? msg('Lid open') : msg('Lid closed')}
        </span>
      </div>
      ${ownership ? html`<p class="notice" data-testid="cup-ownership">${ownership}</p>` : nothing}`;
  }

  private renderButtons(snap: CupSnapshot, unavailable: boolean) {
    const phase = snap.status.phase;
    const buttons = [];
    if (phase === 'connected') {
      buttons.push(
        html`<button @click=${this.identify}>${msg('Identify')}</button>`,
        html`<button
          aria-expanded=${this.settingsOpen ? 'true' : 'false'}
          @click=${this.toggleSettings}
        >
          ${msg('Sensitivity')}
        </button>`,
        html`<button @click=${this.disconnect}>${msg('Disconnect')}</button>`,
      );
      buttons.push(
        this.confirmForget
          ? html`<p class="notice" data-testid="cup-forget-ask">
                ${msg(
                  'Forget this cup? It is released, so any table can claim it, and this tablet forgets its key.',
                )}
              </p>
              <button class="primary" @click=${this.forget}>${msg('Forget it')}</button>
              <button @click=${this.keep}>${msg('Keep it')}</button>`
          : html`<button @click=${this.askForget}>${msg('Forget this cup')}</button>`,
      );
    } else if (phase === 'reconnecting') {
      buttons.push(
        html`<button class="primary" @click=${this.retryNow}>${msg('Try now')}</button>`,
        html`<button @click=${this.disconnect}>${msg('Stop')}</button>`,
      );
    } else if (['choosing', 'searching', 'connecting', 'proving', 'syncing'].includes(phase)) {
      buttons.push(html`<button @click=${this.disconnect}>${msg('Stop')}</button>`);
    } else if (!unavailable) {
      if (phase === 'lost') {
        buttons.push(
          html`<button class="primary" @click=${this.reconnect}>${msg('Try again')}</button>`,
        );
      } else if (phase === 'idle' && snap.remembered && snap.transport === 'web-bluetooth') {
        buttons.push(
          html`<button class="primary" @click=${this.reconnect}>
            ${msg(str`Reconnect ${snap.remembered.name}`)}
          </button>`,
        );
      }
      const overrule = phase === 'refused' ? overruleText(snap.status.refusal) : null;
      if (overrule && snap.status.phase === 'refused') {
        const what = snap.status.refusal.kind === 'unowned' ? 'unowned' : 'downgrade';
        buttons.push(
          html`<button @click=${() => this.cupConnection?.allow(what)}>${overrule}</button>`,
        );
      }
      buttons.push(
        html`<button
          class=${phase === 'idle' && !snap.remembered ? 'primary' : ''}
          @click=${this.connect}
        >
          ${phase === 'refused' ? msg('Choose another cup') : msg('Connect cup')}
        </button>`,
      );
    }
    return html`<div class="buttons">${buttons}</div>`;
  }

  private readonly connect = () => this.cupConnection?.connect();

  private readonly reconnect = () => this.cupConnection?.reconnect();

  private readonly retryNow = () => this.cupConnection?.retryNow();

  private readonly askForget = () => {
    this.confirmForget = true;
    this.forgetFailed = false;
  };

  private readonly keep = () => {
    this.confirmForget = false;
  };

  private readonly forget = async () => {
    this.settingsOpen = false;
    this.confirmForget = false;
    this.forgetFailed = !(await this.cupConnection?.forget());
  };

  private readonly disconnect = () => {
    this.settingsOpen = false;
    this.cupConnection?.disconnect();
  };

  private readonly identify = () => {
    this.cupConnection?.identify().catch(() => {});
  };

  private readonly toggleSettings = () => {
    this.settingsOpen = !this.settingsOpen;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-cup-panel': MiaCupPanel;
  }
}
