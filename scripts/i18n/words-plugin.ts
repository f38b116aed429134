/**
 * The words the app loads, made from the XLIFF files (the one committed copy of each language)
 * when Vite builds, serves or runs the tests: `virtual:mia-words/<locale>-first` holds the
 * messages of what loads before the first screen (`first-screen.ts`), and
 * `virtual:mia-words/<locale>-rest` the others. Their type: src/ui/i18n/words.d.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { firstScreenIds } from './first-screen.ts';
import { localeModule, readXliff } from './xliff.ts';

const PREFIX = 'virtual:mia-words/';
const RESOLVED = `\0${PREFIX}`;

interface LocalizeConfig {
  targetLocales: string[];
  interchange: { xliffDir: string };
}

/** `entry`: the module the page starts (its static imports make the first screen). */
export function miaWords({ entry }: { entry: string }): Plugin {
  let root = process.cwd();
  /** The first screen's message ids; made again after a source file changes. */
  let firstIds: Set<string> | null = null;
  return {
    name: 'mia:words',
    configResolved: (config) => {
      root = config.root;
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      const [, locale, part] = /^(.+)-(first|rest)$/.exec(name) ?? [];
      const config = JSON.parse(
        readFileSync(resolve(root, 'lit-localize.json'), 'utf8'),
      ) as LocalizeConfig;
      if (!config.targetLocales.includes(locale)) this.error(`no such words: ${PREFIX}${name}`);
      const file = resolve(root, config.interchange.xliffDir, `${locale}.xlf`);
      this.addWatchFile(file);
      firstIds ??= firstScreenIds(resolve(root, entry));
      const ids = firstIds;
      const units = readXliff(readFileSync(file, 'utf8'));
      return localeModule(units.filter((unit) => ids.has(unit.id) === (part === 'first')));
    },
    hotUpdate({ file }) {
      // A source file may move a message to or from the first screen; an XLIFF file brings new
      // words. The words load once per page: the next page load makes them again.
      if (!/\.(ts|xlf)$/.test(file)) return undefined;
      firstIds = null;
      const graph = this.environment.moduleGraph;
      for (const [id, module] of graph.idToModuleMap) {
        if (id.startsWith(RESOLVED)) graph.invalidateModule(module);
      }
      if (!file.endsWith('.xlf')) return undefined;
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
  };
}
