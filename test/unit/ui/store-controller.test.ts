/**
 * The one controller for elements that follow a store (`StoreController`, under the preferences,
 * storage and scoreboard views): it listens only while its host is connected, re-renders the
 * host after each change (after `onChange`), and picks up what changed while it was away.
 */
import { describe, expect, it } from 'vitest';
import type { ReactiveController, ReactiveElement } from 'lit';
import { PreferencesStore } from '../../../src/data';
import { StoreController } from '../../../src/ui/store-controller';

/** A host that counts its update requests and runs its controllers' connect callbacks. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  const log: string[] = [];
  const host = {
    addController: (c: ReactiveController) => controllers.push(c),
    requestUpdate: () => log.push('update'),
  };
  return {
    host: host as unknown as ReactiveElement,
    log,
    connect: () => controllers.forEach((c) => c.hostConnected?.()),
    disconnect: () => controllers.forEach((c) => c.hostDisconnected?.()),
  };
}

describe('StoreController', () => {
  it('follows a given store while its host is connected, and only then', () => {
    const store = new PreferencesStore(null);
    const { host, log, connect, disconnect } = fakeHost();
    const controller = new StoreController(host, { store }, () => log.push('change'));
    expect(controller.store).toBe(store);

    store.update({ odds: true });
    expect(log).toEqual([]); // not connected yet: not listening

    connect();
    expect(log).toEqual(['update']); // what changed meanwhile is shown
    log.length = 0;
    store.update({ odds: false });
    expect(log).toEqual(['change', 'update']);

    log.length = 0;
    disconnect();
    store.update({ odds: true });
    expect(log).toEqual([]);

    connect();
    connect(); // a second connect does not listen twice
    log.length = 0;
    store.update({ odds: false });
    expect(log).toEqual(['change', 'update']);
  });
});
