/**
 * The API's message for a failed call (`_payload.message` of ofetch's FetchError), or a plain
 * fallback. Apart from the HTTP client (it re-exports this) so a screen that loads the client only
 * when a member acts can still word its failures.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.name === 'FetchError') {
    const message = (error as Error & { data?: { _payload?: { message?: unknown } } }).data?._payload?.message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** The HTTP status of a failed call, if it had an answer. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof Error && error.name === 'FetchError' ? (error as Error & { status?: number }).status : undefined;
}
