import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { checkLogIn, EMAIL_PATTERN } from './auth.ts';
import { fieldProblems, LoginForm } from './forms.schema.ts';

/** What the server's rule (zod, LoginForm) answers: the body, or the first problem of each field. */
function server(values: Record<string, unknown>) {
  const parsed = LoginForm.safeParse(values);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problems: fieldProblems(parsed.error) };
}

const long = (n: number) => `${'a'.repeat(n - '@example.ie'.length)}@example.ie`;

describe('the log-in form’s rule in the browser (zod-free) and on the server (LoginForm)', () => {
  it.each([
    ['a good log-in', { username: 'active@example.com', password: 'Demo-48-pass' }],
    ['spaces around the address', { username: '  Active@Example.com \t', password: ' pass ' }],
    ['nothing at all', {}],
    ['both empty', { username: '', password: '' }],
    ['only spaces for the address', { username: '   ', password: 'x' }],
    ['not an address', { username: 'not-an-address', password: 'x' }],
    ['no dot in the domain', { username: 'a@localhost', password: 'x' }],
    ['two @', { username: 'a@b@example.com', password: 'x' }],
    ['a dot at the start', { username: '.a@example.com', password: 'x' }],
    ['a plus and an apostrophe', { username: "o'neill+48@example.ie", password: 'x' }],
    ['non-ASCII', { username: 'séan@example.ie', password: 'x' }],
    ['254 characters', { username: long(254), password: 'x' }],
    ['255 characters', { username: long(255), password: 'x' }],
    ['255 characters and not an address', { username: `${'a'.repeat(255)}`, password: 'x' }],
    ['a password of 200', { username: 'a@example.ie', password: 'p'.repeat(200) }],
    ['a password of 201', { username: 'a@example.ie', password: 'p'.repeat(201) }],
    ['numbers in JSON', { username: 48, password: 48 }],
    ['a password of spaces', { username: 'a@example.ie', password: '   ' }],
  ])('%s: the same answer', (_, values) => {
    expect(checkLogIn(values)).toEqual(server(values));
  });

  it('checks addresses with the very pattern of z.email()', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('names each problem by its API key, as the schema does', () => {
    expect(checkLogIn({ username: 'nope', password: '' })).toEqual({
      ok: false,
      problems: { username: 'username must be an e-mail address', password: 'password is required' },
    });
  });
});
