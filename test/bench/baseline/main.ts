/**
 * The baseline page of `npm run bench`: Vite + lit + xstate rendering one button, with the
 * app's service-worker set-up. The app's start-up figures are given as ratios to this page.
 */
import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { createActor, createMachine } from 'xstate';

const machine = createMachine({
  id: 'baseline',
  initial: 'idle',
  states: { idle: { on: { START: 'started' } }, started: {} },
});

@customElement('bench-baseline')
export class BenchBaseline extends LitElement {
  private actor = createActor(machine).start();
  @state() private started = false;

  override render() {
    return html`<button
      @click=${() => {
        this.actor.send({ type: 'START' });
        this.started = this.actor.getSnapshot().matches('started');
      }}
    >
      ${this.started ? 'Started' : 'Start game'}
    </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bench-baseline': BenchBaseline;
  }
}
