/**
 * What the service worker does with a request (docs/product/phone.md, "Offline"), as a pure rule so it is
 * tested without a browser. Everything not named here passes through untouched: the worker
 * never answers a write, a content page, or another origin.
 */
export type Handling =
  /**
   * A page of the app shell: network first, the kept copy `key` when offline. Only the page at `key`
   * itself renews the copy (every /my48 address is the same app, but pages differ in small ways).
   */
  | { kind: 'shell'; key: string; renews: boolean }
  /** A hashed bundle: the kept copy first, else the network (and keep it). */
  | { kind: 'asset' }
  /** One of the dashboard's reads for the signed-in member: network first, kept with its time. */
  | { kind: 'member-read' }
  | { kind: 'pass' };

/** The dashboard's reads (docs/product/phone.md): SIMs owned, balance summary, notifications. */
const MEMBER_READS = [
  /^\/panda\/protected\/users\/\d+\/sims\/owned$/,
  /^\/panda\/protected\/users\/\d+\/sims\/[\w-]+\/balance\/summary\/current$/,
  /^\/panda\/protected\/users\/\d+\/notification\/inapp\/summary$/,
];

/** Every /my48 address is the same shell (the app's router shows the screen), kept once as /my48/. */
export const MY48_SHELL = '/my48/';
export const LOG_IN_SHELL = '/log-in/';
/** A my48 address in any language: "/my48/usage", "/pl/my48" (the language's prefix captured). */
const MY48_AREA = /^(\/(?:ga|pl))?\/my48(?:\/|$)/;

export interface RequestFacts {
  url: string;
  /** The worker's own origin. */
  origin: string;
  method: string;
  mode: string;
  /** Whether the request carries the member's session (x-gg-auth). */
  signedIn: boolean;
}

export function handlingOf(r: RequestFacts): Handling {
  if (r.method !== 'GET') return { kind: 'pass' };
  const url = new URL(r.url);
  if (url.origin !== r.origin) return { kind: 'pass' };
  const path = url.pathname;
  if (r.mode === 'navigate') {
    // Each language's shell is kept apart (/pl/my48/ for Polish; docs/product/languages.md).
    const app = MY48_AREA.exec(path);
    if (app) {
      const key = `${app[1] ?? ''}${MY48_SHELL}`;
      return { kind: 'shell', key, renews: path === key || path === key.slice(0, -1) };
    }
    if (path === '/log-in' || path === LOG_IN_SHELL) return { kind: 'shell', key: LOG_IN_SHELL, renews: true };
    return { kind: 'pass' };
  }
  if (path.startsWith('/_astro/')) return { kind: 'asset' };
  // Only with the session's header and no query: a read of a signed-in member, exactly as the dashboard asks it.
  if (r.signedIn && url.search === '' && MEMBER_READS.some((re) => re.test(path))) return { kind: 'member-read' };
  return { kind: 'pass' };
}

/**
 * Which answers of a member read are kept: what the dashboard shows from (200, and the spec's 400s
 * such as "No current MemberShip"). Never a 401 or 403 (not this member's), nor a server failure.
 */
export function keepsAnswer(status: number): boolean {
  return status === 200 || status === 400;
}

/**
 * The release a my48 shell belongs to: the app's own bundle (its island's component-url, hashed).
 * A new one means the kept bundles of the old release are of no more use.
 */
export function releaseOf(html: string): string | undefined {
  return /component-url="([^"]+)"/.exec(html)?.[1];
}

/** A push's payload (docs/product/phone.md: JSON with title, body and url), or a plain notice when it is not that. */
export function pushMessageOf(text: string | undefined): { title: string; body: string; url: string } {
  try {
    const data = JSON.parse(text ?? '') as Record<string, unknown>;
    if (typeof data['title'] === 'string' && typeof data['body'] === 'string')
      return { title: data['title'], body: data['body'], url: typeof data['url'] === 'string' ? data['url'] : '/my48' };
  } catch {
    // Not JSON: shown as a plain notice below.
  }
  return { title: '48', body: text || 'You have a new notification in my48.', url: '/my48' };
}
