import { vi } from 'vitest';

/**
 * A fake panda for store tests in Node (happy-dom for cookies and location): it records every call
 * the portal's HTTP client makes and answers as the test says. The client captures fetch when it is
 * made, so a test installs this first and imports the store under test after it.
 */
export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}
export type Answer = { status: number; body: unknown };

export function fakePanda() {
  const sent: Sent[] = [];
  let answer: (call: Sent) => Answer = () => ({ status: 200, body: { _payload: {} } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const call: Sent = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      // JSON, or a form body (spec section 7's recurrence call) as its fields.
      body:
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof URLSearchParams
            ? Object.fromEntries(init.body)
            : undefined,
    };
    sent.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return {
    sent,
    /** The calls that change something (not the reads after them). */
    writes: () => sent.filter((s) => s.method !== 'GET'),
    answerWith(next: (call: Sent) => Answer) {
      answer = next;
    },
    reset() {
      sent.length = 0;
      answer = () => ({ status: 200, body: { _payload: {} } });
    },
  };
}
