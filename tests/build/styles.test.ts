import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Tokens, base styles and the pieces several components share stay in src/styles/global.css;
 * a component's own styles live beside it (an Astro <style>, or a .css file its island or screen
 * imports), so a page carries only the styles of what it shows.
 */
const GLOBAL = readFileSync('src/styles/global.css', 'utf8');

function sources(dir: string): [path: string, text: string][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx|astro)$/.test(e.name) && !e.name.includes('.test.'))
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return [path, readFileSync(path, 'utf8')];
    });
}

/** Whole-site frames: what they use is on (nearly) every page, so it stays with the tokens. */
const FRAMES: Record<string, string> = {
  'src/layouts/BaseLayout.astro': 'the layout of every page (loader, overlay, footerless main)',
  'src/components/Navbar.astro': 'the bar of every page (menus shown by log-in state before the first paint)',
  'src/components/forms/Field.tsx': 'the form field of every island form',
  'src/my48/components/Offline.tsx': 'marks links anywhere on a page as needing the network',
  'src/my48/features/transactions/Receipt.tsx': 'no-print: a utility any page may use when printed',
  'src/my48/features/settings/Controls.tsx': 'the danger button, a variant of the shared button',
};

it('every class styled in global.css is used by two components or more, or by a whole-site frame', () => {
  const css = GLOBAL.replace(/\/\*[\s\S]*?\*\//g, '');
  const classes = new Set([...css.matchAll(/\.([a-zA-Z][\w-]*)(?=[^{}]*\{)/g)].map((m) => m[1]!));
  expect(classes.size).toBeGreaterThan(40);
  const files = sources('src');
  const alone: string[] = [];
  for (const name of classes) {
    const used = new RegExp(`["'\`\\s]${name.replace(/[-]/g, '\\-')}["'\`\\s]`);
    const users = files.filter(([, text]) => used.test(text)).map(([path]) => path);
    if (users.length === 0) alone.push(`.${name}: used nowhere`);
    else if (users.length === 1 && !(users[0]! in FRAMES)) alone.push(`.${name}: only ${users[0]} (move it beside it)`);
  }
  expect(alone).toEqual([]);
});

it('global.css stays the tokens and shared pieces (a screen does not append its section here)', () => {
  expect(GLOBAL.split('\n').length).toBeLessThan(650);
  // Class families of one screen or component, each with a home of its own.
  for (const family of [
    'my48__',
    'tile',
    'household__',
    'passkeys',
    'timeline',
    'hero',
    'navbar',
    'footer',
    'cookie-table',
  ])
    expect(GLOBAL, `.${family}… lives with its component`).not.toMatch(new RegExp(`\\.${family}[\\w-]*[\\s,{:.]`));
});
