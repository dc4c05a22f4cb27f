import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// Runs once, not per viewport: it reads the built files, not a page. Playwright needs the
// fixtures argument to be a destructuring pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test('nothing secret or server-only is shipped under dist/', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'file check, one run is enough');
  const files = readdirSync('dist', { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(files.length).toBeGreaterThan(50);
  const forbidden = [
    /SESSION_SECRET/,
    /HELPDESK_SECRET/,
    /helpdeskSecret/,
    /sessionSecret/,
    /CAPTCHA_HMAC_KEY/,
    /hmacKey/,
    /RECAPTCHA_SECRET/,
    /secretKey/,
    /scrypt\$/,
    /\$argon2id\$/,
    /password_hash/,
    /DATABASE_URL/,
    /src\/server\//,
  ];
  // Every file and pattern found, then one assertion: an expect per file and pattern cost 50 s.
  const found = files.flatMap((entry) => {
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    return forbidden.filter((pattern) => pattern.test(text)).map((pattern) => `${entry.name} contains ${pattern}`);
  });
  expect(found).toEqual([]);
});
