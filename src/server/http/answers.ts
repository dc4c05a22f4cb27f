import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Answer, EndpointDef, Failure } from '../../contract/endpoint.ts';

/** The one error shape of the API (architecture: HTTP status plus _payload.message). */
export function fail(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ _payload: { message } }, status);
}

/** A domain outcome the service refused, answered with the status and message of its feature's table. */
export function failWith(c: Context, failure: Failure) {
  return fail(c, failure.status, failure.message);
}

/** The endpoint's success answer, typed by its contract. */
export function ok<E extends EndpointDef>(c: Context, endpoint: E, answer: Answer<E>) {
  return c.json(answer as object, endpoint.status ?? 200);
}
