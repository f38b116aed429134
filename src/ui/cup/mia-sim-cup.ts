import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { localized, msg } from '@lit/localize';
import type { SimulatedCup } from '../../cup';
import { ShortcutsController } from '../shortcuts';
import { baseStyles } from '../styles';
import { cupContext, type CupBinding } from './cup-context';

/**
 * A small on-screen cup for the demo: shake it, lift the lid, put it back. It drives the
 * simulated cup's firmware, which sends real protocol frames to the app. Keys (`shortcuts.ts`):
 * S shakes, O lifts the lid or puts it back.
 * @csspart cup - the cup's box
 */
/** How long a tap on Shake shakes the cup: a brisk shake of about three swings. */
const SHAKE_MS = 1_000;

@localized()
@customElement('mia-sim-cup')
export class MiaSimCup extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      div {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px;
        padding: 10px 12px;
        border: 2px dashed var(--line);
        border-radius: var(--radius);
      }
      .label {
        font-weight: 700;
        margin-right: auto;
      }
      kbd {
        font: inherit;
        opacity: 0.7;
      }
    `,
  ];

  /** The simulated cup to drive (default: the cup context's, when it is simulated). */
  @property({ attribute: false }) cup?: SimulatedCup;
  /** The simulated cup is chosen: until it is up, the panel shows with its buttons off. */
  @property({ type: Boolean }) expected = false;

  @consume({ context: cupContext, subscribe: true })
  @state()
  private binding: CupBinding | null = null;

  private get simCup(): SimulatedCup | undefined {
    return this.cup ?? this.binding?.sim ?? undefined;
  }

  /** Forces a render after the cup's lid or motion changes. */
  @state() private tick = 0;

  constructor() {
    super();
    new ShortcutsController(this, { shake: () => this.shake(), lid: () => this.toggleLid() });
  }

  override render() {
    const fw = this.simCup?.firmware;
    if (!fw && !this.expected) return nothing;
    return html`<div part="cup" data-tick=${this.tick}>
      <span class="label">${msg('Simulated cup')}</span>
      <button data-testid="sim-shake" ?disabled=${!fw || fw.handsOn} @click=${this.shake}>
        ${fw?.handsOn ? msg('Shaking…') : msg('Shake')} <kbd>S</kbd>
      </button>
      <button
        data-testid="sim-lid"
        ?disabled=${!fw}
        aria-pressed=${fw?.lidUp ? 'true' : 'false'}
        @click=${this.toggleLid}
      >
        ${fw?.lidUp ? msg('Put the lid back') : msg('Lift the lid')} <kbd>O</kbd>
      </button>
    </div>`;
  }

  /** A person shakes the cup for a second: the cup's detector reports it from its readings. */
  private readonly shake = () => {
    const fw = this.simCup?.firmware;
    if (!fw || fw.handsOn) return;
    void fw.shakeFor(SHAKE_MS).then(() => this.tick++);
    this.tick++;
  };

  private readonly toggleLid = () => {
    const fw = this.simCup?.firmware;
    if (!fw) return;
    fw.setLid(!fw.lidUp);
    this.tick++;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-sim-cup': MiaSimCup;
  }
}
