// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest';

vi.mock('./http.ts', () => ({
  call: vi.fn(async () => ({ _payload: { provider: 'recaptcha', site_key: 'site-key', domain: 'www.recaptcha.net' } })),
}));
const { captchaAnswer } = await import('./captcha.ts');
const { RECAPTCHA_ONLOAD } = await import('../contract/captcha.ts');

it('reCAPTCHA loads as spec section 7 says (alternate domain, onload, explicit render, page language) and answers with an invisible widget', async () => {
  document.documentElement.lang = 'en-IE';
  const scripts: HTMLScriptElement[] = [];
  // Keep the script out of the document: no network in a unit test.
  vi.spyOn(document.head, 'append').mockImplementation(
    (...nodes) => void scripts.push(...(nodes as HTMLScriptElement[])),
  );
  const answer = captchaAnswer('sign_up');
  await vi.waitFor(() => expect(scripts).toHaveLength(1));
  const url = new URL(scripts[0]!.src);
  expect(url.host).toBe('www.recaptcha.net');
  expect(Object.fromEntries(url.searchParams)).toEqual({ onload: RECAPTCHA_ONLOAD, render: 'explicit', hl: 'en-IE' });
  const render = vi.fn(() => 7);
  const execute = vi.fn(async () => 'the-token');
  Object.assign(window, { grecaptcha: { render, execute } });
  (window as unknown as Record<string, () => void>)[RECAPTCHA_ONLOAD]!();
  expect(await answer).toBe('the-token');
  expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), {
    sitekey: 'site-key',
    size: 'invisible',
    badge: 'bottomright',
  });
  expect(execute).toHaveBeenCalledWith(7, { action: 'sign_up' });
  // A second form on the page uses the same widget: no second script.
  expect(await captchaAnswer('free_sim')).toBe('the-token');
  expect(scripts).toHaveLength(1);
  expect(execute).toHaveBeenLastCalledWith(7, { action: 'free_sim' });
});
