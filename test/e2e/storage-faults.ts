/**
 * Storage that fails, injected before the app loads: `window.__miaFault` switches the fault on
 * and off while the page runs. Also the table's state as the app holds it, and its export.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** `hang`: writes are not stored and do not finish (their transactions never complete). */
export type Fault = 'missing' | 'quota' | 'open-refused' | 'upgrade-throws' | 'hang';

declare global {
  interface Window {
    __miaFault: Fault | null;
  }
}

/**
 * Install `fault` in the page before the app loads, on from the start (or off, `active`
 * false). Switched on or off by `setFault`, which holds across reloads (sessionStorage).
 */
export async function injectFault(page: Page, fault: Fault, active = true): Promise<void> {
  await page.addInitScript(
    ([kind, initially]: [Fault, boolean]) => {
      const saved = sessionStorage.getItem('mia-fault');
      window.__miaFault =
        saved === null ? (initially ? kind : null) : saved === 'none' ? null : (saved as Fault);
      const on = (k: Fault) => window.__miaFault === k;
      const factory = window.indexedDB;
      Object.defineProperty(window, 'indexedDB', {
        configurable: true,
        get: () => (on('missing') ? undefined : factory),
      });
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        if (on('open-refused') && name === 'mia-cup') {
          throw new DOMException(
            'The operation failed for reasons unrelated to the database.',
            'UnknownError',
          );
        }
        return open.call(this, name, version);
      };
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (
        this: IDBObjectStore,
        ...args: [unknown, IDBValidKey?]
      ) {
        if (on('quota') && this.transaction.db.name === 'mia-cup') {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return put.apply(this, args);
      };
      const transaction = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args) {
        const tx = transaction.apply(this, args);
        if (on('hang') && this.name === 'mia-cup' && tx.mode === 'readwrite') {
          // A transaction commits once no request is pending (or when the app commits it): kept
          // busy with reads, and deaf to commit(), its writes are neither stored nor finished
          // until the fault is off.
          tx.commit = () => undefined;
          const store = tx.objectStore(tx.objectStoreNames[0]);
          const busy = () => {
            if (on('hang')) store.count().onsuccess = busy;
          };
          busy();
        }
        return tx;
      } as typeof transaction;
      const create = IDBDatabase.prototype.createObjectStore;
      IDBDatabase.prototype.createObjectStore = function (this: IDBDatabase, ...args) {
        if (on('upgrade-throws') && this.name === 'mia-cup')
          throw new DOMException('The upgrade failed.', 'UnknownError');
        return create.apply(this, args);
      } as typeof create;
    },
    [fault, active] as [Fault, boolean],
  );
}

/** Switch the injected fault on (or off: null), in this page and after a reload. */
export async function setFault(page: Page, fault: Fault | null): Promise<void> {
  await page.evaluate((kind) => {
    window.__miaFault = kind;
    sessionStorage.setItem('mia-fault', kind ?? 'none');
  }, fault);
}

/** Switch the injected fault off: storage is back. */
export const lift = (page: Page) => setFault(page, null);

/** A value as JSON with its keys sorted: equal games give equal strings. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The game as the app holds it (phase and context), to compare across reloads. */
export async function tableState(page: Page): Promise<string> {
  // The game's own actor, not the table drawn from its stored view while the game is read.
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  const state = await page.evaluate(() => {
    const snapshot = document.querySelector('mia-app')?.actor?.getSnapshot();
    return snapshot ? { value: snapshot.value, context: snapshot.context } : null;
  });
  return canonical(state);
}

/** Tap a button and return the JSON file it downloads. */
export async function downloaded(page: Page, button: string): Promise<Record<string, unknown>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const chunks = await (await download.createReadStream()).toArray();
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** The storage message, calm and single. */
export const storageMessage = (page: Page) => page.locator('mia-storage-status [role="status"]');

export async function expectMessage(page: Page, text: string | RegExp): Promise<void> {
  await expect(storageMessage(page)).toContainText('Not stored on this device');
  await expect(storageMessage(page)).toContainText(text);
}

/** A page of the app's origin without the app (to set up its storage as an old version did). */
export async function blankPage(page: Page): Promise<void> {
  await page.route('**/blank.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">',
    }),
  );
  await page.goto('/blank.html');
}

/** Put a database as the app before the log left it (version 1) with `record` as its game. */
export async function seedOldDatabase(page: Page, record: unknown): Promise<void> {
  await blankPage(page);
  await page.evaluate(async (game) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mia-cup', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('games');
        open.result.createObjectStore('settings');
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('games', 'readwrite');
      tx.objectStore('games').put(game, 'current');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, record);
}

/** Every key of the games store (the current game and any set aside). */
export function storedGameKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('mia-cup');
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('games').objectStore('games').getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve((request.result as string[]).map(String).sort());
          };
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}
