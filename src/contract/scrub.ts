/**
 * What may leave in an error report (docs/product/operations.md): nothing personal. Used by the server's and
 * the browser's reporters alike, on every event, before it is sent. Request headers are kept by
 * an allowlist; cookies and bodies never go; values under a sensitive key are dropped; e-mail
 * addresses, card numbers and long tokens are masked wherever they appear in text.
 */

const SENSITIVE_KEY =
  /pass(word)?|token|secret|auth|cookie|session|card|cvv|cvc|\bpan\b|iban|e-?mail|x-gg-|xsrf|step.?up|puk|binding|signature|username/i;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/** 13 or more digits, maybe grouped by spaces or dashes: a card number's shape (SIM numbers go too). */
const CARD = /\b\d(?:[ -]?\d){12,}\b/g;
/** Session tokens, binding secrets and keys: 32+ characters of base64url or hex with no separator. */
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;
const KEPT_HEADERS = new Set([
  'user-agent',
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'referer',
  'x-request-id',
]);
/** Identifiers of the event itself, which look like tokens but are not personal. */
const STRUCTURAL = new Set([
  'request_id',
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'sid',
  'release',
  'dist',
]);

export const FILTERED = '[Filtered]';

/** Masks e-mail addresses, card and SIM numbers and tokens in a text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(CARD, '[number]').replace(TOKEN, '[token]');
}

/** A deep copy with sensitive keys dropped and every string masked. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (depth > 12) return FILTERED;
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (STRUCTURAL.has(key)) out[key] = v;
      else out[key] = SENSITIVE_KEY.test(key) ? FILTERED : scrubValue(v, depth + 1);
    }
    return out;
  }
  return value;
}

interface ScrubbableEvent {
  user?: unknown;
  request?: {
    url?: string;
    method?: string;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
    query_string?: unknown;
    env?: unknown;
  };
  [key: string]: unknown;
}

/** The event as it may be sent: the request reduced to method, path and harmless headers; no user but an id; the rest masked. */
export function scrubEvent<E extends object>(event: E): E {
  const { request, user, ...rest } = event as ScrubbableEvent;
  const scrubbed = scrubValue(rest) as E;
  if (request) {
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {})
        .filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))
        .map(([name, v]) => [name, scrubText(String(v))]),
    );
    // The path only: a query may carry an address or a code.
    const url = request.url ? scrubText(request.url.split('?')[0]!) : undefined;
    (scrubbed as ScrubbableEvent).request = {
      ...(request.method ? { method: request.method } : {}),
      ...(url ? { url } : {}),
      headers,
    };
  }
  const id = user && typeof user === 'object' && 'id' in user ? (user as { id: unknown }).id : undefined;
  if (id !== undefined) (scrubbed as ScrubbableEvent).user = { id: String(id) };
  return scrubbed;
}
