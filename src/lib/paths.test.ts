import { describe, expect, it } from 'vitest';
import { isRoute, routeOf } from './paths.ts';

describe('routes compared alike with and without a trailing slash', () => {
  it('reads the route of a path', () => {
    expect(routeOf('/log-in/')).toBe('/log-in');
    expect(routeOf('/log-in//?a=1#x')).toBe('/log-in');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/my48/settings/?x')).toBe('/my48/settings');
  });
  it('matches /log-in and /log-in/ but not a longer route', () => {
    for (const p of ['/log-in', '/log-in/', '/log-in?utm_source=x', '/log-in/?a=b'])
      expect(isRoute(p, '/log-in')).toBe(true);
    for (const p of ['/log-in-help', '/log-ins', '/log', '/my48/log-in']) expect(isRoute(p, '/log-in')).toBe(false);
    expect(isRoute('/log-out/', '/log-out')).toBe(true);
  });
});
