import { describe, expect, it } from 'vitest';
import { newNotifications, readShown, shownUpTo } from './new-notifications.ts';

const n = (id: number, read = false) => ({ id, read });

describe('dashboardNotification: what the dashboard announces as new (spec section 3)', () => {
  it('all unread ones on the first dashboard of a session, then only those that came since', () => {
    const latest = [n(9), n(7), n(5, true)];
    expect(newNotifications(latest, undefined).map((x) => x.id)).toEqual([9, 7]);
    const shown = shownUpTo(latest, undefined);
    expect(shown).toBe(9);
    expect(newNotifications(latest, shown)).toEqual([]);
    expect(newNotifications([n(11), ...latest], shown).map((x) => x.id)).toEqual([11]);
  });
  it('never goes back, and reads only a whole number', () => {
    expect(shownUpTo([n(3)], 9)).toBe(9);
    expect(shownUpTo([], undefined)).toBe(0);
    expect([readShown('12'), readShown(undefined), readShown('x'), readShown('-1'), readShown('1.5')]).toEqual([
      12,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
