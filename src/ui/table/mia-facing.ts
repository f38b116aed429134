import { LitElement, css, html } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Facing } from '../../rules';
import { fadeBelow, reachableWhenScrolling } from './reachable';

/**
 * A box that turns its content to face one side of a tablet lying flat: 0 (bottom edge), 90
 * (left), 180 (top) or 270 degrees (right). It fills the space its parent gives it; turned a
 * quarter, the content is laid out in that space with width and height swapped. A new facing
 * turns the shorter way round, smoothly, unless the device prefers reduced motion. Reflects
 * `data-facing`. Where the content is taller than the frame and its end is out of view, its
 * last lines fade out.
 * @slot - the content
 * @csspart turn - the turned frame (scrolls when the content is taller)
 */
@customElement('mia-facing')
export class MiaFacing extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      overflow: hidden;
      min-width: 0;
      min-height: 0;
    }
    /* What is slotted in inherits its box sizing through these: the app's (border-box). */
    .turn,
    slot {
      box-sizing: border-box;
    }
    .turn {
      position: absolute;
      left: 50%;
      top: 50%;
      overflow: auto;
      overscroll-behavior: contain;
      overflow-anchor: none;
      transition: transform 0.45s ease-in-out;
    }
    /* More below: the frame's last lines fade out (data-more). */
    .turn[data-more] {
      ${fadeBelow}
    }
    @media (prefers-reduced-motion: reduce) {
      .turn {
        transition: none;
      }
    }
  `;

  @property({ type: Number, attribute: 'data-facing', reflect: true }) facing: Facing = 0;
  @state() private size = { width: 0, height: 0 };
  @query('.turn') private frame?: HTMLElement;
  /** The angle turned so far (any number of turns), so each change takes the shorter way. */
  private angle = 0;
  private shown: Facing = 0;
  private readonly observer = new ResizeObserver(([entry]) => {
    const { inlineSize: width, blockSize: height } = entry.contentBoxSize[0];
    if (width !== this.size.width || height !== this.size.height) this.size = { width, height };
  });
  /** The content's size: more of it may now lie below the frame's edge. */
  private readonly content = new ResizeObserver(() => this.hint());

  /** The frame shows that it scrolls, and can be reached to scroll it. */
  private readonly hint = () => {
    if (this.frame) reachableWhenScrolling(this.frame);
  };

  private readonly watch = (e: Event) => {
    this.content.disconnect();
    for (const el of (e.target as HTMLSlotElement).assignedElements()) this.content.observe(el);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.observer.observe(this);
  }

  override disconnectedCallback(): void {
    this.observer.disconnect();
    this.content.disconnect();
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A new reader starts at the top of the content.
    if (changed.has('facing') && this.frame) this.frame.scrollTop = 0;
    const turn = (((this.facing - this.shown + 540) % 360) - 180 || 0) as number;
    this.angle += turn === -180 ? 180 : turn;
    this.shown = this.facing;
  }

  override render() {
    return html`<div class="turn" part="turn" @scroll=${this.hint}>
      <slot @slotchange=${this.watch}></slot>
    </div>`;
  }

  /** Size and turn the frame through the CSSOM (the page's CSP allows no inline styles). */
  protected override updated(): void {
    const quarter = this.facing % 180 !== 0;
    const { width, height } = this.size;
    const [w, h] = quarter ? [height, width] : [width, height];
    const style = this.frame?.style;
    style?.setProperty('width', `${w}px`);
    style?.setProperty('height', `${h}px`);
    style?.setProperty('transform', `translate(-50%, -50%) rotate(${this.angle}deg)`);
    requestAnimationFrame(this.hint);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-facing': MiaFacing;
  }
}
