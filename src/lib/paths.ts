/**
 * One reading of a route for every comparison: `/log-in`, `/log-in/` (which CDNs add)
 * and `/log-in?x=1` are the same route; `/log-in-help` is not.
 */
export function routeOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** Whether a path (with or without query or trailing slash) is the given route. */
export const isRoute = (url: string, route: string): boolean => routeOf(url) === routeOf(route);
