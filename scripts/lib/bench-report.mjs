// How the benchmarks print: medians, milliseconds, and each figure with its goal.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const ms = (value) => `${Math.round(value)} ms`;
const verdict = (value, goal) => (value <= goal ? 'ok' : 'OVER');
export const report = (name, value, text, goal) =>
  console.log(
    `${name.padEnd(34)} ${text}${goal === undefined ? '' : `  [goal <= ${goal}: ${verdict(value, goal)}]`}`,
  );
