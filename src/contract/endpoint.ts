import type { z } from 'zod';
import type { StepUpPurpose } from './step-up.ts';
import type { StaffPermission } from './staff.ts';
import type { ErrorStatus } from './failures.ts';

export { failures, type ErrorStatus, type Failure } from './failures.ts';

/**
 * The API contract as data: each endpoint names its method, path template, request schemas and
 * answer schema once. The server builds its OpenAPI routes from it (server/http/openapi.ts) and
 * the browser's HTTP client takes its types and paths from it (lib/http.ts), so no screen writes
 * a path or an answer type by hand. Nothing here depends on the server, and nothing here loads
 * zod (it is types only): a page that only calls the API ships no schema library (shared.schema.ts has
 * the shared schemas).
 */
export type Method = 'get' | 'post' | 'put' | 'delete';

export interface EndpointDef {
  /** The OpenAPI operationId: unique, camelCase. */
  id: string;
  method: Method;
  /** OpenAPI path template, e.g. /panda/protected/users/{user_id}/segments. */
  path: string;
  /** staff: a staff session (its own cookie, docs/product/staff.md). member: needs the session (x-gg-auth, x-gg-transaction, binding cookie, XSRF token on writes). */
  access: 'public' | 'member' | 'staff';
  /**
   * staff: the permission the person's role must hold (contract/staff.ts), checked by the server before
   * the request is read; every staff endpoint declares one (tests/api/staff/permissions.test.ts).
   */
  permission?: StaffPermission;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * How the body is sent: JSON (default), a form, either (log-in), or a file's raw bytes (an
   * upload: no schema, the handler reads and checks the bytes itself).
   */
  bodyType?: 'json' | 'form' | 'json-or-form' | 'file';
  bodyRequired?: boolean;
  status?: 200 | 201 | 202;
  answer: z.ZodType;
  /** What the success answer means. */
  description: string;
  /** A sensitive change (docs/product/member-controls.md): the step-up code's purpose, sent in the X-Step-Up-Code header. */
  stepUp?: StepUpPurpose;
  /**
   * What a write moves: money (credit, card payments), data (allowances between SIMs or
   * periods), a once-only right (a claim, a code, a token, an order that may be made once), or
   * none. Published as x-moves; the concurrency suite races every operation that moves something.
   */
  moves?: 'money' | 'data' | 'once' | 'none';
  /** Statuses besides the common ones (400, and 401/403/429 where they apply), with what they mean. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/** What most endpoints of one area share: their OpenAPI tag and who may call them (shared.schema.ts endpointsOf). */
export type Shared = Pick<EndpointDef, 'tag' | 'access'>;

export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;
export type PathParams<E extends EndpointDef> = { [K in ParamNames<E['path']>]: string | number };
export type Answer<E extends EndpointDef> = z.output<E['answer']>;
export type RequestBody<E extends EndpointDef> = E['bodyType'] extends 'file'
  ? Blob
  : E['body'] extends z.ZodType
    ? z.input<E['body']>
    : never;
export type RequestQuery<E extends EndpointDef> = E['query'] extends z.ZodObject ? z.input<E['query']> : never;

/** The path of a call: the template with its {params} filled in (each URL-encoded). */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * An endpoint as the browser needs it: method, path and body encoding, with the endpoint's types
 * attached. Declared beside a contract in a zod-free file for screens on the fast path (the
 * dashboard); the compiler checks method and path against the endpoint.
 */
export interface Route<E extends EndpointDef> {
  method: E['method'];
  path: E['path'];
  bodyType?: E['bodyType'];
  /** Types only: never set. */
  readonly endpoint?: E;
}
export function route<E extends EndpointDef>(method: E['method'], path: E['path'], bodyType?: E['bodyType']): Route<E> {
  return { method, path, ...(bodyType ? { bodyType } : {}) };
}
