/**
 * `npm run bench` cleans up after itself: killed midway (here the cup benchmark, as `kill` or a
 * closed terminal would), it leaves no server on a port and no child running, so the next run
 * starts clean. It serves on a free port in the first place (no fixed port to collide on).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The processes (pids) whose environment has `entry` (Linux's /proc). */
function processesWith(entry: string): number[] {
  return readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      return environ.includes(entry) ? [Number(name)] : [];
    } catch {
      return []; // gone meanwhile, or not ours
    }
  });
}

/** Whether something answers on the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), 'localhost');
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** Until `check` holds (polled; a limit that only catches a hang). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 90_000; !(await check());) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the benchmarks', () => {
  it(
    'killed midway: their server and their children stop with them',
    { skip: process.platform !== 'linux', timeout: 300_000 },
    async () => {
      const dist = mkdtempSync(join(tmpdir(), 'mia-bench-test-'));
      made.push(dist);
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>a build</title>');
      const bench = spawn('node', ['scripts/cup-bench.mjs'], {
        env: { ...process.env, MIA_BENCH_DIST: dist },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      bench.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      bench.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) =>
        bench.on('exit', (status, signal) => resolve(status ?? (signal ? -1 : null))),
      );
      await until(() => /serving .* on (http:\S+)/.test(output), 'the bench serves its build');
      const url = /serving .* on (http:\S+)/.exec(output)![1];
      expect(await listening(url)).toBe(true);
      // Playwright runs (a child with the bench's address): now the bench is killed.
      await until(() => processesWith(`MIA_BENCH_URL=${url}`).length > 0, 'Playwright starts');
      bench.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(await listening(url)).toBe(false);
      await until(() => processesWith(`MIA_BENCH_URL=${url}`).length === 0, 'children stopped');
    },
  );
});
