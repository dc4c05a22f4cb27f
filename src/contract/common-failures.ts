import { failures } from './endpoint.ts';
import { messages } from './messages.ts';

/**
 * The failures any call can meet, answered by the API's middleware and its one error handler
 *: access, sessions, limits, bad input, and the failures several features share.
 * Each has a stable code; a feature's own failures are in its contract (contract/<feature>.ts).
 */
export const sessionFailures = failures('session', {
  loginRequired: { status: 401, message: messages.authRequired },
  transactionMissing: { status: 401, message: messages.transactionRequired },
  expired: { status: 401, message: messages.sessionExpired },
  xsrfMissing: { status: 403, message: messages.forbiddenXsrf },
  notYourAccount: { status: 403, message: messages.forbiddenMember },
});

export const requestFailures = failures('request', {
  /** A body, path or query that breaks its schema: the message says which field and why. */
  invalid: { status: 400, message: 'Invalid request' },
  otherOrigin: { status: 403, message: messages.forbiddenOrigin },
  notFound: { status: 404, message: messages.notFound },
  tooMany: { status: 429, message: messages.tooManyRequests },
  badIdempotencyKey: {
    status: 400,
    message: 'The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores.',
  },
  idempotencyKeyReused: { status: 422, message: 'This Idempotency-Key was used for another request.' },
  inProgress: {
    status: 409,
    message: 'The first request with this Idempotency-Key is still being answered. Try again in a moment.',
  },
});

/**
 * Refusals of the HTTP layer itself (a body too large, an unsupported content type), by status;
 * `request.rejected` for any other.
 */
export const HTTP_LAYER_CODES = { 413: 'request.tooLarge', 415: 'request.unsupportedMediaType' } as const;
export const HTTP_LAYER_FALLBACK = 'request.rejected';
/** What a 500 answers (with the request id to quote). */
export const SERVER_ERROR_CODE = 'server.error';

/** The database is out of reach (a restart, a failover): a 503 with Retry-After, answered at once; try again shortly. */
export const serverFailures = failures('server', {
  unavailable: { status: 503, message: messages.serviceUnavailable },
});
/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Shared by the balance, membership purchases and card payments: a SIM with no balance on the
 * billing platform. One failure, one code, wherever it is met.
 */
export const sharedFailures = failures('account', {
  detailsMissing: { status: 400, message: 'Account details missing' },
  /** Spec section 8: 'No current MemberShip' (a membership action, and the balance failure the dashboard maps). */
  noCurrentMembership: { status: 409, message: messages.noCurrentMembership, code: 'memberships.noCurrentMembership' },
  /** Card payments over the member's monthly limit (docs/product/member-controls.md); the answer says the limit and what is left. */
  overSpendLimit: {
    status: 422,
    message: 'This would pass your monthly card spending limit.',
    code: 'spendLimit.exceeded',
  },
});
