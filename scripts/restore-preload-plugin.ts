/**
 * With a game stored, the first chunk draws the stored game's table from its stored view
 * (`src/data/early-view.ts`, with the table's code, `src/ui/mia-table.ts`), but it asks for those
 * chunks only once it has run. This build plugin writes a small script into the page's head that
 * runs before the first chunk: when the hint says a game is stored (`GAME_STORED_KEY`), it asks
 * the browser to fetch and compile those chunks at once (`<link rel="modulepreload">`; not the
 * first chunk, which the page's own module script asks for: each link inserted here cost 3 to
 * 10 ms at 4x CPU, and a restore was faster without it), and opens the database and reads the
 * stored view meanwhile. With no game stored it does nothing, and the first screen loads as before.
 *
 * The script is inline (one file less to fetch through the service worker on every start), and
 * the page's Content-Security-Policy allows it by its SHA-256 hash, nothing else inline.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const PLACEHOLDER = '<script data-mia-restore-preload></script>';

export interface RestorePreloadOptions {
  /** The modules the drawn table needs (loaded by `import()`): their chunks, and what these import. */
  modules: string[];
  /** The localStorage key that says a game is stored. */
  hintKey: string;
  /**
   * The most files a restore may load (the first chunk included): each costs a request and a
   * link (~4 ms at 4x CPU). More means a module the table shares with other chunks went into a
   * chunk of its own: the build fails and says so.
   */
  maxFiles: number;
  /**
   * Started beside the preloads: the database's early opening (`src/data/early-open.ts`). Its
   * function's own source is written into the script, called with `args`; the promise it returns
   * is left at `globalThis[global]` for the first chunk to take.
   */
  early: { global: string; open: (...args: never[]) => unknown; args: unknown[] };
}

export function restorePreload(options: RestorePreloadOptions): Plugin {
  return {
    name: 'mia:restore-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</title>', `</title>\n    ${PLACEHOLDER}`),
    },
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return this.error('restore-preload: no entry chunk');
        const loaded = new Set<string>();
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(next, into);
        };
        closure(entry.fileName, loaded);
        const wanted = new Set<string>();
        for (const module of options.modules) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) return this.error(`restore-preload: no chunk holds ${module}`);
          closure(chunk.fileName, wanted);
        }
        if (loaded.size > 1) {
          return this.error(
            `restore-preload: the first chunk imports ${[...loaded].slice(1).join(', ')}: the first screen would load ${loaded.size} files`,
          );
        }
        const files = [entry.fileName, ...[...wanted].filter((file) => !loaded.has(file))];
        if (files.length > options.maxFiles) {
          return this.error(
            `restore-preload: a restore would load ${files.length} files (at most ${options.maxFiles}): ${files.join(', ')}. A module the table needs went into a chunk of its own (a dynamic import's target?): see the table's group (vite.config.ts, TABLE).`,
          );
        }
        const { early } = options;
        const call = `(${early.open.toString()})(...${JSON.stringify(early.args)})`;
        const source =
          `try{if(localStorage.getItem(${JSON.stringify(options.hintKey)})==='1'){` +
          `for(const f of ${JSON.stringify(files.slice(1).map((file) => `/${file}`))}){` +
          `const l=document.createElement('link');l.rel='modulepreload';l.href=f;` +
          `document.head.appendChild(l)}` +
          `globalThis[${JSON.stringify(early.global)}]=${call}}}catch(e){}`;
        const page = bundle['index.html'];
        if (page?.type !== 'asset' || typeof page.source !== 'string') {
          return this.error('restore-preload: no index.html in the bundle');
        }
        const hash = createHash('sha256').update(source).digest('base64');
        const html = page.source
          .replace(PLACEHOLDER, `<script>${source}</script>`)
          .replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`);
        if (!html.includes(`'sha256-${hash}'`) || !html.includes(source)) {
          return this.error('restore-preload: the page has no placeholder or no script-src');
        }
        page.source = html;
      },
    },
  };
}
