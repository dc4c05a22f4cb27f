// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { watchErrors } from './error-watch.ts';

describe('browser error watch', () => {
  it('without a DSN: listens to nothing', () => {
    const target = { addEventListener: vi.fn() };
    watchErrors(undefined, vi.fn(), target);
    expect(target.addEventListener).not.toHaveBeenCalled();
  });

  it('loads the reporter once, on the first error, and sends every error', async () => {
    const target = new EventTarget();
    const sent: unknown[] = [];
    const load = vi.fn(async () => (error: unknown) => void sent.push(error));
    watchErrors('https://key@sentry.example/1', load, target as unknown as Window);
    expect(load).not.toHaveBeenCalled();
    const first = new Error('first');
    target.dispatchEvent(new ErrorEvent('error', { error: first, message: 'first' }));
    const reason = new Error('second');
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = reason;
    target.dispatchEvent(rejection);
    await vi.waitFor(() => expect(sent).toEqual([first, reason]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a reporter that cannot load (blocked, offline) breaks nothing', async () => {
    const target = new EventTarget();
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    watchErrors('https://key@sentry.example/1', load, target as unknown as Window);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('x') }));
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('y') }));
    await new Promise((r) => setTimeout(r, 10));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
