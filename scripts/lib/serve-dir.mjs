// A static server like any host, for a built copy of the app: files as they are, the index for
// every other path. On a free port, and closed when the script ends (./children.mjs).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { onCleanup } from './children.mjs';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serve `dir` on a free port of localhost; resolves with `{ server, url }`. */
export function serveDir(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(dir, 'index.html');
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    response.end(readFileSync(file));
  });
  onCleanup(() => {
    server.closeAllConnections();
    server.close();
  });
  return new Promise((resolve) =>
    server.listen(0, 'localhost', () =>
      resolve({ server, url: `http://localhost:${server.address().port}` }),
    ),
  );
}
