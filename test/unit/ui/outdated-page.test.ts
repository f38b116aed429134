/**
 * A page that a newer version took over as it loaded (`src/ui/platform/outdated-page.ts`): once
 * its service worker is activated, the page reloads when that worker no longer holds the page's
 * first chunk, and only once; a page of the worker's own version stays.
 */
import { describe, expect, it } from 'vitest';
import {
  OUTDATED_KEY,
  reloadIfOutdated,
  type PageParts,
} from '../../../src/ui/platform/outdated-page';

const ENTRY = 'https://mia.example/assets/index-old.js';

/** A page whose first chunk is `ENTRY`, a worker whose precache holds `held`. */
function setUp(held: string[], state: ServiceWorkerState = 'activated') {
  const stored = new Map<string, string>();
  const log: string[] = [];
  const listeners: (() => void)[] = [];
  const worker = {
    state,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  } as unknown as ServiceWorker;
  const page: PageParts = {
    document: {
      querySelector: (selector: string) =>
        selector === 'script[type="module"][src]' ? ({ src: ENTRY } as HTMLScriptElement) : null,
    } as PageParts['document'],
    caches: {
      match: (request: RequestInfo | URL) =>
        Promise.resolve(held.includes(String(request)) ? new Response('') : undefined),
    },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    location: { reload: () => log.push('reload') },
  };
  const report = (what: string) => log.push(`report: ${what}`);
  const activate = () => {
    (worker as { state: ServiceWorkerState }).state = 'activated';
    for (const listener of listeners) listener();
  };
  return { worker, page, report, log, stored, activate };
}

describe('a page a newer version took over as it loaded', () => {
  it('reloads once its worker, activated, no longer holds its first chunk', async () => {
    const { worker, page, report, log, stored } = setUp([
      'https://mia.example/assets/index-new.js',
    ]);
    expect(await reloadIfOutdated(worker, report, page)).toBe(true);
    expect(log).toEqual(['reload']);
    expect(stored.get(OUTDATED_KEY)).toBe(ENTRY);
  });

  it('waits for a worker that is activating', async () => {
    const { worker, page, report, log, activate } = setUp([], 'activating');
    const reloaded = reloadIfOutdated(worker, report, page);
    await Promise.resolve();
    expect(log).toEqual([]);
    activate();
    expect(await reloaded).toBe(true);
    expect(log).toEqual(['reload']);
  });

  it("stays when its worker serves the page's own version", async () => {
    const { worker, page, report, log } = setUp([ENTRY]);
    expect(await reloadIfOutdated(worker, report, page)).toBe(false);
    expect(log).toEqual([]);
  });

  it('reloads only once for the same page: a second time it says so', async () => {
    const { worker, page, report, log } = setUp([]);
    expect(await reloadIfOutdated(worker, report, page)).toBe(true);
    expect(await reloadIfOutdated(worker, report, page)).toBe(false);
    expect(log).toEqual(['reload', 'report: open the new version']);
  });

  it('does not reload where it cannot remember having reloaded', async () => {
    const { worker, page, report, log } = setUp([]);
    page.sessionStorage.setItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(await reloadIfOutdated(worker, report, page)).toBe(false);
    expect(log).toEqual(['report: open the new version']);
  });
});
