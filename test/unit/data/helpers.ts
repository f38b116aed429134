/** The data tests' IndexedDB (fake-indexeddb): fresh database names, stores closed after each test. */
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

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
