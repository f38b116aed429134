/**
 * The service worker's part of our own (public/sw-routes.js), run in a worker-like scope with an
 * in-memory Cache Storage: the /assets/ route asked for when it installs, the precache keeping
 * the app's hashed files without `Vary` (a route lookup honours it, and a host's `Vary: Origin`
 * made every lookup miss offline), and the files an earlier version stored with `Vary` stored
 * again without it.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync('public/sw-routes.js', 'utf8');
const SCOPE = 'https://mia.example/';
const PRECACHE = `workbox-precache-v2-${SCOPE}`;

type Listener = (event: unknown) => void;

/** Load the script in a fresh worker-like scope; returns what it did with it. */
function loadWorker(stored: Record<string, Response> = {}) {
  /** Cache Storage in memory, by request URL: a class of its own, the script patches it. */
  class Cache {
    readonly entries = new Map<string, Response>();
    put(request: Request | string, response: Response): Promise<void> {
      this.entries.set(typeof request === 'string' ? request : request.url, response);
      return Promise.resolve();
    }
    match(request: Request | string): Promise<Response | undefined> {
      const found = this.entries.get(typeof request === 'string' ? request : request.url);
      return Promise.resolve(found?.clone());
    }
    keys(): Promise<Request[]> {
      return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
    }
  }
  const cache = new Cache();
  for (const [url, response] of Object.entries(stored)) cache.entries.set(url, response);
  const listeners = new Map<string, Listener>();
  const scope = {
    self: {
      registration: { scope: SCOPE },
      location: new URL(`${SCOPE}sw.js`),
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    },
    caches: { open: (name: string) => Promise.resolve(name === PRECACHE ? cache : null) },
    Cache,
    URL,
    URLPattern: class {
      constructor(readonly init: unknown) {}
    },
    Headers,
    Response,
    console,
  };
  runInNewContext(SOURCE, scope);
  const install = async (addRoutes?: (rules: unknown) => Promise<void>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get('install')!({ addRoutes, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { cache, install, put: (url: string, r: Response) => cache.put(url, r) };
}

const file = (vary?: string) =>
  new Response('export const x = 1;', {
    headers: { 'Content-Type': 'text/javascript', ...(vary ? { Vary: vary } : {}) },
  });

describe('the service worker routes (public/sw-routes.js)', () => {
  it('asks for a route of /assets/ to the precache when it installs', async () => {
    const { install } = loadWorker();
    const rules: unknown[] = [];
    await install((r) => {
      rules.push(r);
      return Promise.resolve();
    });
    expect(rules).toEqual([
      {
        condition: { urlPattern: { init: { pathname: '/assets/*' } } },
        source: { cacheName: PRECACHE },
      },
    ]);
  });

  it("stores the app's hashed files without Vary, and anything else as it came", async () => {
    const { cache, put } = loadWorker();
    await put(`${SCOPE}assets/index-abc123.js`, file('Origin'));
    await put(`${SCOPE}index.html?__WB_REVISION__=1`, file('Origin'));
    const asset = cache.entries.get(`${SCOPE}assets/index-abc123.js`)!;
    expect(asset.headers.has('Vary')).toBe(false);
    expect(asset.headers.get('Content-Type')).toBe('text/javascript');
    expect(await asset.text()).toBe('export const x = 1;');
    expect(cache.entries.get(`${SCOPE}index.html?__WB_REVISION__=1`)!.headers.get('Vary')).toBe(
      'Origin',
    );
  });

  it('stores again without Vary the files an earlier version kept with it', async () => {
    const { cache, install } = loadWorker({
      [`${SCOPE}assets/table-old.js`]: file('Origin, Accept-Encoding'),
      [`${SCOPE}assets/plain.js`]: file(),
    });
    await install(); // a browser without the Static Routing API: no route, the same storing
    const old = cache.entries.get(`${SCOPE}assets/table-old.js`)!;
    expect(old.headers.has('Vary')).toBe(false);
    expect(await old.text()).toBe('export const x = 1;');
    expect(cache.entries.get(`${SCOPE}assets/plain.js`)!.headers.has('Vary')).toBe(false);
  });
});
