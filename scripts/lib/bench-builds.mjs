// The pages the speed benchmarks measure, built in the same run the same way: the app and the
// baseline page (test/bench/baseline: Vite + lit + xstate rendering one button, with the same
// service-worker set-up), each served as a host would serve it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { must, onCleanup } from './children.mjs';
import { serveDir } from './serve-dir.mjs';

async function build(args, label) {
  console.log(`[bench] building ${label}`);
  await must('npx', ['vite', 'build', '--logLevel', 'warn', ...args]);
}

/**
 * Builds both pages into a temporary folder (removed when the script ends) and serves them:
 * `{ work, app, base }`, each page as `{ dir, url, server }`.
 */
export async function buildPages(name) {
  const work = mkdtempSync(join(tmpdir(), `mia-${name}-`));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const appDir = join(work, 'app');
  const baseDir = join(work, 'baseline');
  await build(['--outDir', appDir, '--emptyOutDir'], 'the app');
  await build(
    ['-c', 'test/bench/baseline/vite.config.ts', '--outDir', baseDir, '--emptyOutDir'],
    'the baseline page',
  );
  const app = { dir: appDir, ...(await serveDir(appDir)) };
  const base = { dir: baseDir, ...(await serveDir(baseDir)) };
  return { work, app, base };
}
