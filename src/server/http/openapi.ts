import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { EndpointDef, ErrorStatus } from '../../contract/endpoint.ts';
import { ERROR_CODES } from '../../contract/error-codes.schema.ts';
import type { AppEnv } from './router.ts';
import { idempotent } from '../middleware/idempotency.ts';
import { createMiddleware } from 'hono/factory';
import { mayDo } from '../../contract/staff.ts';
import { staffFailures } from '../../contract/staff.schema.ts';
import { fail } from './answers.ts';

/**
 * The one error shape: the message people read and the stable code clients branch on,
 * one of the failure tables' codes (contract/error-codes.schema.ts).
 */
export const ErrorSchema = z
  .object({
    _payload: z.object({
      message: z.string(),
      code: z.enum(ERROR_CODES as [string, ...string[]]).meta({
        description: 'Stable: branch on this, not on the message (which may be reworded)',
      }),
    }),
  })
  .meta({ id: 'Error' });

/**
 * Routes from the contract's endpoint table (src/contract/<feature>.ts): the OpenAPI
 * operation (operationId, security, request and answer schemas, errors) and the handler.
 */
const COMMON_ERRORS: Partial<Record<ErrorStatus, string>> = {
  400: 'Bad input',
  403: 'Not this member’s, or a bad XSRF token or origin',
  429: 'Too many attempts',
};
const MEMBER_ERRORS: Partial<Record<ErrorStatus, string>> = {
  ...COMMON_ERRORS,
  401: 'Not signed in, or the session has ended',
};
const STAFF_ERRORS: Partial<Record<ErrorStatus, string>> = {
  ...COMMON_ERRORS,
  401: 'No staff session, or it has ended (15 minutes idle, 8 hours at most)',
  403: 'The role does not hold the permission the endpoint declares, or a bad origin',
};

/** What a member call carries (spec section 6); writes carry the session's XSRF token too. */
export const securitySchemes = {
  ggAuth: {
    type: 'apiKey',
    in: 'header',
    name: 'x-gg-auth',
    description: 'The session token that log-in answered in the x-gg-auth header',
  },
  ggTransaction: {
    type: 'apiKey',
    in: 'header',
    name: 'x-gg-transaction',
    description: 'A transaction id of up to 256 characters, logged with the request',
  },
  ggBinding: {
    type: 'apiKey',
    in: 'cookie',
    name: 'gg_bind',
    description: 'The HttpOnly cookie that binds the session to the browser it was opened in',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-48-staff',
    description:
      'The staff session (docs/product/staff.md): an HttpOnly, SameSite=Strict cookie set by the sign-in with the operator’s identity provider (48-staff over plain http, for trying)',
  },
  xsrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: 'The XSRF-TOKEN cookie of the session, sent back on writes',
  },
} as const;

const bodyContent = (e: EndpointDef, schema: z.ZodType) => {
  const json = { 'application/json': { schema } };
  const form = { 'application/x-www-form-urlencoded': { schema } };
  return e.bodyType === 'form' ? form : e.bodyType === 'json-or-form' ? { ...json, ...form } : json;
};

export function routeOf(e: EndpointDef) {
  // A body of a type the operation does not take is refused with 415 before anything else reads it.
  const errors = {
    ...(e.access === 'member' ? MEMBER_ERRORS : e.access === 'staff' ? STAFF_ERRORS : COMMON_ERRORS),
    ...(e.body
      ? {
          415: `The body is not ${e.bodyType === 'form' ? 'form-encoded' : e.bodyType === 'json-or-form' ? 'JSON or form-encoded' : 'JSON'}`,
        }
      : {}),
    ...e.errors,
  };
  const write = e.method !== 'get';
  return createRoute({
    method: e.method,
    path: e.path,
    operationId: e.id,
    tags: [e.tag],
    summary: e.summary,
    ...(e.moves ? { 'x-moves': e.moves } : {}),
    ...(e.permission ? { 'x-permission': e.permission } : {}),
    security:
      e.access === 'member'
        ? [{ ggAuth: [], ggTransaction: [], ggBinding: [], ...(write ? { xsrfToken: [] } : {}) }]
        : e.access === 'staff'
          ? [{ staffSession: [] }]
          : [],
    request: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(e.stepUp
        ? {
            headers: z.object({
              'x-step-up-code': z
                .string()
                .optional()
                .meta({ description: `The 6-digit step-up code sent by e-mail for purpose ${e.stepUp}` }),
            }),
          }
        : {}),
      ...(e.body ? { body: { required: e.bodyRequired ?? true, content: bodyContent(e, e.body) } } : {}),
    },
    responses: {
      [e.status ?? 200]: { description: e.description, content: { 'application/json': { schema: e.answer } } },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          { description, content: { 'application/json': { schema: ErrorSchema } } },
        ]),
      ),
    },
  });
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
/** The validated request of an endpoint, typed by its contract. */
export interface Input<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

function inputOf<E extends EndpointDef>(c: Context, e: E): Input<E> {
  // The route's validators have run (routeOf declared them), so these are the parsed values.
  const req = c.req as unknown as { valid(target: string): unknown };
  const sentJson = (c.req.header('content-type') ?? '').includes('json');
  const target = e.bodyType === 'form' ? 'form' : e.bodyType === 'json-or-form' && !sentJson ? 'form' : 'json';
  return {
    params: e.params ? req.valid('param') : undefined,
    query: e.query ? req.valid('query') : undefined,
    body: e.body ? req.valid(target) : undefined,
  } as Input<E>;
}

/**
 * Whether an endpoint takes an Idempotency-Key (docs/product/money.md): a member's write that moves money, data
 * or a once-only right, as its contract's `moves` says. Said here once, from the contract.
 */
export const takesIdempotencyKey = (e: EndpointDef) =>
  (e.access === 'member' || e.access === 'staff') && e.method !== 'get' && e.moves !== undefined && e.moves !== 'none';

/**
 * A staff endpoint's permission against the signed-in person's role (the staff session is proven for
 * all of /panda/staff/* by app.ts first): 403 without it, before the request is read. An endpoint
 * that declares none is refused to everyone.
 */
const permitted = (e: EndpointDef) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const staff = c.get('staff');
    if (!staff) return fail(c, staffFailures.signInRequired);
    if (!e.permission || !mayDo(staff.role, e.permission)) return fail(c, staffFailures.notPermitted);
    return next();
  });

/**
 * Serves an endpoint of the contract: an Idempotency-Key when it moves something (takesIdempotencyKey),
 * validation from its schemas, then the handler.
 */
export function serve<E extends EndpointDef>(
  app: OpenAPIHono<AppEnv>,
  e: E,
  handler: (c: Context<AppEnv>, input: Input<E>) => Response | Promise<Response>,
) {
  if (e.access === 'staff') app.on(e.method.toUpperCase(), patternOf(e), permitted(e));
  if (takesIdempotencyKey(e)) app.on(e.method.toUpperCase(), patternOf(e), idempotent);
  app.openapi(routeOf(e), ((c: Context<AppEnv>) => handler(c, inputOf(c, e))) as never);
}

/** A feature's handlers, named as its contract's endpoints: one for each, or it does not compile. */
export type HandlersOf<T extends Record<string, EndpointDef>> = {
  [K in keyof T]: (c: Context<AppEnv>, input: Input<T[K]>) => Response | Promise<Response>;
};

/**
 * Serves every endpoint of a feature's contract with the handler of the same name, in the
 * contract's order (the contract as data: a new endpoint without its handler is a type error).
 */
export function serveAll<T extends Record<string, EndpointDef>>(
  app: OpenAPIHono<AppEnv>,
  api: T,
  handlers: HandlersOf<T>,
): void {
  for (const name of Object.keys(api) as (keyof T & string)[]) serve(app, api[name]!, handlers[name]);
}

/** Hono's pattern of an endpoint's path ({user_id} → :user_id), for middleware such as limiters. */
export function patternOf(e: EndpointDef): string {
  return e.path.replace(/\{(\w+)\}/g, ':$1');
}

/** Names the security schemes once, so the operations' requirements refer to something. */
export function describeSecurity(app: OpenAPIHono<AppEnv>) {
  for (const [name, scheme] of Object.entries(securitySchemes))
    app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
}

/**
 * The schema generator writes a regular expression with flags as `source/flags` (its RegExp.toString()
 * with the slashes trimmed: `^[\p{L}…]+$/u`), which no client or validating proxy can use.
 * A published pattern is the expression's source alone: the document's patterns are ECMA-262 under the
 * `u` flag (tests/api/reliability/openapi.test.ts compiles every one). No contract expression ends in `/` + letters.
 */
export function publishedPattern(pattern: string): string {
  return pattern.replace(/\/[dgimsuyv]+$/, '');
}

function fixPatterns(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) fixPatterns(item);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'pattern' && typeof value === 'string') record[key] = publishedPattern(value);
      else fixPatterns(value);
    }
  }
}

/** The OpenAPI 3.1 document of the API, for client generators and the reference page. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, siteUrl: string) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: '48 panda API',
      version: '1.0.0',
      description:
        'The account API of the 48 portal. Errors answer {"_payload":{"message","code"}}: branch on the code, show the message.',
      license: { name: 'Proprietary', url: 'https://www.48.ie/legal/terms-and-conditions' },
    },
    servers: [{ url: siteUrl.replace(/\/$/, ''), description: 'The portal' }],
  });
  fixPatterns(document);
  return document;
}
