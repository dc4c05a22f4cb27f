import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Every built page through the Nu HTML Checker (vnu-jar, the W3C's validator; Java, which
 * .ci/run installs): no error. The project's global setup has built dist/ (tests/setup/built-site.ts).
 * Its warnings are left to a person; an error fails here with the page, the line and the message.
 */
const vnu = createRequire(import.meta.url)('vnu-jar') as string;

interface Message {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
}

describe('the built pages are valid HTML', () => {
  it('the Nu HTML Checker finds no error in any page of dist/', { timeout: 120_000 }, () => {
    const run = spawnSync('java', ['-jar', vnu, '--errors-only', '--skip-non-html', '--format', 'json', 'dist'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, 'java is needed for the Nu HTML Checker (Debian: default-jre-headless)').toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: Message[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${m.url?.replace(/^.*\/dist\//, '') ?? ''}:${m.lastLine ?? ''} ${m.message}`);
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('there are pages to check (a missing build would pass the checker vacuously)', () => {
    const pages = readdirSync('dist', { recursive: true }).filter((f) => String(f).endsWith('.html'));
    expect(pages.length).toBeGreaterThan(50);
  });
});
