import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { integrationShape } from './integrations/settings.ts';

it('.env.example names every setting env.ts reads, the integrations’ own included', () => {
  const source = readFileSync(new URL('./env.ts', import.meta.url), 'utf8');
  const schema = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('\n});'));
  const settings = [
    ...[...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!),
    ...Object.keys(integrationShape),
  ];
  expect(settings.length).toBeGreaterThan(60);
  const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  expect(settings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
});
