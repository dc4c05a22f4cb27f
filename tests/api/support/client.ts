import { expect } from 'vitest';
import type { z } from 'zod';
import {
  pathFor,
  type Answer,
  type EndpointDef,
  type PathParams,
  type RequestBody,
  type RequestQuery,
} from '../../../src/contract/endpoint.ts';
import type { Session, TestContext } from './harness.ts';

/**
 * A test client built from the contract: a test names the endpoint, not a path, and its
 * params, query and body are typed by it, so a path or shape change fails at type-check time.
 * Answers go through the app as the browser's would (session headers, XSRF token, JSON or form).
 */
type App = TestContext['app'];
type ParamsOf<E extends EndpointDef> = [keyof PathParams<E>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> };
type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodObject
  ? { query?: RequestQuery<E> }
  : { query?: undefined };
type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? { body: RequestBody<E> } : { body?: undefined };
export type Request<E extends EndpointDef> = ParamsOf<E> &
  QueryOf<E> &
  BodyOf<E> & {
    /** The signed-in member making the call (member endpoints). */
    session?: Session;
    /** The step-up code the call carries (docs/product/member-controls.md: x-step-up-code). */
    stepUpCode?: string;
    headers?: Record<string, string>;
  };

/** The raw answer of a typed call. */
export async function send<E extends EndpointDef>(app: App, endpoint: E, request: Request<E>): Promise<Response> {
  const { params, query, body, session, stepUpCode, headers } = request as Request<EndpointDef> & {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`
    : '';
  const form = endpoint.bodyType === 'form';
  return app.request(`${pathFor(endpoint.path, params)}${search}`, {
    method: endpoint.method.toUpperCase(),
    headers: {
      ...session?.headers,
      ...(body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
      ...(stepUpCode === undefined ? {} : { 'x-step-up-code': stepUpCode }),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : {
          body: form
            ? new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
            : JSON.stringify(body),
        }),
  });
}

/** A call that must succeed with the endpoint's status: its answer, typed by the contract. */
export async function ok<E extends EndpointDef>(app: App, endpoint: E, request: Request<E>): Promise<Answer<E>> {
  const res = await send(app, endpoint, request);
  const text = await res.text();
  expect(res.status, `${endpoint.id}: ${text}`).toBe(endpoint.status ?? 200);
  return JSON.parse(text) as Answer<E>;
}

/** A call that must be refused with this failure: its status and its code (and so its meaning). */
export async function refused<E extends EndpointDef>(
  app: App,
  endpoint: E,
  request: Request<E>,
  failure: { status: number; code: string; message?: string },
): Promise<{ message: string; code: string }> {
  const res = await send(app, endpoint, request);
  const body = (await res.json()) as { _payload: { message: string; code: string } };
  expect({ status: res.status, code: body._payload.code }, `${endpoint.id}: ${body._payload.message}`).toEqual({
    status: failure.status,
    code: failure.code,
  });
  if (failure.message !== undefined) expect(body._payload.message).toBe(failure.message);
  return body._payload;
}
