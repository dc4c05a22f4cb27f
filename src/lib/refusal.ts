import { FetchError } from 'ofetch';

/* What a failed call of the API says, for the member (http.ts makes the calls). */

/** A failure outside the API whose message is written for the member (a browser prompt they closed). */
export class ShownError extends Error {}

/** The API's message for a failed call (`_payload.message`), or a plain fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ShownError) return error.message;
  if (error instanceof FetchError) {
    const message = (error.data as { _payload?: { message?: unknown } } | undefined)?._payload?.message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * A refusal in the page's language (docs/product/languages.md): the page's words for its code
 * (`error.<code>`) where they have them, else the API's own message, else `fallback`.
 */
export function refusalIn(words: Readonly<Record<string, string>>, error: unknown, fallback?: string): string {
  return words[`error.${errorCode(error)}`] ?? errorMessage(error, fallback);
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
