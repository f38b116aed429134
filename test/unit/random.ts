/**
 * A small seeded random source (mulberry32), for the tests that make random games and frames:
 * a failing seed replays exactly, and a run is the same on every machine.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How many runs a long test makes: the whole number in the environment variable `name`, else
 * `quick` (what keeps `npm test` fast). `npm run test:deep` sets larger counts.
 */
export function runs(name: string, quick: number): number {
  const given = Number(process.env[name]);
  return Number.isInteger(given) && given > 0 ? given : quick;
}
