/**
 * With a game stored, the first chunk draws the stored game's table from its stored view
 * (`src/data/early-view.ts`, with the table's code, `src/ui/mia-table.ts`), but it asks for those
 * chunks only once it has run. This build plugin writes a small classic script that runs before
 * the first chunk: when the hint says a game is stored (`GAME_STORED_KEY`), it asks the browser
 * to fetch and compile those chunks at once (`<link rel="modulepreload">`), beside the first
 * chunk. With no game stored it does nothing, and the first screen loads as before.
 */
import type { Plugin } from 'vite';

export const RESTORE_PRELOAD = 'restore-preload.js';

export function restorePreload(options: { modules: string[]; hintKey: string }): Plugin {
  return {
    name: 'mia:restore-preload',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const entry = chunks.find((c) => c.isEntry);
      const loaded = new Set<string>();
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(next, into);
      };
      if (entry) closure(entry.fileName, loaded);
      const wanted = new Set<string>();
      for (const module of options.modules) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) this.error(`restore-preload: no chunk of its own for ${module}`);
        closure(chunk.fileName, wanted);
      }
      const files = [...wanted].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      const source =
        `try{if(localStorage.getItem(${JSON.stringify(options.hintKey)})==='1')` +
        `for(const f of ${JSON.stringify(files)}){const l=document.createElement('link');` +
        `l.rel='modulepreload';l.href=f;document.head.appendChild(l)}}catch(e){}\n`;
      this.emitFile({ type: 'asset', fileName: RESTORE_PRELOAD, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace('</title>', `</title>\n    <script src="/${RESTORE_PRELOAD}"></script>`),
    },
  };
}
