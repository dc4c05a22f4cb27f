import { describe, expect, it } from 'vitest';
import { bunnyCdn, cloudflareCdn, fastlyCdn, PurgeFailed, retryAfterMs, varnishCdn } from './index.ts';

/** Each CDN's purge call as its API documents it, recorded by a fake fetch that answers as told. */
function fakeFetch(answer: (n: number) => Response = () => new Response('{"status":"ok"}', { status: 200 })) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string | undefined }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body as string | undefined,
    });
    return answer(calls.length);
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}
const keys = (n: number) => Array.from({ length: n }, (_, i) => `page-${String(i).padStart(16, '0')}`);
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);

describe('CDN purges', () => {
  it('Fastly: soft purges by surrogate key, 256 a request, with the service key', async () => {
    const { calls, fetchImpl } = fakeFetch();
    await fastlyCdn({ token: 'fastly-token', serviceId: 'SU1Z0isxPaozGVKXdv0eY' }, fetchImpl).purge({
      keys: keys(300),
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      url: 'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge',
      method: 'POST',
      headers: { 'fastly-key': 'fastly-token', 'fastly-soft-purge': '1' },
    });
    expect(calls[0]!.headers['surrogate-key']!.split(' ')).toHaveLength(256);
    expect(calls[1]!.headers['surrogate-key']!.split(' ')).toHaveLength(44);
  });

  it('Cloudflare: tags in batches of 100; a 429 waits as Retry-After says and sends the batch again', async () => {
    waits.length = 0;
    const { calls, fetchImpl } = fakeFetch((n) =>
      n === 2
        ? new Response('{"success":false}', { status: 429, headers: { 'retry-after': '3' } })
        : new Response('{"success":true,"errors":[],"result":{"id":"x"}}'),
    );
    await cloudflareCdn({ token: 'cf-token', zoneId: 'zone123' }, fetchImpl, wait).purge({ keys: keys(250) });
    expect(calls.map((c) => JSON.parse(c.body!).tags.length)).toEqual([100, 100, 100, 50]);
    expect(calls[0]).toMatchObject({
      url: 'https://api.cloudflare.com/client/v4/zones/zone123/purge_cache',
      headers: { authorization: 'Bearer cf-token', 'content-type': 'application/json' },
    });
    expect(waits).toEqual([3000]);
  });

  it('Cloudflare: a refusal in the body fails the purge; rate-limited past the wait, it says when to try again', async () => {
    const refused = fakeFetch(() => new Response('{"success":false,"errors":[{"code":1134,"message":"Invalid tag"}]}'));
    await expect(
      cloudflareCdn({ token: 't', zoneId: 'z' }, refused.fetchImpl, wait).purge({ keys: ['site'] }),
    ).rejects.toThrow('Cloudflare refused the purge: Invalid tag');
    const limited = fakeFetch(() => new Response('', { status: 429, headers: { 'retry-after': '600' } }));
    const error = await cloudflareCdn({ token: 't', zoneId: 'z' }, limited.fetchImpl, wait)
      .purge({ keys: ['site'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurgeFailed);
    expect((error as PurgeFailed).retryAfterMs).toBe(600_000);
  });

  it('Bunny: one tag a request, with the access key; a 500 fails at once', async () => {
    const { calls, fetchImpl } = fakeFetch(() => new Response(null, { status: 204 }));
    await bunnyCdn({ apiKey: 'bunny-key', pullZoneId: '12345' }, fetchImpl).purge({ keys: ['site', 'missing'] });
    expect(calls.map((c) => [c.url, c.headers['accesskey'], c.body])).toEqual([
      ['https://api.bunny.net/pullzone/12345/purgeCache', 'bunny-key', '{"CacheTag":"site"}'],
      ['https://api.bunny.net/pullzone/12345/purgeCache', 'bunny-key', '{"CacheTag":"missing"}'],
    ]);
    const failing = fakeFetch(() => new Response('boom', { status: 500 }));
    await expect(
      bunnyCdn({ apiKey: 'k', pullZoneId: '1' }, failing.fetchImpl).purge({ keys: ['site'] }),
    ).rejects.toThrow('Bunny answered 500: boom');
  });

  it('Varnish: a BAN with the keys to every Varnish', async () => {
    const { calls, fetchImpl } = fakeFetch(() => new Response('Banned'));
    await varnishCdn({ urls: ['http://varnish-1:80', 'http://varnish-2:80'] }, fetchImpl).purge({
      keys: ['site', 'missing'],
    });
    expect(calls.map((c) => [c.url, c.method, c.headers['x-purge-keys']])).toEqual([
      ['http://varnish-1:80', 'BAN', 'site missing'],
      ['http://varnish-2:80', 'BAN', 'site missing'],
    ]);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', Date.parse('2026-11-27T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
