/**
 * Vitest's global set-up: the C host tools (`mia_host`, `mia_x25519_host`, built with ASan and
 * UBSan by `test.sh host`) are built once for the whole run, before any test file starts, and
 * not once per file that uses them.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const reference = fileURLToPath(new URL('../../firmware-protocol/reference/', import.meta.url));

export default function setup(): void {
  execFileSync('bash', [`${reference}test.sh`, 'host'], { stdio: 'pipe' });
}
