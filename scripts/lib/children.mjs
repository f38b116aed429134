// The benchmarks' and soaks' child processes and servers, cleaned up however the script ends:
// each child runs in a process group of its own (so a Playwright run takes its browsers and
// servers with it), and on SIGINT, SIGTERM or SIGHUP (Ctrl-C, `kill`, a closed terminal) every
// child group still running is stopped, every cleanup (servers, temporary folders) runs, and
// the script exits; on a normal exit too. Nothing is left on a port for the next run.
import { spawn } from 'node:child_process';

const running = new Set();
const cleanups = [];

/** Run `command` (output to this terminal); resolves with its exit status (signal: 1). */
export function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  running.add(child);
  return new Promise((resolve) => {
    child.on('error', () => {
      running.delete(child);
      resolve(1);
    });
    child.on('exit', (status) => {
      running.delete(child);
      resolve(status ?? 1);
    });
  });
}

/** Run `command` and stop this script (status 1) when it fails. */
export async function must(command, args, options) {
  const status = await run(command, args, options);
  if (status !== 0) await exit(1);
}

/** Do `cleanup` (synchronous: it may run as the process exits) when the script ends. */
export function onCleanup(cleanup) {
  cleanups.push(cleanup);
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // its whole group
    } catch {
      // gone already
    }
  }
  running.clear();
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      // the next one still runs
    }
  }
}

/** Stop every child, clean up, and exit with `status`. */
export async function exit(status) {
  stopAll();
  process.exit(status);
}

process.on('exit', stopAll);
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
]) {
  process.on(signal, () => {
    console.error(`\n[${signal}] stopping the children and servers`);
    void exit(128 + number);
  });
}
