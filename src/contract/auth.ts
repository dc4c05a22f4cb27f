import { failures } from './failures.ts';
import { EMAIL_MAX, PASSWORD_MAX } from './forms.ts';
import { messages } from './messages.ts';

/**
 * The log-in's plain rules, shared by the contract (auth.schema.ts), the server and the log-in
 * page (its words are the catalogue's, src/contract/i18n). No schema library here: the log-in is the
 * first step of every member's journey, and its page checks the form with these before it loads
 * anything else.
 */

export const authFailures = failures('auth', {
  invalidLogin: { status: 401, message: 'The e-mail address or password is not right.' },
  badLoginBody: { status: 400, message: 'Send username and password as JSON or form data.' },
  noSuchMember: { status: 404, message: messages.notFound },
});

/**
 * The e-mail pattern of Zod's `z.email()`, which the server's rule uses, written out: imported from
 * Zod, it brings Zod's whole table of patterns (a chunk it shares with Zod). auth.test.ts holds it to
 * Zod's own.
 */
export const EMAIL_PATTERN =
  // Zod's own text, escapes and all, so that the test can compare the two character for character.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The log-in's body once checked: the address trimmed, the password as typed. */
export interface LogInBody {
  username: string;
  password: string;
}

/**
 * The log-in form's rule, as `LoginForm` (forms.schema.ts) states it for the server and the
 * OpenAPI document, without zod: the same checks in the same order with the same limits (forms.ts), the same
 * messages (named by the API's keys), and the e-mail pattern of `z.email()`. auth.test.ts holds the two
 * to the same answers.
 */
export function checkLogIn(
  values: Record<string, unknown>,
): { ok: true; body: LogInBody } | { ok: false; problems: Partial<Record<keyof LogInBody, string>> } {
  const problems: Partial<Record<keyof LogInBody, string>> = {};
  const { username: rawUsername, password } = values;
  const username = typeof rawUsername === 'string' ? rawUsername.trim() : undefined;
  if (!username) problems.username = 'username is required';
  else if (!EMAIL_PATTERN.test(username)) problems.username = 'username must be an e-mail address';
  else if (username.length > EMAIL_MAX) problems.username = 'username is too long';
  if (typeof password !== 'string' || password.length === 0) problems.password = 'password is required';
  else if (password.length > PASSWORD_MAX) problems.password = 'password is too long';
  if (username && typeof password === 'string' && Object.keys(problems).length === 0)
    return { ok: true, body: { username, password } };
  return { ok: false, problems };
}
