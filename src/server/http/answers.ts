import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Answer, EndpointDef } from '../../contract/endpoint.ts';

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
  return c.json({ _payload: { message: failure.message, code: failure.code, ...extra } }, failure.status);
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
