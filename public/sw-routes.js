// Imported by the service worker (vite.config.ts, workbox `importScripts`), before its own code.
//
// When it installs, it asks the browser to serve the app's files under /assets/ (their names
// carry their hash) straight from the precache, without running the worker's code for each one
// (the Static Routing API): a reopened game fetches about twenty of them. Anything the precache
// does not hold goes to the network. Browsers without the API use the worker's fetch handler.
//
// Such a route matches a request against the cached response's `Vary` header, as the Cache API
// does: a host that sends `Vary: Origin` (or any header a module request carries) would make
// every lookup miss and the app fail offline. A file under /assets/ is the same for every
// request (its name is its content), so the precache keeps it without `Vary`: responses are
// stored so, and those stored by an earlier version are stored again so when this one installs.
const PRECACHE = `workbox-precache-v2-${self.registration.scope}`;
const ASSETS = '/assets/';

const isAsset = (request) => {
  const url = new URL(typeof request === 'string' ? request : request.url, self.location.href);
  return url.origin === self.location.origin && url.pathname.startsWith(ASSETS);
};

const withoutVary = (response) => {
  if (!response.headers.has('Vary')) return response;
  const headers = new Headers(response.headers);
  headers.delete('Vary');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

const put = Cache.prototype.put;
Cache.prototype.put = function (request, response) {
  return put.call(this, request, isAsset(request) ? withoutVary(response) : response);
};

async function storedWithoutVary() {
  const cache = await caches.open(PRECACHE);
  for (const request of await cache.keys()) {
    if (!isAsset(request)) continue;
    const response = await cache.match(request);
    if (response?.headers.has('Vary')) await cache.put(request, response);
  }
}

self.addEventListener('install', (event) => {
  const routes =
    typeof event.addRoutes === 'function' && typeof URLPattern === 'function'
      ? event.addRoutes({
          condition: { urlPattern: new URLPattern({ pathname: `${ASSETS}*` }) },
          source: { cacheName: PRECACHE },
        })
      : Promise.resolve();
  event.waitUntil(
    Promise.all([routes, storedWithoutVary()]).catch((error) =>
      console.warn('Mia Cup: the precache is served through the worker:', error),
    ),
  );
});
