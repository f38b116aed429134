/**
 * New versions of the app, without interrupting a game. The service worker (vite-plugin-pwa,
 * `registerType: 'prompt'`) installs a new version in the background and then waits; this
 * module notices it (`onReady`) and activates it only when asked (`apply()`: the app machine
 * asks between games, or when the players tap "Update now", once every step is stored).
 * Activation reloads the pages of the old version: the stored game opens in the new one. Every
 * wait here has a limit and a way on, and what went wrong is noted (`report`): the screen's code
 * that does not load in time is not waited for longer, and a new version that does not take over
 * in time is reloaded into anyway. (`main.ts` marks the page with the build it runs, `<html
 * data-build>`, from `VITE_MIA_BUILD` at build time, so that one can tell them apart.)
 */
import { reloadIfOutdated } from './outdated-page';

const HOUR = 60 * 60 * 1000;
/** How long each step of bringing a version in may take: a limit that only catches a hang. */
export const APPLY_LIMIT_MS = 10_000;

export interface UpdateHooks {
  /** A new version is installed and waits. */
  onReady(): void;
  /** Something did not go as it should (kept in the log the players can export). */
  report(what: string, error: unknown): void;
}

/** Whether `work` settles (either way) within `ms`. */
const within = (work: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });

const WORKER = '/sw.js';

/**
 * The service worker's URL as Trusted Types want it (index.html's CSP requires them for every
 * script sink, and `register()` is one): made by the policy `mia-service-worker`, which makes
 * this one URL and refuses any other. Lit makes its templates through its own (`lit-html`).
 */
function workerUrl(): string {
  const factory = (window as { trustedTypes?: ScriptUrlPolicyFactory }).trustedTypes;
  if (!factory) return WORKER;
  const policy = factory.createPolicy('mia-service-worker', {
    createScriptURL: (url) => {
      if (url !== WORKER) throw new TypeError(`${url} is not this app's service worker`);
      return url;
    },
  });
  // A TrustedScriptURL, which `register()` takes where it takes a string.
  return policy.createScriptURL(WORKER) as unknown as string;
}

interface ScriptUrlPolicyFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown };
}

export class UpdateWatcher {
  /** A new version is installed and waits to be applied. */
  ready = false;
  private registration: ServiceWorkerRegistration | null = null;
  private applying = false;

  constructor(private readonly hooks: UpdateHooks) {}

  /** Register the service worker (built app only) and watch for new versions. */
  async start(): Promise<void> {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const workers = navigator.serviceWorker;
    // The first install takes control without a reload; a change of versions reloads.
    let controlled = workers.controller !== null;
    workers.addEventListener('controllerchange', () => {
      if (controlled || this.applying) location.reload();
      controlled = true;
    });
    const registration = await workers.register(workerUrl(), { scope: '/' });
    this.registration = registration;
    const controller = workers.controller;
    if (controller) void reloadIfOutdated(controller, this.hooks.report);
    const check = () => {
      if (registration.waiting && workers.controller && !this.ready) {
        this.ready = true;
        this.hooks.onReady();
      }
    };
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') check();
      });
    });
    check();
    // A tablet may keep one page open all evening: look for a new version now and then.
    const look = () => void registration.update().catch(() => undefined);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') look();
    });
    setInterval(look, HOUR);
  }

  /**
   * Activate the waiting version: every page of this app reloads into it. `before` runs first
   * (the screen shown loads its code, which the new version's worker will no longer serve), for
   * at most `APPLY_LIMIT_MS`. Fails when no new version waits (any more): the next one is told
   * by `onReady` again.
   */
  async apply(before?: () => Promise<unknown>): Promise<void> {
    if (this.applying) return;
    const waiting = this.registration?.waiting;
    if (!this.ready || !waiting) {
      this.ready = false;
      throw new Error('no new version waits');
    }
    this.applying = true;
    const prepared = before?.() ?? Promise.resolve();
    if (!(await within(prepared, APPLY_LIMIT_MS))) {
      this.hooks.report('load the screen before the update', 'no answer in time');
    }
    waiting.postMessage({ type: 'SKIP_WAITING' });
    // The new version takes over and `controllerchange` reloads the page. One that is active
    // without taking this page over, or that failed, reloads it too: whichever version is active
    // then serves the reload whole. Never while it is activating: the reload would get the old
    // version's page, whose code the new version deletes from under it (an empty screen).
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated' || waiting.state === 'redundant') location.reload();
    });
    // A version that does not even start to take over in time: the page reloads anyway (into the
    // old version, which asks for the new one again).
    const reload = setTimeout(() => {
      if (waiting.state !== 'installed') return;
      this.hooks.report('switch to the new version', 'it did not take over in time');
      location.reload();
    }, APPLY_LIMIT_MS);
    addEventListener('pagehide', () => clearTimeout(reload), { once: true });
  }
}
