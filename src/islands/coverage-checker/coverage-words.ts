import { atom } from 'nanostores';
import { fill, type Words } from '../../contract/i18n/fill.ts';
import { LEVELS } from '../../contract/coverage.ts';

/*
 * The coverage checker's words (docs/product/languages.md): formatted at build in the page's
 * language; the store and "Use my location", loaded later, read them here.
 */
export const COVERAGE_KEYS = [
  'coverage.formTitle',
  'coverage.place',
  'coverage.placeHint',
  'coverage.check',
  'coverage.locate',
  'coverage.locating',
  'coverage.loadFailed',
  'coverage.chooseAnswer',
  'coverage.sandbox',
  'coverage.resultTitle',
  'coverage.caption',
  'coverage.col.network',
  'coverage.col.outdoors',
  'coverage.col.indoors',
  ...LEVELS.map((level) => `coverage.level.${level}` as const),
  'coverage.areaNote',
  'coverage.map',
  'coverage.near',
  'coverage.empty',
  'coverage.notEircode',
  'coverage.unknownKey',
  'coverage.noPlace',
  'coverage.outsideIreland',
  'error.HTTP_ERROR',
  'error.HTTP_TIMEOUT',
] as const;

export type CoverageWords = Words<(typeof COVERAGE_KEYS)[number]>;

/** The words of the checker on this page (set as it renders, before any check). */
export const $coverageWords = atom<CoverageWords | undefined>(undefined);

/** A line in the page's words (above), else in the contract's English. */
export function said(key: keyof CoverageWords, english: string, values: Readonly<Record<string, string>> = {}): string {
  const words = $coverageWords.get();
  return words ? fill(words[key], values) : english;
}
