import { LitElement, css, html, nothing, render, type TemplateResult } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Facing } from '../rules';
import { baseStyles } from './styles';
import { LayoutController } from './table/layout';
import { fadeBelow, moreBelow } from './table/reachable';

/**
 * A toolbar button that opens its content in a modal dialog (Escape or Close shuts it). The
 * content (`content`, rendered as the element's children) exists only while the dialog is open:
 * nothing in a closed dialog is rendered or updated on a step. `load` (the content's modules)
 * is awaited before the dialog first opens.
 * In table mode the dialog faces `facing` (a seat's menu: that seat's side), else the side of the
 * screen the button was tapped from (`data-facing` on the dialog), one side when opened by
 * keyboard. `narrow`: a dialog of a few buttons (a seat's menu). A dialog longer than the
 * screen scrolls, its lower edge fading out while more lies below.
 * @slot - the dialog's content
 * @csspart button - the opening button
 */
@localized()
@customElement('mia-dialog-button')
export class MiaDialogButton extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: inline-flex;
      }
      button {
        min-height: 56px;
        font-size: 1rem;
        padding: 0 10px;
      }
      dialog {
        width: min(1000px, 96vw);
        max-height: 92vh;
        padding: 16px 20px 20px;
        border: 2px solid var(--line);
        border-radius: var(--radius);
        background: var(--surface);
        color: var(--text);
      }
      /* Turned a quarter, a dialog lies along the screen's other side: as long as the screen is
         tall (on a portrait tablet longer than it is wide), centred by its middle. */
      dialog[data-facing='90'],
      dialog[data-facing='270'] {
        width: min(1000px, 96vh);
        max-width: 96vh;
        max-height: 92vw;
        inset: 50% auto auto 50%;
        margin: 0;
        translate: -50% -50%;
      }
      :host([narrow]) dialog {
        width: min(520px, 96vw);
      }
      :host([narrow]) dialog[data-facing='90'],
      :host([narrow]) dialog[data-facing='270'] {
        width: min(520px, 96vh);
      }
      dialog[data-facing='90'] {
        transform: rotate(90deg);
      }
      dialog[data-facing='180'] {
        transform: rotate(180deg);
      }
      dialog[data-facing='270'] {
        transform: rotate(270deg);
      }
      /* More below: the dialog's lower edge fades out until it is scrolled there. */
      dialog[data-more] {
        ${fadeBelow}
      }
      dialog::backdrop {
        background: rgb(0 0 0 / 0.6);
      }
      /* Close stays in reach (and above the content) while a long dialog scrolls. */
      .bar {
        position: sticky;
        top: 0;
        z-index: 1;
        display: flex;
        justify-content: flex-end;
        height: 0;
        overflow: visible;
      }
      .close {
        box-shadow: 0 2px 10px rgb(0 0 0 / 0.35);
      }
    `,
  ];

  /** The button's text; also the dialog's name. */
  @property() label = '';
  /** The button's accessible name, when more than its text (it starts with the text). */
  @property() name: string | null = null;
  /** Which way the dialog faces; null: toward the side tapped (table mode), else 0. */
  @property({ attribute: false }) facing: Facing | null = null;
  @property({ type: Boolean, reflect: true }) narrow = false;
  /** The dialog's content, rendered as the children of this element while it is open. */
  @property({ attribute: false }) content: () => TemplateResult = () => html``;
  /** Loads what the content needs (its elements' modules), before the dialog opens. */
  @property({ attribute: false }) load: () => Promise<unknown> = () => Promise.resolve();
  @state() private open = false;
  @state() private shownFacing: Facing = 0;
  private layout = new LayoutController(this);
  @query('dialog') private dialog?: HTMLDialogElement;
  /** The content's size: more of it may now lie below the dialog's edge. */
  private readonly resized = new ResizeObserver(() => this.hint());

  /** The dialog shows that it scrolls, while more lies below. */
  private readonly hint = () => {
    if (this.dialog) moreBelow(this.dialog);
  };

  private readonly watch = (e: Event) => {
    this.resized.disconnect();
    for (const el of (e.target as HTMLSlotElement).assignedElements()) this.resized.observe(el);
  };

  private async show(event: Event) {
    this.shownFacing = this.layout.table ? (this.facing ?? this.layout.facingFor(event)) : 0;
    await this.load();
    this.open = true;
    await this.updateComplete;
    this.dialog?.showModal();
  }

  protected override updated(): void {
    render(this.open ? this.content() : nothing, this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resized.disconnect();
    render(nothing, this);
  }

  /** Close the dialog (also by Escape or its Close button). */
  readonly close = () => {
    this.dialog?.close();
    this.open = false;
  };

  override render() {
    return html`<button
        part="button"
        aria-label=${this.name ?? nothing}
        @click=${(e: Event) => void this.show(e)}
      >
        ${this.label}
      </button>
      <dialog
        aria-label=${this.label}
        data-facing=${this.shownFacing}
        @close=${this.close}
        @scroll=${this.hint}
      >
        ${
          this.open
            ? html`<div class="bar">
                  <button class="close" @click=${this.close}>${msg('Close')}</button>
                </div>
                <slot @slotchange=${this.watch}></slot>`
            : null
        }
      </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-dialog-button': MiaDialogButton;
  }
}
