// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIdle } from './idle.ts';

describe('the idle timer (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('fires once after the time without activity', () => {
    const onIdle = vi.fn();
    watchIdle(1800_000, onIdle);
    vi.advanceTimersByTime(1799_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3600_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  for (const event of ['mousemove', 'mousedown', 'keydown', 'touchstart', 'resize']) {
    it(`${event} starts the time again`, () => {
      const onIdle = vi.fn();
      watchIdle(1800_000, onIdle);
      vi.advanceTimersByTime(1000_000);
      window.dispatchEvent(new Event(event));
      vi.advanceTimersByTime(1000_000);
      expect(onIdle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(800_000);
      expect(onIdle).toHaveBeenCalledTimes(1);
    });
  }

  it('stops watching when asked', () => {
    const onIdle = vi.fn();
    const stop = watchIdle(1000, onIdle);
    stop();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('activity on a signed-in page', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('tells the caller of activity at most once a second, so the session cookies can be renewed', () => {
    const onActivity = vi.fn();
    const stop = watchIdle(1800_000, vi.fn(), window, onActivity);
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('mousemove'));
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1500);
    window.dispatchEvent(new Event('mousemove'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(1500);
    window.dispatchEvent(new Event('mousemove'));
    expect(onActivity).toHaveBeenCalledTimes(2);
  });
});
