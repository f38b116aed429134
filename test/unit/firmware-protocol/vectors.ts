/** Loads the golden vectors of firmware-protocol/vectors/ for the tests. */

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VECTOR_DIR = fileURLToPath(
  new URL('../../../firmware-protocol/vectors/', import.meta.url),
);

export type Direction = 'cup->app' | 'app->cup';

export interface Vector {
  name: string;
  direction: Direction;
  hex: string;
  decoded?: unknown;
  canonical?: boolean;
  reason?: string;
  status?: string | null;
  note?: string;
}

export interface VectorFile {
  family: string;
  characteristic: string | null;
  uuid: string | null;
  protocol: string;
  vectors: Vector[];
}

export function vectorFileNames(): string[] {
  return readdirSync(VECTOR_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function loadVectors(family: string): VectorFile {
  return JSON.parse(readFileSync(`${VECTOR_DIR}${family}.json`, 'utf8')) as VectorFile;
}
