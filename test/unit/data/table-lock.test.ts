/**
 * `TableLock` with a fake Web Locks manager and a fake BroadcastChannel: the pages of one device
 * as several locks in one test, each with its own visibility.
 */
import { describe, expect, it } from 'vitest';
import { TableLock, type TableEnvironment } from '../../../src/data';
import { FakeChannels, FakeLocks } from './fake-locks';

/** One device: its lock manager and channels, and pages on it. */
function device() {
  const locks = new FakeLocks() as unknown as LockManager;
  const channels = new FakeChannels();
  const log: string[] = [];
  const page = (
    name: string,
    options: {
      patience?: number;
      release?: () => Promise<void>;
      grace?: () => Promise<void>;
      /** The tab this page is in (a reload is a new page in the same tab). */
      tab?: Tab;
    } = {},
  ) => {
    let shown = true;
    const listeners: (() => void)[] = [];
    const tab = options.tab ?? newTab();
    const environment: TableEnvironment = {
      locks,
      channel: channels.make,
      visible: () => shown,
      onVisibility: (changed) => listeners.push(changed),
      grace: options.grace,
      wasTable: () => {
        const was = tab.wasTable;
        tab.wasTable = false;
        return was;
      },
      onLeave: (isTable) => (tab.leave = () => (tab.wasTable = isTable())),
    };
    /** The page's writes: only while it is the table, as the app's session does. */
    const state = { writing: false, writes: 0 };
    const lock = new TableLock(
      {
        onTable: () => {
          state.writing = true;
          log.push(`${name} table`);
        },
        onElsewhere: (taken) => log.push(`${name} elsewhere${taken ? ' (taken)' : ''}`),
        onRelease: async () => {
          log.push(`${name} releases`);
          await (options.release?.() ?? Promise.resolve());
          state.writing = false;
          log.push(`${name} released`);
        },
      },
      options.patience,
      environment,
    );
    return {
      lock,
      state,
      write: () => {
        if (state.writing) state.writes += 1;
      },
      show: (visible: boolean) => {
        shown = visible;
        for (const changed of listeners) changed();
      },
      /** The page goes away (closed, or reloaded: then open a page in its `tab` again). */
      leave: () => {
        tab.leave();
        lock.close();
      },
      tab,
    };
  };
  return { page, log };
}

/** A browser tab: what it keeps across a reload (sessionStorage), and its page's leaving. */
interface Tab {
  wasTable: boolean;
  leave: () => void;
}
const newTab = (): Tab => ({ wasTable: false, leave: () => undefined });

/** Wait until the log says so (every step here is a promise or a message, none a timer). */
const heard = (log: string[], line: string) => expect.poll(() => log).toContain(line);

/** Every promise and message so far has run (the fakes use no timers). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one table per device (TableLock)', () => {
  it('the first page is the table; a second one waits and says so', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    expect(a.lock.holding).toBe(true);
    const b = page('B');
    await b.lock.open();
    expect(b.lock.holding).toBe(false);
    expect(log).toEqual(['A table', 'B elsewhere']);
  });

  it('a reloaded page whose former self still holds the table gets it, never saying elsewhere', async () => {
    const { page, log } = device();
    const before = page('A');
    await before.lock.open();
    let graceOver!: () => void;
    const grace = new Promise<void>((resolve) => (graceOver = resolve));
    const reloaded = page('A reloaded', { grace: () => grace });
    const opening = reloaded.lock.open();
    await settled();
    before.lock.close(); // the old document goes away a moment after the new one asked
    await heard(log, 'A reloaded table');
    graceOver();
    await opening;
    expect(log).toEqual(['A table', 'A reloaded table']);
    // A page that finds the table taken for longer than the grace says so.
    const other = page('B', { grace: () => Promise.resolve() });
    await other.lock.open();
    expect(log).toEqual(['A table', 'A reloaded table', 'B elsewhere']);
  });

  it('the waiting page becomes the table when the table page closes', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    const b = page('B');
    await b.lock.open();
    a.lock.close();
    await heard(log, 'B table');
    expect(b.lock.holding).toBe(true);
    expect(log).toEqual(['A table', 'B elsewhere', 'B table']);
  });

  it('a hidden waiting page becomes the table only once it is shown', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    const b = page('B');
    await b.lock.open();
    b.show(false);
    a.lock.close();
    await settled();
    // The table's page reloads: the page behind has left the queue, the reloaded page is the table.
    const again = page('A again');
    await again.lock.open();
    expect(again.lock.holding).toBe(true);
    expect(b.lock.holding).toBe(false);
    b.show(true); // shown again: it queues, and waits
    again.lock.close();
    await heard(log, 'B table');
    expect(log).toEqual(['A table', 'B elsewhere', 'A again table', 'B table']);
  });

  it('two pages on screen: the table page reloaded is the table again, the other never was', async () => {
    const { page, log } = device();
    // The graces the pages wait (for a page that reloads), over when the test says.
    const pending: (() => void)[] = [];
    const grace = () => new Promise<void>((resolve) => pending.push(resolve));
    const graceOver = () => pending.splice(0).forEach((over) => over());
    const a = page('A');
    await a.lock.open();
    const b = page('B', { grace });
    const opening = b.lock.open();
    await settled();
    graceOver();
    await opening;
    a.leave(); // reloaded: the old document goes, B is given the lock...
    await settled();
    const again = page('A again', { tab: a.tab, grace });
    const reopening = again.lock.open(); // ...and the reloaded page takes it back
    await heard(log, 'A again table');
    graceOver(); // B's grace for a page that comes back, over
    await reopening;
    await settled();
    expect(again.lock.holding).toBe(true);
    expect(b.lock.holding).toBe(false);
    expect(log).toEqual(['A table', 'B elsewhere', 'A again table']);
    // B still waits: it is the table once the table's page closes for good (after its grace).
    again.leave();
    await settled();
    console.log('pending', pending.length, b.lock);
    graceOver();
    await heard(log, 'B table');
    expect(log).toEqual(['A table', 'B elsewhere', 'A again table', 'B table']);
  });

  it('two pages on screen: a table page reloaded after the other took the table takes it back', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    const b = page('B', { grace: () => Promise.resolve() });
    await b.lock.open();
    a.leave();
    await heard(log, 'B table'); // the reload took longer than B's grace
    const again = page('A again', { tab: a.tab, grace: () => Promise.resolve() });
    await again.lock.open();
    await heard(log, 'A again table');
    await heard(log, 'B elsewhere (taken)');
    expect(log.indexOf('B released')).toBeLessThan(log.indexOf('A again table'));
    expect([again.lock.holding, b.lock.holding]).toEqual([true, false]);
  });

  it('a page that was not the table does not take it back on a reload', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    const b = page('B', { grace: () => Promise.resolve() });
    await b.lock.open();
    b.leave();
    const again = page('B again', { tab: b.tab, grace: () => Promise.resolve() });
    await again.lock.open();
    await settled();
    expect([a.lock.holding, again.lock.holding]).toEqual([true, false]);
    expect(log).toEqual(['A table', 'B elsewhere', 'B again elsewhere']);
  });

  it('taking over: the table stops writing and finishes first, then the other page holds it', async () => {
    const { page, log } = device();
    let finish = () => {};
    const a = page('A', { release: () => new Promise<void>((resolve) => (finish = resolve)) });
    await a.lock.open();
    const b = page('B');
    await b.lock.open();
    a.write();

    const taking = b.lock.takeOver();
    await heard(log, 'A releases');
    // Until A's begun writes are finished, B is not the table.
    expect(b.lock.holding).toBe(false);
    finish();
    await taking;
    await heard(log, 'B table');
    await heard(log, 'A elsewhere (taken)');
    expect(a.lock.holding).toBe(false);
    expect(b.lock.holding).toBe(true);
    expect(log.indexOf('A released')).toBeLessThan(log.indexOf('B table'));
    // The old table writes nothing more; the new one does.
    a.write();
    b.write();
    expect([a.state.writes, b.state.writes]).toEqual([1, 1]);
  });

  it('the old table, taken over, waits and can take the table back', async () => {
    const { page, log } = device();
    const a = page('A');
    await a.lock.open();
    const b = page('B');
    await b.lock.open();
    await b.lock.takeOver();
    await heard(log, 'A elsewhere (taken)');
    await a.lock.takeOver();
    await heard(log, 'B elsewhere (taken)');
    expect(a.lock.holding).toBe(true);
    expect(b.lock.holding).toBe(false);
    // B waits for the table again: it gets it when A closes.
    a.lock.close();
    await heard(log, 'B table');
    expect(log.filter((line) => line === 'B table')).toHaveLength(2);
  });

  it('a table that does not answer loses the table after its patience', async () => {
    const { page, log } = device();
    const a = page('A', { release: () => new Promise<void>(() => {}) });
    await a.lock.open();
    const b = page('B', { patience: 0 });
    await b.lock.open();
    await b.lock.takeOver();
    await heard(log, 'B table');
    await heard(log, 'A elsewhere (taken)');
    expect(a.lock.holding).toBe(false);
  });

  it('without Web Locks the page is the table', async () => {
    const log: string[] = [];
    const lock = new TableLock(
      {
        onTable: () => log.push('table'),
        onElsewhere: () => log.push('elsewhere'),
        onRelease: () => Promise.resolve(),
      },
      5_000,
      { locks: undefined, channel: null, visible: () => true, onVisibility: () => {} },
    );
    await lock.open();
    expect(lock.holding).toBe(true);
    expect(log).toEqual(['table']);
  });
});
