// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $loggedIn } from '../stores/session.ts';
import { createHttp, errorMessage, refusalIn, sayUnexplained } from './http.ts';
import { clearAllCookies, setAuthCode } from './session-cookies.ts';
import { refreshSession } from '../stores/session.ts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
}

function fakeServer(status = 200, body: unknown = { _payload: {} }) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

beforeEach(() => {
  clearAllCookies();
  refreshSession();
});

describe('the HTTP client', () => {
  it('sends no-cache on GETs under /panda only', async () => {
    const server = fakeServer();
    const http = createHttp({ fetch: server.fetch });
    await http('/panda/public/users/1');
    await http('/api/cms/faq/faq');
    await http('/panda/public/users/current', { method: 'POST', body: {} });
    expect(server.sent[0]!.headers.get('cache-control')).toBe('no-cache');
    expect(server.sent[0]!.headers.get('pragma')).toBe('no-cache');
    expect(server.sent[1]!.headers.get('cache-control')).toBeNull();
    expect(server.sent[2]!.headers.get('cache-control')).toBeNull();
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN, and the auth and transaction headers on protected calls', async () => {
    Cookies.set('XSRF-TOKEN', 'xsrf-value');
    setAuthCode('session-token');
    const server = fakeServer();
    const http = createHttp({ fetch: server.fetch });
    await http('/panda/protected/users/1/segments');
    await http('/panda/public/users/1');
    const [protectedCall, publicCall] = server.sent;
    expect(protectedCall!.headers.get('x-xsrf-token')).toBe('xsrf-value');
    expect(protectedCall!.headers.get('x-gg-auth')).toBe('session-token');
    expect(protectedCall!.headers.get('x-gg-transaction')).toMatch(/^48-pre-[0-9a-f]{64}-post-48$/);
    expect(publicCall!.headers.get('x-gg-auth')).toBeNull();
    expect(publicCall!.headers.get('x-gg-transaction')).toBeNull();
    // The spec's two public calls "with auth headers" carry them.
    await http('/panda/public/users/1/sim-limits');
    await http('/panda/public/packs/campaign/mgm/', { method: 'POST' });
    for (const call of server.sent.slice(2)) expect(call.headers.get('x-gg-auth')).toBe('session-token');
  });

  it('on a 401 clears the session and goes to /log-in', async () => {
    setAuthCode('session-token');
    refreshSession();
    expect($loggedIn.get()).toBe(true);
    const went: string[] = [];
    const http = createHttp({
      fetch: fakeServer(401, { _payload: { message: 'Your session has ended.' } }).fetch,
      navigate: (p) => went.push(p),
      currentPath: () => '/my48',
    });
    const error = await http('/panda/protected/users/1/segments').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Your session has ended.');
    expect(went).toEqual(['/log-in']);
    expect(Cookies.get('authCode')).toBeUndefined();
    expect($loggedIn.get()).toBe(false);
  });

  it('on a 401 while on /log-in does nothing (a wrong password is not a lost session)', async () => {
    setAuthCode('session-token');
    const went: string[] = [];
    const http = createHttp({
      fetch: fakeServer(401).fetch,
      navigate: (p) => went.push(p),
      currentPath: () => '/log-in',
    });
    await http('/panda/public/users/current', { method: 'POST', body: {} }).catch(() => undefined);
    expect(went).toEqual([]);
    expect(Cookies.get('authCode')).toBe('session-token');
  });

  it('on a 401 while on /log-in/ (trailing slash, as CDNs add) or the log-in in Polish or Irish does nothing either', async () => {
    setAuthCode('session-token');
    for (const path of ['/log-in/', '/log-in', '/pl/log-in', '/ga/log-in/']) {
      const went: string[] = [];
      const http = createHttp({ fetch: fakeServer(401).fetch, navigate: (p) => went.push(p), currentPath: () => path });
      await http('/panda/public/users/current', { method: 'POST', body: {} }).catch(() => undefined);
      expect(went).toEqual([]);
    }
  });

  it('every answered protected call gives each session cookie 30 more minutes; public calls and 401s do not', async () => {
    setAuthCode('session-token');
    Cookies.set('userId', 'encrypted-id');
    const renewed: string[] = [];
    const set = vi.spyOn(Cookies, 'set').mockImplementation(((
      name: string,
      value: string,
      attributes?: Cookies.CookieAttributes,
    ) => {
      renewed.push(`${name}=${value}@${String(attributes?.expires)}`);
      return undefined;
    }) as typeof Cookies.set);
    try {
      await createHttp({ fetch: fakeServer(200).fetch })('/panda/public/users/1');
      expect(renewed).toEqual([]);
      await createHttp({ fetch: fakeServer(200).fetch })('/panda/protected/users/1/segments');
      expect(renewed).toEqual(expect.arrayContaining(['authCode=session-token@0.0208', 'userId=encrypted-id@0.0208']));
      renewed.length = 0;
      await createHttp({ fetch: fakeServer(409).fetch })('/panda/protected/users/1/segments').catch(() => undefined);
      expect(renewed).toEqual(expect.arrayContaining(['authCode=session-token@0.0208']));
      renewed.length = 0;
      await createHttp({ fetch: fakeServer(401).fetch, navigate: () => undefined })(
        '/panda/protected/users/1/segments',
      ).catch(() => undefined);
      expect(renewed.filter((r) => r.startsWith('authCode='))).toEqual([]);
    } finally {
      set.mockRestore();
    }
  });

  it('other errors leave the session alone and give the API’s message or a fallback', async () => {
    setAuthCode('session-token');
    const went: string[] = [];
    const http = createHttp({
      fetch: fakeServer(504, 'gateway').fetch,
      navigate: (p) => went.push(p),
      currentPath: () => '/my48',
    });
    const error = await http('/panda/protected/users/1/segments').catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe('fallback');
    expect(went).toEqual([]);
    expect(Cookies.get('authCode')).toBe('session-token');
  });

  it('says a refusal in the page’s words by its code, else the API’s message, else the fallback', async () => {
    const http = createHttp({
      fetch: fakeServer(409, { _payload: { code: 'signUp.emailTaken', message: 'An account with this e-mail…' } })
        .fetch,
      currentPath: () => '/pl/sign-up',
    });
    const error = await http('/panda/public/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(refusalIn({ 'error.signUp.emailTaken': 'Konto z tym adresem e-mail już istnieje.' }, error)).toBe(
      'Konto z tym adresem e-mail już istnieje.',
    );
    expect(refusalIn({}, error)).toBe('An account with this e-mail…');
    expect(refusalIn({}, new Error('offline'), 'Spróbuj ponownie.')).toBe('Spróbuj ponownie.');
  });

  it('says a failure nothing explains in the page’s words: the form’s, else the ones the page gave, else English', () => {
    const offline = new Error('offline');
    expect(errorMessage(offline)).toBe('Something went wrong. Please try again.');
    expect(refusalIn({ 'form.failed': 'Coś poszło nie tak. Spróbuj ponownie.' }, offline)).toBe(
      'Coś poszło nie tak. Spróbuj ponownie.',
    );
    expect(refusalIn({ 'form.failed': 'Coś poszło nie tak.' }, offline, 'Nie udało się złożyć zamówienia.')).toBe(
      'Nie udało się złożyć zamówienia.',
    );
    sayUnexplained('Chuaigh rud éigin amú. Bain triail eile as.');
    try {
      expect(errorMessage(offline)).toBe('Chuaigh rud éigin amú. Bain triail eile as.');
      expect(refusalIn({}, offline)).toBe('Chuaigh rud éigin amú. Bain triail eile as.');
      expect(errorMessage(offline, 'Your file could not be made.')).toBe('Your file could not be made.');
    } finally {
      sayUnexplained('Something went wrong. Please try again.');
    }
  });
});
