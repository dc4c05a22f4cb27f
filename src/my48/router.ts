import { createRouter } from '@nanostores/router';
import { features } from './features.ts';

/**
 * The routes of the account app, from the feature registry (features.ts). Links to these paths
 * are caught by the router and change the screen without a page load; every path is also
 * pre-rendered as the same shell (src/pages/my48/[...path].astro), so a reload or a shared link
 * works with no server rewrites.
 */
export const $router = createRouter(
  Object.fromEntries(features.flatMap((f) => [[f.route, f.path], ...(f.children ? [[f.children.route, f.children.pattern]] : [])])) as Record<string, string>,
);

/** The registry entry of the screen a route shows (a child route shows its parent's screen). */
export function featureOf(route: string | undefined) {
  return features.find((f) => f.route === route || f.children?.route === route);
}
