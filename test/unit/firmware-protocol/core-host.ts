/**
 * `mia_host session` (the native C build, firmware-protocol/reference/tools/mia_session.c) as a
 * child process: commands in, each one's answer lines out (up to its closing ".").
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const reference = fileURLToPath(new URL('../../../firmware-protocol/reference/', import.meta.url));

/** build/mia_host (built for the run by test/unit/host-tools.ts). */
export function buildHost(): string {
  return `${reference}build/mia_host`;
}

export class HostSession {
  private readonly child: ChildProcessWithoutNullStreams;
  private pending = '';
  private answer: string[] = [];
  private readonly waiting: ((lines: string[]) => void)[] = [];
  private stderr = '';

  constructor(host: string) {
    this.child = spawn(host, ['session']);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.take(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code) => {
      const error = `mia_host session exited (${code}): ${this.stderr}`;
      for (const resolve of this.waiting.splice(0)) resolve([`error ${error}`]);
    });
  }

  /** Sends the commands at once; resolves with each one's answer lines, in order. */
  run(commands: readonly string[]): Promise<string[][]> {
    const answers = commands.map(
      (_, i) =>
        new Promise<string[]>((resolve) => {
          this.waiting.push(resolve);
          if (i === commands.length - 1) this.child.stdin.write(commands.join('\n') + '\n');
        }),
    );
    return Promise.all(answers);
  }

  close(): void {
    this.child.stdin.end();
  }

  private take(chunk: string): void {
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line !== '.') {
        this.answer.push(line);
        continue;
      }
      this.waiting.shift()?.(this.answer);
      this.answer = [];
    }
  }
}
