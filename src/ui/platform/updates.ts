/**
 * New versions of the app, without interrupting a game. The service worker (vite-plugin-pwa,
 * `registerType: 'prompt'`) installs a new version in the background and then waits; this
 * module notices it (`ready`) and activates it only when asked (`apply()`: the app asks between
 * games, or when the players tap "Update now"). Activation reloads the pages of the old version:
 * the stored game opens in the new one. Also marks the page with the build it runs
 * (`<html data-build>`, from `VITE_MIA_BUILD` at build time), so that one can tell them apart.
 */
const HOUR = 60 * 60 * 1000;
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

  constructor(private readonly onReady: () => void) {
    const build: unknown = import.meta.env.VITE_MIA_BUILD;
    if (typeof build === 'string' && build) document.documentElement.dataset.build = build;
  }

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
    const check = () => {
      if (registration.waiting && workers.controller && !this.ready) {
        this.ready = true;
        this.onReady();
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
   * (the app stores every step of the game); it runs once however often this is asked.
   */
  async apply(before?: () => Promise<unknown>): Promise<void> {
    if (!this.ready || !this.registration?.waiting || this.applying) return;
    this.applying = true;
    await before?.().catch(() => undefined);
    this.registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
  }
}
