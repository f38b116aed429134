/**
 * Native against WebAssembly: the same scripted sessions (core-sessions.ts) through the C core
 * built for the host (`mia_host session`, tools/mia_session.c) and through its WebAssembly build
 * (firmware-protocol/wasm/, run by core-session.ts), every answer compared byte for byte:
 * frames, reads, ATT codes, hook calls, dropped links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHost, HostSession } from './core-host';
import { CoreSession } from './core-session';
import { steps, type Step } from './core-scripts';
import { SESSIONS } from './core-sessions';

let host: HostSession;

beforeAll(() => {
  host = new HostSession(buildHost());
}, 120_000);

afterAll(() => host.close());

/** Runs the steps through both; returns each command with both answers. */
async function runBoth(script: readonly Step[]) {
  const wasm = new CoreSession();
  const runs: { command: string; native: string[]; wasm: string[] }[] = [];
  for (let i = 0; i < script.length;) {
    // Commands known in advance go to the native build in one batch.
    let commands: string[];
    const step = script[i];
    if (typeof step === 'string') {
      const end = script.findIndex((s, j) => j > i && typeof s !== 'string');
      commands = script.slice(i, end === -1 ? script.length : end) as string[];
    } else {
      commands = [await step(runs.flatMap((r) => r.native))];
    }
    i += typeof step === 'string' ? commands.length : 1;
    const native = await host.run(commands);
    for (const [k, command] of commands.entries()) {
      runs.push({ command, native: native[k], wasm: await wasm.run(command) });
    }
  }
  return runs;
}

describe('the C core: native and WebAssembly answer alike', () => {
  for (const session of SESSIONS) {
    it(session.name, async () => {
      const runs = await runBoth(steps(session.script));
      const differs = runs.find((r) => r.native.join('\n') !== r.wasm.join('\n'));
      expect(differs).toBeUndefined();
      const lines = runs.flatMap((r) => r.native);
      expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
      for (const pattern of session.shows) {
        expect(
          lines.some((line) => pattern.test(line)),
          `shows ${pattern}`,
        ).toBe(true);
      }
    });
  }
});
