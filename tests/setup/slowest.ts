/** How many of the slowest tests each run names (the suite's budget is 25 minutes: this says where time goes). */
export const SLOWEST = 20;

/** The slowest tests of a run as a table: seconds, then where and what. */
export function slowestTable(title: string, tests: { name: string; ms: number }[]): string {
  const top = [...tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  const total = tests.reduce((sum, t) => sum + t.ms, 0);
  return [
    `\n${title}: the ${top.length} slowest of ${tests.length} tests (${(total / 1000).toFixed(0)} s in all)`,
    ...top.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`),
  ].join('\n');
}
