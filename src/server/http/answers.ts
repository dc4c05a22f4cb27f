import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getCookie, setCookie } from 'hono/cookie';
import type { Answer, EndpointDef } from '../../contract/endpoint.ts';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, type Locale } from '../../contract/i18n/locales.ts';
import { failureMessage } from '../../contract/i18n/messages.ts';

/** A failure as answered: a status, the message people read, the code clients branch on. */
export interface Answered {
  status: ContentfulStatusCode;
  message: string;
  code: string;
}

/**
 * The one error shape of the API: `{ _payload: { message, code } }` with the failure's status
 *. `extra` carries figures an answer adds (the amount a card must pay).
 */
export function fail(c: Context, failure: Answered, extra?: Record<string, unknown>) {
  const message = failureMessage(languageOf(c), failure);
  return c.json({ _payload: { message, code: failure.code, ...extra } }, failure.status);
}

/**
 * The language an answer speaks (docs/product/languages.md): the signed-in member's, else the
 * visitor's choice (the lang cookie), else English; the staff console's answers are English. The
 * codes never change; only the words.
 */
export function languageOf(c: Context): Locale {
  // The staff console is English (ADR 063), whatever its people chose on the public site.
  if (c.req.path.startsWith('/panda/staff/')) return DEFAULT_LOCALE;
  const vars = c.var as { member?: { language?: string }; signedIn?: { language?: string } } | undefined;
  const own = vars?.member?.language ?? vars?.signedIn?.language;
  if (isLocale(own)) return own;
  const chosen = getCookie(c, LANG_COOKIE);
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/**
 * The member's language kept as the browser's choice (the `lang` cookie, docs/product/languages.md)
 * when a session starts and when they save it in Settings: my48 and the site open in it. Readable
 * by the page (the head script picks the page's language before paint); a year, as a switch keeps it.
 */
export function keepLanguage(c: Context, language: Locale): void {
  const secure = (c.var as { client?: { proto?: string } } | undefined)?.client?.proto === 'https';
  setCookie(c, LANG_COOKIE, language, { path: '/', maxAge: 31_536_000, sameSite: 'Lax', secure });
}

/** The endpoint's success answer, typed by its contract. */
export function ok<E extends EndpointDef>(c: Context, endpoint: E, answer: Answer<E>) {
  return c.json(answer as object, endpoint.status ?? 200);
}

/**
 * A service's outcome as the answer: the endpoint's answer made from the value (its payload, by
 * default), or the refusal: the failure its reason names in the table, or the feature's own
 * answer to it (one that logs, or passes on what a partner said). The last lines of most
 * handlers, said once.
 */
export function reply<E extends EndpointDef, V, F extends { ok: false; reason: string }>(
  c: Context,
  endpoint: E,
  refuse: Record<F['reason'], Answered> | ((refused: F) => Response),
  outcome: { ok: true; value: V } | F,
  answer: (value: V) => Answer<E> = (value) => ({ _payload: value }) as Answer<E>,
): Response {
  if (outcome.ok) return ok(c, endpoint, answer(outcome.value));
  return typeof refuse === 'function' ? refuse(outcome) : fail(c, refuse[outcome.reason as F['reason']]);
}
