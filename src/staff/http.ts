import { FetchError, ofetch } from 'ofetch';
import {
  pathFor,
  type Answer,
  type EndpointDef,
  type PathParams,
  type RequestBody,
  type RequestQuery,
  type Route,
} from '../contract/endpoint.ts';

/**
 * The console's HTTP client: the staff session is its HttpOnly cookie (sent by the browser on the
 * same origin), nothing else to add; every write carries an Idempotency-Key (the server reads it on
 * those that move something). A
 * 401 means the session ended (15 minutes idle or 8 hours): the caller shows the sign-in.
 */
export interface CallOptions<E extends EndpointDef> {
  params?: PathParams<E>;
  query?: RequestQuery<E>;
  body?: RequestBody<E>;
  idempotencyKey?: string;
}

export class StaffCallError extends Error {
  status: number;
  code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function staffCall<E extends EndpointDef>(e: Route<E>, options: CallOptions<E> = {}): Promise<Answer<E>> {
  const moves = e.method !== 'get';
  try {
    return (await ofetch(pathFor(e.path, (options.params ?? {}) as Record<string, string | number>), {
      method: e.method.toUpperCase(),
      retry: 0,
      credentials: 'same-origin',
      headers: {
        'cache-control': 'no-cache',
        ...(moves ? { 'idempotency-key': options.idempotencyKey ?? crypto.randomUUID() } : {}),
      },
      ...(options.query ? { query: options.query as Record<string, unknown> } : {}),
      ...(options.body !== undefined ? { body: options.body as Record<string, unknown> } : {}),
    })) as Answer<E>;
  } catch (error) {
    if (error instanceof FetchError) {
      const payload = (error.data as { _payload?: { message?: string; code?: string } } | undefined)?._payload;
      throw new StaffCallError(
        error.statusCode ?? 0,
        payload?.message ??
          (error.statusCode
            ? 'Something went wrong. Please try again.'
            : 'No answer: check the connection and try again.'),
        payload?.code,
      );
    }
    throw error;
  }
}

export const messageOf = (error: unknown) =>
  error instanceof StaffCallError ? error.message : 'Something went wrong. Please try again.';
