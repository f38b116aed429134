/** The data tests' IndexedDB (fake-indexeddb): fresh database names, stores closed after each test. */
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { GameStore, Scoreboard, type Timers } from '../../../src/data';
import { ScoreboardStore } from '../../../src/data/scoreboard-store';
import { GameSession } from '../../../src/data/session';
import type { Settlement } from '../../../src/game';

/** Call once per test file. `prefix` keeps its databases apart from other files'. */
export function databases(prefix: string) {
  const opened: { close(): void }[] = [];
  let count = 0;
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  return {
    /** A database name no test has used yet. */
    fresh: (): string => `${prefix}-${(count += 1)}`,
    /** A store opened for this test: closed after it. */
    keep: async <T extends { close(): void }>(opening: Promise<T>): Promise<T> => {
      const store = await opening;
      opened.push(store);
      return store;
    },
  };
}

/** A game session on the databases of `name`, with what its hooks heard. */
export function sessionOn(
  name: string,
  keep: <T extends { close(): void }>(opening: Promise<T>) => Promise<T>,
  timers?: Timers,
) {
  const heard = {
    settled: [] as Settlement[],
    saving: [] as boolean[],
    errors: [] as unknown[],
  };
  const scoreboard = new Scoreboard(() => keep(ScoreboardStore.open(`${name}-board`)));
  const s = new GameSession(
    {
      onSaving: (saving) => heard.saving.push(saving),
      onSettled: (settlement) => heard.settled.push(settlement),
      onError: (error) => heard.errors.push(error),
    },
    scoreboard,
    { openStore: (options) => keep(GameStore.open(name, options)), timers },
  );
  return { s, heard, scoreboard, name };
}
