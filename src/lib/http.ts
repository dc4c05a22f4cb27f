import Cookies from 'js-cookie';
import { createFetch, FetchError, type $Fetch, type Fetch } from 'ofetch';
import {
  pathFor,
  type Answer,
  type EndpointDef,
  type PathParams,
  type RequestBody,
  type RequestQuery,
  type Route,
} from '../contract/endpoint.ts';
import { $offlineAsOf } from '../stores/offline.ts';
import { refreshSession } from '../stores/session.ts';
import { authCode } from './auth-code.ts';
import { forgetMemberOnDevice } from './device-forget.ts';
import { OFFLINE_AS_OF_HEADER } from './offline-names.ts';
import { isRoute } from './paths.ts';
import { unlocalisedPath } from '../contract/i18n/locales.ts';
import { noteSessionUsed } from './session-keepalive.ts';
import { transactionCode } from './transaction.ts';

export interface HttpOptions {
  /** The fetch to use (tests pass their own). */
  fetch?: Fetch;
  /** Where a 401 sends the member (the browser's navigation by default). */
  navigate?: (path: string) => void;
  /** The current path (to stay put on a 401 while already on /log-in). */
  currentPath?: () => string;
}

const pathOf = (request: RequestInfo | URL) => {
  const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  return new URL(url, 'http://placeholder').pathname;
};

/**
 * The one HTTP client of the portal, with the interceptors of spec section 7: GETs under
 * /panda are never cached, the XSRF-TOKEN cookie goes out as X-XSRF-TOKEN, protected calls
 * carry x-gg-auth and x-gg-transaction, and a 401 ends the session and goes to /log-in
 * (nothing happens when already there, in any language, where a 401 just means a wrong password).
 */
/**
 * Two calls of spec section 7 sit under /panda/public but go "with auth headers": sim-limits and the
 * send-free-SIM order; the contact form too, so a member's message joins their account (a visitor has none).
 */
const PUBLIC_WITH_SESSION = /^\/panda\/public\/(users\/[0-9]+\/sim-limits|packs\/campaign\/mgm\/|contact|chat)$/;

export function createHttp({
  fetch,
  navigate = (path) => location.assign(path),
  currentPath = () => location.pathname,
}: HttpOptions = {}) {
  return createFetch({ ...(fetch ? { fetch } : {}) }).create({
    retry: 0,
    async onRequest({ request, options }) {
      const path = pathOf(request);
      const method = (options.method ?? 'GET').toUpperCase();
      if (method === 'GET' && path.startsWith('/panda')) {
        options.headers.set('Cache-Control', 'no-cache');
        options.headers.set('Pragma', 'no-cache');
      }
      const xsrf = Cookies.get('XSRF-TOKEN');
      if (xsrf) options.headers.set('X-XSRF-TOKEN', xsrf);
      if (path.startsWith('/panda/protected') || PUBLIC_WITH_SESSION.test(path)) {
        const code = authCode();
        if (code) options.headers.set('x-gg-auth', code);
        options.headers.set('x-gg-transaction', await transactionCode());
      }
    },
    onResponse({ request, response }) {
      // An answered protected call keeps the session: every session cookie lives 30 more minutes.
      const path = pathOf(request);
      if (!path.startsWith('/panda/protected') && !PUBLIC_WITH_SESSION.test(path)) return;
      // The service worker's copy of a read, given when the network failed (docs/product/phone.md, "Offline"): the
      // member is offline with figures of that time; any answer of the network ends it.
      const asOf = response.headers.get(OFFLINE_AS_OF_HEADER);
      $offlineAsOf.set(asOf || undefined);
      if (response.status !== 401 && !asOf) noteSessionUsed();
    },
    async onResponseError({ response }) {
      // On the log-in page, in any language, a 401 is a wrong password.
      if (response.status !== 401 || isRoute(unlocalisedPath(currentPath()), '/log-in')) return;
      Cookies.remove('authCode', { path: '/' });
      refreshSession();
      await forgetMemberOnDevice();
      navigate('/log-in');
    },
  });
}

/** A failure outside the API whose message is written for the member (a browser prompt they closed). */
export class ShownError extends Error {}

/** What a failure nothing explains says (no answer, or one with no message): English until the page says it in its language. */
let unexplained = 'Something went wrong. Please try again.';

/** The page's words for a failure nothing explains (my48's shell, in the member's language). */
export function sayUnexplained(words: string): void {
  unexplained = words;
}

/** The API's message for a failed call (`_payload.message`), or a plain fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ShownError) return error.message;
  if (error instanceof FetchError) {
    const message = (error.data as { _payload?: { message?: unknown } } | undefined)?._payload?.message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback ?? unexplained;
}

/**
 * A refusal in the page's language (docs/product/languages.md): the page's words for its code
 * (`error.<code>`) where they have them, else the API's own message, else `fallback`, else the page's
 * words for a failure nothing explains (`form.failed`).
 */
export function refusalIn(words: Readonly<Record<string, string>>, error: unknown, fallback?: string): string {
  return words[`error.${errorCode(error)}`] ?? errorMessage(error, fallback ?? words['form.failed']);
}

/**
 * The API's stable code for a failed call (`_payload.code`): what a store branches on.
 * Never the message, which is copy and may be reworded.
 */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof FetchError)) return undefined;
  const code = (error.data as { _payload?: { code?: unknown } } | undefined)?._payload?.code;
  return typeof code === 'string' ? code : undefined;
}

export const http = createHttp();

type ParamsOption<E extends EndpointDef> = [keyof PathParams<E>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> };
type BodyOption<E extends EndpointDef> = [RequestBody<E>] extends [never]
  ? { body?: undefined }
  : E['bodyRequired'] extends false
    ? { body?: RequestBody<E> }
    : { body: RequestBody<E> };
type QueryOption<E extends EndpointDef> = [RequestQuery<E>] extends [never]
  ? { query?: undefined }
  : { query?: RequestQuery<E> };
/** What a call of an endpoint needs: its path parameters, body and query, typed by the contract; an Idempotency-Key for money. */
export type CallOptions<E extends EndpointDef> = ParamsOption<E> &
  BodyOption<E> &
  QueryOption<E> & { idempotencyKey?: string; stepUpCode?: string };

/** A new key for one action of a person (the same key goes with a retry of that action). */
export const newIdempotencyKey = () => crypto.randomUUID();

function requestOf(
  e: Pick<EndpointDef, 'method' | 'path' | 'bodyType'>,
  options: {
    params?: Record<string, string | number> | undefined;
    body?: unknown;
    query?: unknown;
    idempotencyKey?: string;
    stepUpCode?: string;
  },
) {
  const { body, query, idempotencyKey, stepUpCode } = options;
  // A sensitive change carries its step-up code in a header (docs/product/member-controls.md), never in the address.
  const headers = {
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    ...(stepUpCode ? { 'X-Step-Up-Code': stepUpCode } : {}),
  };
  const encoded =
    body !== undefined && e.bodyType === 'form' ? new URLSearchParams(body as Record<string, string>) : body;
  return {
    url: pathFor(e.path, options.params),
    init: {
      method: e.method.toUpperCase(),
      ...(query ? { query: query as Record<string, unknown> } : {}),
      ...(encoded !== undefined ? { body: encoded as BodyInit | Record<string, unknown> } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    },
  };
}

/** Calls an endpoint of the contract (src/contract/<feature>.ts): its path, method and answer type come from there. */
export function call<E extends EndpointDef>(
  e: E | Route<E>,
  ...[options]: Record<never, never> extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<Answer<E>> {
  const { url, init } = requestOf(e, options ?? {});
  return (http as $Fetch)<Answer<E>>(url, init);
}

/** As call, with the answer's headers too (log-in and sign-up read the session from them). */
export async function callWithHeaders<E extends EndpointDef>(
  e: E | Route<E>,
  options: CallOptions<E>,
): Promise<{ answer: Answer<E>; headers: Headers }> {
  const { url, init } = requestOf(e, options);
  const response = await (http as $Fetch).raw<Answer<E>>(url, init);
  return { answer: response._data as Answer<E>, headers: response.headers };
}
