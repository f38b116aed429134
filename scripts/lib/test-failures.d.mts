/** See test-failures.mjs. */
export function vitestFailures(path: string): string[];
export function playwrightFailures(path: string): string[];
