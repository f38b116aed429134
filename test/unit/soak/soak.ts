/**
 * The soak's view of one evening: the device, the pure model, the cup moves made and not yet
 * sent to the table's game, and the checks: once the table is quiet, its screen (its game) and
 * the stored game agree with the model, step for step. Each cup move is counted when the table's
 * game is sent it: one that comes twice, or never, fails; one made while the cup was away and
 * overtaken by a step by hand must come as a warning, never as a move.
 */
import { expect } from 'vitest';
import type { SensorEvent } from '../../../src/game';
import { random, type Random } from '../game/random-play';
import { Device } from './device';
import type { Page } from './page';
import { Model, sent, shown } from './model';
import { pass, settle } from './time';

export class Soak {
  readonly rnd: Random;
  readonly model = new Model();
  /** Cup moves made, not yet sent to the table's game. */
  readonly pending: SensorEvent[] = [];
  /** Cup moves made while the cup was away and overtaken by a step by hand: warnings to come. */
  late = 0;
  readonly failures: string[] = [];
  readonly log: string[] = [];
  games = 0;
  moves = 0;

  private constructor(
    readonly seed: number,
    readonly device: Device,
  ) {
    this.rnd = random(seed);
  }

  static async create(seed: number): Promise<Soak> {
    let soak: Soak | null = null;
    const device = await Device.create(
      `soak-${seed}`,
      seed,
      (page, move, late, inGame) => soak?.moved(page, move, late, inGame),
      (line) => soak?.note(line),
    );
    soak = new Soak(seed, device);
    return soak;
  }

  private moved(page: Page, move: SensorEvent, late: boolean, inGame: boolean): void {
    // What the cup said, for a failure's log: a move no game was sent is in no count.
    this.note(
      `  page ${page.tab.id} heard ${late ? 'a late ' : ''}${move.type}${inGame ? '' : ' (no game)'}`,
    );
    if (!inGame) return;
    if (late) {
      if (this.late > 0) this.late -= 1;
      else this.failures.push(`a late ${move.type} (page ${page.tab.id}) that was not late`);
      return;
    }
    const expected = this.pending.shift();
    if (expected?.type !== move.type) {
      this.failures.push(
        `the game was sent ${move.type} (page ${page.tab.id}), expected ${expected?.type ?? 'no move'}`,
      );
      return;
    }
    this.moves += 1;
    this.model.send(move);
  }

  note(line: string): void {
    this.log.push(`${this.log.length}: ${line}`);
  }

  /** The page that is the table. */
  get table(): Page | undefined {
    return this.device.table;
  }

  /** The cup's link, as the table's page has it. */
  get link() {
    return this.table?.connection?.snapshot.status.phase;
  }

  /** The pages that wait while another is the table. */
  get waiting(): Page[] {
    return this.device.pages.filter((p) => !p.isTable && !p.closed);
  }

  /**
   * Every page shows its screen, one of them the table, every cup move made has reached it, and
   * no new version is coming in.
   */
  private quiet(): boolean {
    const { device } = this;
    const page = this.table;
    if (!page || this.pending.length > 0 || device.pages.some((p) => p.applied)) return false;
    if (device.pages.some((p) => p.view.screen === 'loading')) return false;
    return device.pages.filter((p) => p.isTable).length === 1 && page.view.screen !== 'elsewhere';
  }

  /** How the device is, for a failure's message. */
  state(): string {
    const { device } = this;
    return JSON.stringify({
      pages: device.pages.map((p) => ({
        tab: p.tab.id,
        v: p.version,
        screen: p.view.screen,
        table: p.isTable,
        cup: p.connection?.snapshot.status,
      })),
      pending: this.pending.map((m) => m.type),
      failures: this.failures,
      late: this.late,
      reachable: device.cup.reachable,
      full: device.full,
    });
  }

  /** The cup is in range again; the players tap "Try now", or "Reconnect" where it was lost. */
  async back(): Promise<void> {
    this.device.cup.reachable = true;
    const connection = this.table?.connection;
    if (this.link === 'reconnecting') connection?.retryNow();
    else if (this.link === 'lost') connection?.reconnect();
    await pass(50);
  }

  /**
   * Until the table is quiet. After windows came or went the table may still change hands (a
   * window given the table by one that went away holds it for a grace first): quiet after that.
   * Moves made while the cup was away come once it is back (the players bring it back, and tap
   * "Reconnect" if the page asks them to), before the table moves on.
   */
  async settleDown(what: string, windows = false): Promise<void> {
    if (this.device.pages.length === 0) this.device.open();
    const away = () => !this.device.cup.reachable || this.link === 'lost';
    const stuck = () => (this.pending.length > 0 || this.late > 0) && away();
    const done = () => this.quiet() && this.late === 0;
    if (windows) {
      await settle(() => done() || stuck(), what).catch(() => undefined);
      await pass(3_000);
    }
    await settle(() => done() || stuck(), what).catch((error: Error) => {
      throw new Error(`${error.message} (${this.state()})`);
    });
    if (stuck()) {
      await this.back();
      return this.settleDown(what);
    }
    expect(this.failures.join('\n'), 'the cup moves').toBe('');
  }

  /** The table's screen and its stored game agree with the model. */
  async check(): Promise<void> {
    const { device, model } = this;
    const page = this.table!;
    if (page.view.screen === 'newGame' && !model.snapshot) return;
    expect(shown(page.game?.getSnapshot()), `the screen (${this.state()})`).toEqual(
      shown(model.snapshot),
    );
    const journal = page.session.journal!;
    expect(journal.id).toBe(model.id);
    expect(sent(journal.steps), 'the steps in memory').toEqual(sent(model.steps));
    if (device.full) return;
    await page.session.flush();
    await settle(() => journal.unsaved === 0, 'every step stored', 60_000);
    const stored = await device.stored();
    expect(stored.kind, 'the stored game').toBe('ok');
    if (stored.kind !== 'ok') return;
    expect(stored.game.id).toBe(model.id);
    expect(sent(stored.game.steps), 'the stored steps').toEqual(sent(model.steps));
    // A page opened now would restore the same game (from the checkpoint, and the steps after).
    expect(shown(stored.actor.getSnapshot()), 'the restored game').toEqual(shown(model.snapshot));
    stored.actor.stop();
  }

  /**
   * The table's page went away, or handed the table over, with steps not stored (the disk was
   * full, and the page said so): the page that has the table now shows what was stored. That
   * must be the model's game as it was some steps back, never anything it did not play.
   */
  async afterLeaving(unsaved: number): Promise<void> {
    if (unsaved === 0) return;
    const stored = await this.device.stored();
    if (stored.kind === 'ok') {
      const lost = this.model.rollBack(stored.game.id!, stored.game.steps);
      stored.actor.stop();
      this.note(`  ${lost} steps not stored were lost with the page, as it said`);
    } else {
      expect(stored.kind, 'the stored game').toBe('none');
      this.model.clear();
      this.note('  the game was never stored: the new-game screen');
    }
  }
}
