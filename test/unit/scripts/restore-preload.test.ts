/**
 * The restore preload's build plugin (scripts/restore-preload-plugin.ts): the script it writes
 * into the page, allowed by its hash, and the build failing when the first screen would load more
 * than its one file or a restore more than its limit (a small shared module in a chunk of its own
 * costs every restore a request and a link).
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restorePreload } from '../../../scripts/restore-preload-plugin';
import { EARLY_GLOBAL, openAndRead, type EarlyOpen } from '../../../src/data/early-open';

const CSP = `<meta http-equiv="Content-Security-Policy" content="script-src 'self'" />`;

function chunk(fileName: string, imports: string[] = [], module?: string, isEntry = false) {
  return { type: 'chunk', fileName, imports, moduleIds: module ? [module] : [], isEntry };
}

/** The plugin's page and its output for a bundle of these chunks; `error` when it fails. */
function build(chunks: ReturnType<typeof chunk>[], maxFiles = 4) {
  const plugin = restorePreload({
    modules: ['src/ui/mia-table.ts', 'src/data/early-view.ts'],
    hintKey: 'mia-cup:game-stored',
    maxFiles,
    early: { global: EARLY_GLOBAL, open: openAndRead, args: ['preload-test', 'games', ['a', 'b']] },
  });
  const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
  const page = { type: 'asset', source: transform.handler(`<title>Mia Cup</title>${CSP}`) };
  const bundle: Record<string, unknown> = { 'index.html': page };
  for (const c of chunks) bundle[c.fileName] = c;
  const hook = plugin.generateBundle as { handler: (...args: unknown[]) => void };
  let error: string | null = null;
  hook.handler.call({ error: (message: string) => void (error = message) }, {}, bundle);
  return { html: page.source, error };
}

const table = [
  chunk(
    'assets/mia-table.js',
    ['assets/index.js', 'assets/table-core.js'],
    '/app/src/ui/mia-table.ts',
  ),
  chunk('assets/early-view.js', ['assets/table-core.js'], '/app/src/data/early-view.ts'),
  chunk('assets/table-core.js', ['assets/index.js']),
];

/** Runs the page's script with this hint: the files it preloads. */
function run(script: string, hint: string | null): string[] {
  const links: { href?: string; rel?: string }[] = [];
  vi.stubGlobal('localStorage', { getItem: () => hint });
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: { appendChild: (link: (typeof links)[0]) => links.push(link) },
  });
  new Function(script)();
  return links.map((link) => `${link.rel} ${link.href}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
});

describe('the restore preload', () => {
  it('asks for what the drawn table needs (the page asks for the first chunk), allowed by its hash', () => {
    const { html, error } = build([chunk('assets/index.js', [], undefined, true), ...table]);
    expect(error).toBe(null);
    const script = /<script>(.*)<\/script>/s.exec(html)![1];
    expect(script).toContain(
      '["/assets/mia-table.js","/assets/table-core.js","/assets/early-view.js"]',
    );
    const hash = createHash('sha256').update(script).digest('base64');
    expect(html).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('fails the build when a restore would load more files than its limit', () => {
    const { error } = build([chunk('assets/index.js', [], undefined, true), ...table], 3);
    expect(error).toMatch(/a restore would load 4 files \(at most 3\)/);
  });

  it('fails the build when the first chunk imports others (the first screen is one file)', () => {
    const entry = chunk('assets/index.js', ['assets/lit.js'], undefined, true);
    const { error } = build([entry, chunk('assets/lit.js'), ...table]);
    expect(error).toMatch(/the first chunk imports assets\/lit\.js/);
  });

  it('with a game stored, preloads the files and reads the stored view meanwhile', async () => {
    const db = await openDB('preload-test', 1, {
      upgrade: (d) => void d.createObjectStore('games'),
    });
    await db.put('games', 'the head', 'a');
    await db.put('games', 'the view', 'b');
    db.close();
    const { html } = build([chunk('assets/index.js', [], undefined, true), ...table]);
    const script = /<script>(.*)<\/script>/s.exec(html)![1];

    expect(run(script, null)).toEqual([]);
    expect((globalThis as Record<string, unknown>)[EARLY_GLOBAL]).toBeUndefined();

    expect(run(script, '1')).toEqual([
      'modulepreload /assets/mia-table.js',
      'modulepreload /assets/table-core.js',
      'modulepreload /assets/early-view.js',
    ]);
    const early = (globalThis as Record<string, unknown>)[EARLY_GLOBAL] as Promise<EarlyOpen>;
    const opened = await early;
    expect(opened.records).toEqual(['the head', 'the view']);
    opened.db.close();
  });
});
