// The parts of Mozilla's HTTP Observatory scanner (plain JavaScript, no types) that
// observatory-scan.ts uses.
declare module '@mdn/mdn-http-observatory' {
  export function scan(hostname: string): Promise<{
    scan: { grade: string; score: number };
    tests: Record<string, { result: string }>;
  }>;
}
declare module '@mdn/mdn-http-observatory/src/retriever/retriever.js' {
  export function retrieve(
    hostname: string,
    options?: { path?: string },
  ): Promise<{ responses: { auto: { status: number } | null } }>;
}
declare module '@mdn/mdn-http-observatory/src/constants.js' {
  export const ALL_TESTS: ((retrieval: unknown) => { result: string; pass: boolean })[];
}
declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { grade: string; score: number };
  export function getScoreModifier(result: string): number;
}
