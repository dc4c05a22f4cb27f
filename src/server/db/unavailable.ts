/**
 * Whether an error says the database is out of reach (restarting, failing over, dropping packets)
 * rather than that a query was wrong: the API answers these 503 with Retry-After, the process lives
 * on and the pool reconnects by itself. Drivers and drizzle wrap errors, so the whole cause chain is read.
 */
const CODES = new Set([
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections, statement timeout
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  // Node's sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a lost or unreachable connection (it gives these no code). */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection refused|the database system is (shutting down|starting up|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // An AggregateError (a connection tried on several addresses) is out of reach when all its errors are.
    if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
  }
  return false;
}
