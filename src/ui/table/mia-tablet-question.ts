import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Layout } from '../../data';
import type { Side } from '../../rules';
import { fire } from '../events';
import { PreferencesController } from '../preferences-controller';
import { baseStyles, modalStyles } from '../styles';
import { sidesStyles } from './sides.styles';
import { tabletPicture, tabletPictureStyles } from './tablet-picture';

/**
 * Asked the first time a game starts on a touch screen, instead of guessing from the screen's
 * orientation: where is the tablet? Flat in the middle of the table (table mode: a small
 * picture of the tablet with each name on its side) or held, standing or a laptop (one side:
 * every name upright). The answer is remembered on the device (Options changes it).
 * @fires mia-layout - answered: the layout chosen (the game starts with it)
 * @fires mia-layout-cancel - not answered (Escape): the set-up stays
 */
@localized()
@customElement('mia-tablet-question')
export class MiaTabletQuestion extends LitElement {
  static override styles = [
    baseStyles,
    modalStyles,
    sidesStyles,
    tabletPictureStyles,
    css`
      dialog {
        width: min(900px, 96vw);
        max-height: 94vh;
        padding: 18px 20px 20px;
      }
      h2 {
        font-size: 1.6rem;
        margin-bottom: 12px;
      }
      .choices {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
        gap: 14px;
      }
      .choice {
        display: grid;
        gap: 10px;
        justify-items: center;
        align-content: start;
        padding: 14px;
        font-size: 1.3rem;
      }
      .choice .hint {
        font-size: 1rem;
        font-weight: 500;
      }
      .tablet {
        --side-size: 34px;
        width: min(100%, 320px);
        aspect-ratio: 4 / 3;
        pointer-events: none;
      }
      .tablet .screen {
        font-size: 0.85rem;
      }
      .name {
        display: grid;
        place-items: center;
        height: 100%;
        padding: 0 4px;
        font-size: 0.85rem;
        font-weight: 700;
        border-radius: 6px;
        background: var(--surface-2);
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      /* One side: every name upright, as the players' list of one side shows them. */
      .tablet.one-side {
        display: flex;
        flex-wrap: wrap;
        align-content: start;
        gap: 4px;
        padding: 8px;
      }
      .one-side > .name {
        flex: 1 1 30%;
        height: 34px;
      }
    `,
  ];

  /** The players' names in turn order, and where each sits in table mode. */
  @property({ attribute: false }) names: readonly string[] = [];
  @property({ attribute: false }) sides: readonly Side[] = [];
  @query('dialog') private dialog!: HTMLDialogElement;

  private prefs = new PreferencesController(this);

  protected override firstUpdated(): void {
    this.dialog.showModal();
  }

  private choose(layout: Layout) {
    return () => {
      this.prefs.update({ layout });
      fire(this, 'mia-layout', { layout });
    };
  }

  override render() {
    const name = (seat: number) => html`<span class="name">${this.names[seat]}</span>`;
    return html`<dialog
      aria-labelledby="where-title"
      @cancel=${() => fire(this, 'mia-layout-cancel', null)}
    >
      <h2 id="where-title">${msg('Where is the tablet?')}</h2>
      <div class="choices">
        <button class="choice" data-layout="table" @click=${this.choose('table')}>
          <div class="tablet" aria-hidden="true">${tabletPicture(this.sides, name, '')}</div>
          ${msg('Table mode')}
          <span class="hint">
            ${msg('Flat in the middle of the table: every player reads their own side.')}
          </span>
        </button>
        <button class="choice" data-layout="one-side" @click=${this.choose('one-side')}>
          <div class="tablet one-side" aria-hidden="true">
            ${this.names.map((_, seat) => name(seat))}
          </div>
          ${msg('One side')}
          <span class="hint">${msg('Held, standing or a laptop: everything faces one side.')}</span>
        </button>
      </div>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-tablet-question': MiaTabletQuestion;
  }
}
