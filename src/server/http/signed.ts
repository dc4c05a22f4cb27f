import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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

/** The largest body a signed endpoint reads (an event or a webhook is a few kilobytes): past it, 413 unread. */
export const SIGNED_BODY_MAX_BYTES = 256 * 1024;

const tooLarge: Answered = {
  status: 413,
  message: `Send at most ${SIGNED_BODY_MAX_BYTES / 1024} KB.`,
  code: HTTP_LAYER_CODES[413],
};

const unsupported: Answered = {
  status: 415,
  message: 'Send the body as application/json.',
  code: HTTP_LAYER_CODES[415],
};

/**
 * The one guard of every signed endpoint, before anything reads or parses the body: absent without
 * a secret (404); a body that is not `application/json` refused (415), so no other type can slip
 * past a check that only looks at JSON; a body over SIGNED_BODY_MAX_BYTES refused (413) as its
 * length is declared or while it arrives, so nobody makes the server hold a large body it has not
 * verified; then the signature over the raw text, on every request. Only a signed request reaches
 * the route (whose validator parses the same text), so an unsigned one learns nothing, not even
 * whether a reference it names exists.
 */
export function signedJson(endpoint: SignedEndpoint): MiddlewareHandler<AppEnv> {
  const limited = bodyLimit({ maxSize: SIGNED_BODY_MAX_BYTES, onError: (c) => fail(c, tooLarge) });
  return async (c, next) => {
    const secret = endpoint.secret(c);
    if (!secret) return fail(c, requestFailures.notFound);
    if (mediaTypeOf(c.req.header('content-type')) !== 'application/json') return fail(c, unsupported);
    const verified = async () => {
      if (!(await endpoint.verify(c, secret, await c.req.text()))) {
        c.res = fail(c, endpoint.refusal);
        return;
      }
      await next();
    };
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) return limited(c, verified);
    const text = await textOf(incoming, Number(c.req.header('content-length') ?? 0));
    if (text === undefined) return fail(c, tooLarge);
    // The route's validator and the handler read this text from Hono's cache (which holds each body
    // as the promise its reader made), not the request again.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    return verified();
  };
}

/**
 * A body read straight from Node's request, at most SIGNED_BODY_MAX_BYTES (undefined past it, as
 * declared or as it arrives), decoded as a Request's text() is. Beside `bodyLimit` for a request
 * that did not come through Node's server (the tests' app.request): the same rule, without a web
 * stream and a Request built around each event on the network's busiest path. Past the limit it
 * stops listening without destroying the request, so the answer reaches the client and Node's
 * server drains the rest (or closes a connection that keeps sending).
 */
function textOf(incoming: IncomingMessage, declared: number): Promise<string | undefined> {
  if (declared > SIGNED_BODY_MAX_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= SIGNED_BODY_MAX_BYTES) return void chunks.push(chunk);
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // A client that went away before the end: whatever is answered, nobody reads it.
    const onClose = () => {
      stop();
      resolve(undefined);
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
