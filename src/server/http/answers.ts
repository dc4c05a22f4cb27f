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
