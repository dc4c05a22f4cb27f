import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/i18n/locales.ts';
import { groupOf, MY48_KEYS, MY48_WORD_GROUPS, my48GroupWordsIn, my48ShellSpeechIn } from './speech-build.ts';
import type { My48WordGroup } from './speech.ts';

/** Where each group's words may be said: its screens' folders. */
const SAID_IN: Record<My48WordGroup, string> = {
  usage: 'features/usage/',
  flexi: 'features/flexi-data/',
  transactions: 'features/transactions/',
  roaming: 'features/roaming/',
  creditBack: 'features/credit-back/',
  account: 'features/settings/',
  controls: 'features/settings/',
  sim: 'features/settings/',
  household: 'features/household/',
  support: 'features/support/',
  recruit: 'features/recruit/',
  phones: 'features/phones/',
  offers: 'features/offers/',
};

const root = new URL('.', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );

describe('the words a screen brings with its chunk', () => {
  it('are said only on their own screens: a key of a group anywhere else would show as its key', () => {
    const strays: string[] = [];
    for (const file of files(root)) {
      const where = relative(root, file);
      if (['speech.ts', 'speech-build.ts', 'screen-words.ts'].includes(where)) continue;
      // A key written whole ('my48.use.day') or begun in a template (`my48.fx.busy.${action}`).
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/['`]((?:my48|error|stepUp)\.[\w.-]+)/g)) {
        const group =
          groupOf(key!) ?? MY48_KEYS.map((k) => (k.startsWith(key!) ? groupOf(k) : undefined)).find(Boolean);
        if (group && !where.startsWith(SAID_IN[group])) strays.push(`${where}: ${key} (${group})`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('leave no key behind: every one of my48’s keys is in the shell’s prop or in exactly one group, in every language', () => {
    for (const locale of LOCALES) {
      const shell = my48ShellSpeechIn(locale);
      const inShell = [...Object.keys(shell.words), ...Object.keys(shell.counts)];
      const inGroups = (Object.keys(MY48_WORD_GROUPS) as My48WordGroup[]).flatMap((group) => {
        const { words, counts } = my48GroupWordsIn(locale, group);
        return [...Object.keys(words), ...Object.keys(counts)];
      });
      expect([...inShell, ...inGroups].sort()).toEqual([...MY48_KEYS].sort());
    }
  });
});
