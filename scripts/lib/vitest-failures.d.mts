/** See vitest-failures.mjs. */
export function vitestFailures(path: string): string[];
