import { createRouter } from '@nanostores/router';
import { onMount } from 'nanostores';
import { DEFAULT_LOCALE, localeOfPath } from '../contract/i18n/locales.ts';
import { features } from './features.ts';

/**
 * The shell's language prefix ("/pl" on /pl/my48/…, "" in English; docs/product/languages.md): the
 * app's routes live under it, and a screen's link to `/my48/…` opens under it too, so the screens'
 * links stay as they are in every language.
 */
export const BASE = ((locale) => (locale === DEFAULT_LOCALE ? '' : `/${locale}`))(
  localeOfPath(typeof location === 'undefined' ? '/' : location.pathname),
);

/** A screen's address as the page's language has it: "/my48/usage" is "/pl/my48/usage" on a Polish page. */
export const here = (path: string): string => BASE + path;

/**
 * The routes of the account app, from the feature registry (features.ts). Links to these paths
 * are caught (catchAppLinks) and change the screen without a page load; every path is also
 * pre-rendered as the same shell (src/pages/my48/[...path].astro), so a reload or a shared link
 * works with no server rewrites.
 *
 * The router's own link handling is off: it takes every same-origin link, so "Back to the main
 * site" or a link to /help pushed the URL and showed "Page not found" inside the app, whose
 * screens then kept calling the API (after an account deletion, a 401 and a jump to /log-in).
 */
export const $router = createRouter(
  Object.fromEntries(
    features.flatMap((f) => [
      [f.route, here(f.path)],
      ...(f.children ? [[f.children.route, here(f.children.pattern)]] : []),
    ]),
  ) as Record<string, string>,
  { links: false },
);

/**
 * The path to open inside the app for a link's address, or undefined when the browser should load
 * it: a link to `/my48/…` (or to the page's own `base/my48/…`) opens under the page's prefix.
 */
export function appPath(href: string, origin: string, base = BASE): string | undefined {
  const url = new URL(href, origin);
  if (url.origin !== origin) return undefined;
  const path =
    base && url.pathname.toLowerCase().startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
  if (!/^\/my48(\/|$)/i.test(path)) return undefined;
  return base + path + url.search + url.hash;
}

/** A plain left click on a link that stays in this tab (what the router library checked too). */
function plainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.altKey &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !link.download &&
    (link.target === '' || link.target === '_self') &&
    link.rel !== 'external'
  );
}

/** Whether a path is one of the app's screens (the router's own patterns, a trailing slash ignored). */
export function isScreen(pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/';
  return $router.routes.some(([, pattern]) => pattern instanceof RegExp && pattern.test(path));
}

const onClick = (event: MouseEvent) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !plainClick(event, link)) return;
  const path = appPath(link.href, location.origin);
  // A path under /my48 that is no screen of the app (the help-desk sign-in page) is a page of its own.
  if (path === undefined || !isScreen(new URL(path, location.origin).pathname)) return;
  event.preventDefault();
  $router.open(path);
};

// Catch links to the app's own screens while the router is in use.
onMount($router, () => {
  if (typeof document === 'undefined') return;
  document.body.addEventListener('click', onClick);
  return () => document.body.removeEventListener('click', onClick);
});

/** The registry entry of the screen a route shows (a child route shows its parent's screen). */
export function featureOf(route: string | undefined) {
  return features.find((f) => f.route === route || f.children?.route === route);
}
