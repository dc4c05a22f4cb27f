import type { Context, MiddlewareHandler } from 'hono';
import { HTTP_LAYER_CODES, requestFailures } from '../../contract/common-failures.ts';
import { fail, type Answered } from './answers.ts';
import type { AppEnv } from './router.ts';

/**
 * What a signed endpoint (a webhook another system calls: the help desk, the CMS, the network)
 * declares: where its secret is, how a signature over the raw body is checked, and its refusal.
 */
export interface SignedEndpoint {
  /** The configured secret; none: the endpoint does not exist here (404), whatever is sent. */
  secret(c: Context<AppEnv>): string | undefined;
  /** Whether the raw body, byte for byte, carries a good signature with this secret (headers from `c`). */
  verify(c: Context<AppEnv>, secret: string, rawBody: string): boolean | Promise<boolean>;
  /** The answer to a missing or wrong signature (401). */
  refusal: Answered;
}

/** The media type of a Content-Type header, lower-cased, without its parameters (`; charset=utf-8`). */
export const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

const unsupported: Answered = {
  status: 415,
  message: 'Send the body as application/json.',
  code: HTTP_LAYER_CODES[415],
};

/**
 * The one guard of every signed endpoint, before anything reads or parses the body: absent without
 * a secret (404); a body that is not `application/json` refused (415), so no other type can slip
 * past a check that only looks at JSON; then the signature over the raw text, on every request.
 * Only a signed request reaches the route (whose validator parses the same text), so an unsigned
 * one learns nothing, not even whether a reference it names exists.
 */
export function signedJson(endpoint: SignedEndpoint): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = endpoint.secret(c);
    if (!secret) return fail(c, requestFailures.notFound);
    if (mediaTypeOf(c.req.header('content-type')) !== 'application/json') return fail(c, unsupported);
    if (!(await endpoint.verify(c, secret, await c.req.text()))) return fail(c, endpoint.refusal);
    return next();
  };
}
