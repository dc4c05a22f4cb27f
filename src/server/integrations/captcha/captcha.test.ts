import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.ts';
import { captchaAdapter, recaptchaV3 } from './index.ts';

const keys = { siteKey: 'site-key', secretKey: 'secret-key' };
const answering = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
const context = { db: undefined as unknown as Queryable, now: new Date(), ip: '203.0.113.9', action: 'sign_up' };

describe('reCAPTCHA v3 adapter', () => {
  it('offers its site key, never the secret', async () => {
    const offer = await recaptchaV3(keys).offer(new Date());
    expect(offer).toEqual({ provider: 'recaptcha', site_key: 'site-key', domain: 'www.google.com' });
    expect(JSON.stringify(offer)).not.toContain('secret-key');
  });

  it('passes a success with score 0.2 or more for the same action', async () => {
    expect(
      await recaptchaV3(keys, answering({ success: true, score: 0.2, action: 'sign_up' })).verify('t', context),
    ).toBe(true);
    expect(
      await recaptchaV3(keys, answering({ success: true, score: 0.9, action: 'sign_up' })).verify('t', context),
    ).toBe(true);
  });

  it('refuses a low score, another action, a failure, an error status or no answer', async () => {
    expect(
      await recaptchaV3(keys, answering({ success: true, score: 0.19, action: 'sign_up' })).verify('t', context),
    ).toBe(false);
    expect(
      await recaptchaV3(keys, answering({ success: true, score: 0.9, action: 'free_sim' })).verify('t', context),
    ).toBe(false);
    expect(
      await recaptchaV3(keys, answering({ success: false, score: 0.9, action: 'sign_up' })).verify('t', context),
    ).toBe(false);
    expect(await recaptchaV3(keys, answering({}, 500)).verify('t', context)).toBe(false);
    expect(
      await recaptchaV3(keys, (async () => {
        throw new Error('offline');
      }) as typeof fetch).verify('t', context),
    ).toBe(false);
  });

  it('sends the secret, the token and the address to Google', async () => {
    let sent: URLSearchParams | undefined;
    const spy = (async (_url: string, init: RequestInit) => {
      sent = init.body as URLSearchParams;
      return new Response(JSON.stringify({ success: true, score: 0.5, action: 'sign_up' }));
    }) as unknown as typeof fetch;
    await recaptchaV3(keys, spy).verify('the-token', context);
    expect(Object.fromEntries(sent!)).toEqual({ secret: 'secret-key', response: 'the-token', remoteip: '203.0.113.9' });
  });

  it('uses the global alternate domain when configured, for the script and the checks (spec section 7)', async () => {
    let asked = '';
    const spy = (async (url: string) => {
      asked = url;
      return new Response(JSON.stringify({ success: true, score: 0.5, action: 'sign_up' }));
    }) as unknown as typeof fetch;
    const alternate = recaptchaV3({ ...keys, domain: 'www.recaptcha.net' }, spy);
    expect(await alternate.offer(new Date())).toMatchObject({ domain: 'www.recaptcha.net' });
    await alternate.verify('t', context);
    expect(asked).toBe('https://www.recaptcha.net/recaptcha/api/siteverify');
  });

  it('is chosen when its keys are configured, the proof of work otherwise', async () => {
    const base = { hmacKey: 'k'.repeat(40), maxNumber: 100, ttlMs: 60_000 };
    expect((await captchaAdapter({ ...base, recaptcha: keys }).offer(new Date())).provider).toBe('recaptcha');
    expect((await captchaAdapter(base).offer(new Date())).provider).toBe('pow');
  });
});
