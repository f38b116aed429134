/**
 * Table mode or one side, for an element: the table's choice (preferences), one side until it
 * is made; whether it is still to be asked (a touch screen, where the tablet may lie flat, asks
 * the first time a game starts); and where each player sits. Re-renders the host when the
 * choice, the pointer or the screen's size changes.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { Layout, PreferencesStore } from '../../data';
import { facingOf, seatingFor, type Facing, type Side } from '../../rules';
import { PreferencesController } from '../preferences-controller';

/** The layout the table gets: its own choice, else one side (a touch screen asks first). */
export function layoutOf(chosen: Layout | null): Layout {
  return chosen ?? 'one-side';
}

/**
 * The side of the screen nearest to a point (a tap): the players on that side tapped it.
 * Distances are taken relative to the screen's size, so a wide screen's ends are not favoured.
 */
export function sideNearest(x: number, y: number, width: number, height: number): Side {
  const distance: [Side, number][] = [
    ['bottom', (height - y) / height],
    ['left', x / width],
    ['top', y / height],
    ['right', (width - x) / width],
  ];
  return distance.reduce((best, next) => (next[1] < best[1] ? next : best))[0];
}

const QUERIES = ['(pointer: coarse)'];

export class LayoutController implements ReactiveController {
  readonly prefs: PreferencesController;
  private readonly media = QUERIES.map((q) => matchMedia(q));
  private readonly changed = () => this.host.requestUpdate();

  /** `store`: for the element that provides the preferences (it cannot consume its own). */
  constructor(
    private readonly host: ReactiveElement,
    store?: PreferencesStore,
  ) {
    this.prefs = new PreferencesController(host, { store });
    host.addController(this);
  }

  hostConnected(): void {
    for (const m of this.media) m.addEventListener('change', this.changed);
    addEventListener('resize', this.changed);
  }

  hostDisconnected(): void {
    for (const m of this.media) m.removeEventListener('change', this.changed);
    removeEventListener('resize', this.changed);
  }

  get value(): Layout {
    return layoutOf(this.prefs.value.layout);
  }

  /** Where the tablet is was never said, on a touch screen: the first game's start asks. */
  get undecided(): boolean {
    return this.prefs.value.layout === null && this.media[0].matches;
  }

  get table(): boolean {
    return this.value === 'table';
  }

  /** Switch between table mode and one side (remembered). */
  toggle(): void {
    this.prefs.update({ layout: this.table ? 'one-side' : 'table' });
  }

  /** Where `count` players sit: as set up, else the default for this screen. */
  seating(count: number): Side[] {
    return seatingFor(this.prefs.value.seating, count, innerWidth, innerHeight);
  }

  /** Which way a dialog opened by `event` faces: toward the side tapped; one side by keyboard. */
  facingFor(event: Event): Facing {
    if (!this.table || !(event instanceof MouseEvent) || event.detail === 0) return 0;
    return facingOf(sideNearest(event.clientX, event.clientY, innerWidth, innerHeight));
  }
}
