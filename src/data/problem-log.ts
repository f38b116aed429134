/**
 * What went wrong that the page has no message for (an update that had to wait, a service worker
 * that did not take over, a chunk that did not load in time): kept for the players to export
 * with the game (`problems` in the game's JSON), so that "it stayed on the old version" leaves a
 * trace. In localStorage, so that what happened just before a reload (an update) is still there
 * after it: the last `KEEP` problems, a repeat of the last one counted rather than added. No
 * words for people: what failed, as the app says it, and the error's own text.
 */
const KEY = 'mia-cup.problems';
const KEEP = 50;

export interface Problem {
  /** When it (last) happened, ISO 8601. */
  at: string;
  /** What could not be done ("store every step before the update"). */
  what: string;
  /** Why, as the error said it. */
  detail: string;
  /** How many times in a row. */
  count: number;
}

/** The problems kept, oldest first. */
export function problems(): Problem[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as Problem[]) : [];
  } catch {
    return [];
  }
}

/** Keep a problem: what could not be done, and the error (or reason) why. */
export function noteProblem(what: string, error: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const kept = problems();
  const last = kept.at(-1);
  const at = new Date().toISOString();
  if (last && last.what === what && last.detail === detail)
    Object.assign(last, { at, count: last.count + 1 });
  else kept.push({ at, what, detail, count: 1 });
  try {
    localStorage.setItem(KEY, JSON.stringify(kept.slice(-KEEP)));
  } catch {
    // No localStorage, or full: the console has it (the app warns there too).
  }
}
