/**
 * The CDN in front of the site: after a release is live, what changed is purged by the keys every
 * cached answer carries (http/cache-policy.ts). One adapter per CDN an operator may choose
 * (CDN_PROVIDER), each speaking that CDN's own purge API; the sandbox records purges at
 * /sandbox/cdn. A purge that fails throws: the purge queue (cdn-purges.ts) tries again later.
 */
export interface PurgeRequest {
  /** Surrogate keys (cache tags) to purge. */
  keys: string[];
}

export interface CdnAdapter {
  /** Which CDN: shown on /panda/ready and in the logs. */
  readonly name: 'fastly' | 'cloudflare' | 'bunny' | 'varnish' | 'sandbox';
  purge(request: PurgeRequest): Promise<void>;
}

/** A purge the CDN refused or could not take; `retryAfterMs` when it said how long to wait. */
export class PurgeFailed extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

type Fetch = typeof fetch;
const TIMEOUT_MS = 10_000;
/** How long a rate-limited batch waits, at most, before the purge is left to the queue's next turn. */
const MAX_WAIT_MS = 20_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const batches = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Seconds or an HTTP date in Retry-After, as milliseconds (undefined when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * One purge call: a 429 waits for what Retry-After says (or backs off: 1, 2, 4 s …) and tries the
 * same batch again, while the wait stays under MAX_WAIT_MS; any other refusal throws at once.
 */
async function send(what: string, call: () => Promise<Response>, wait: (ms: number) => Promise<void>) {
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    const res = await call();
    if (res.ok) return res;
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    const after = retryAfterMs(res.headers.get('retry-after')) ?? 1000 * 2 ** attempt;
    if (res.status !== 429) throw new PurgeFailed(`${what} answered ${res.status}${detail ? `: ${detail}` : ''}`);
    if (waited + after > MAX_WAIT_MS) throw new PurgeFailed(`${what} is rate-limiting purges`, after);
    waited += after;
    await wait(after);
  }
}

/** The calls of one adapter: POST unless said, with the timeout, and send()'s waits on a 429. */
const caller =
  (fetchImpl: Fetch, wait: (ms: number) => Promise<void>) => (what: string, url: string, init: RequestInit) =>
    send(what, () => fetchImpl(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }), wait);

/** The CDN's API address: its own unless configured (a test's stand-in), without a trailing slash. */
const apiBase = (configured: string | undefined, own: string) => (configured ?? own).replace(/\/$/, '');

/**
 * Fastly: `POST /service/{id}/purge` with the keys in a Surrogate-Key header (256 a request), soft
 * (`Fastly-Soft-Purge: 1`: marked stale, so Fastly may serve it once more while it fetches the new one).
 */
export function fastlyCdn(
  config: { token: string; serviceId: string; apiUrl?: string | undefined },
  fetchImpl: Fetch = fetch,
  wait = sleep,
): CdnAdapter {
  const base = apiBase(config.apiUrl, 'https://api.fastly.com');
  const call = caller(fetchImpl, wait);
  return {
    name: 'fastly',
    async purge({ keys }) {
      for (const batch of batches(keys, 256))
        await call('Fastly', `${base}/service/${encodeURIComponent(config.serviceId)}/purge`, {
          headers: {
            'fastly-key': config.token,
            'fastly-soft-purge': '1',
            'surrogate-key': batch.join(' '),
            accept: 'application/json',
          },
        });
    },
  };
}

/**
 * Cloudflare: `POST /client/v4/zones/{zone}/purge_cache` with `{ tags }`, at most 100 a request (its
 * limit per purge call); a 429 waits as Retry-After says.
 */
export function cloudflareCdn(
  config: { token: string; zoneId: string; apiUrl?: string | undefined },
  fetchImpl: Fetch = fetch,
  wait = sleep,
): CdnAdapter {
  const base = apiBase(config.apiUrl, 'https://api.cloudflare.com');
  const call = caller(fetchImpl, wait);
  return {
    name: 'cloudflare',
    async purge({ keys }) {
      for (const batch of batches(keys, 100)) {
        const res = await call(
          'Cloudflare',
          `${base}/client/v4/zones/${encodeURIComponent(config.zoneId)}/purge_cache`,
          {
            headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ tags: batch }),
          },
        );
        const body = (await res.json().catch(() => ({}))) as { success?: boolean; errors?: { message?: string }[] };
        if (body.success !== true)
          throw new PurgeFailed(`Cloudflare refused the purge: ${body.errors?.[0]?.message ?? 'no reason given'}`);
      }
    },
  };
}

/** Bunny: `POST /pullzone/{id}/purgeCache` with `{ CacheTag }`, one tag a request. */
export function bunnyCdn(
  config: { apiKey: string; pullZoneId: string; apiUrl?: string | undefined },
  fetchImpl: Fetch = fetch,
  wait = sleep,
): CdnAdapter {
  const base = apiBase(config.apiUrl, 'https://api.bunny.net');
  const call = caller(fetchImpl, wait);
  return {
    name: 'bunny',
    async purge({ keys }) {
      for (const key of keys)
        await call('Bunny', `${base}/pullzone/${encodeURIComponent(config.pullZoneId)}/purgeCache`, {
          headers: { accesskey: config.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ CacheTag: key }),
        });
    },
  };
}

/**
 * Varnish (deploy/varnish/default.vcl): a `BAN` to each Varnish with the keys in `X-Purge-Keys`
 * (100 a request); the VCL bans every object whose Surrogate-Key holds one of them. Every Varnish
 * must take it: one that is away fails the purge, and the queue tries all again.
 */
export function varnishCdn(config: { urls: string[] }, fetchImpl: Fetch = fetch, wait = sleep): CdnAdapter {
  const call = caller(fetchImpl, wait);
  return {
    name: 'varnish',
    async purge({ keys }) {
      for (const url of config.urls)
        for (const batch of batches(keys, 100))
          await call(`Varnish at ${new URL(url).host}`, url, {
            method: 'BAN',
            headers: { 'x-purge-keys': batch.join(' ') },
          });
    },
  };
}

/** A purge as the sandbox CDN recorded it. */
export interface RecordedPurge {
  at: Date;
  keys: string[];
}

/** The sandbox: no CDN in front; it records what would have been purged (the newest 50), for /sandbox/cdn. */
export type SandboxCdn = CdnAdapter & { sandbox: true; recorded: RecordedPurge[] };
export const isSandboxCdn = (adapter: CdnAdapter): adapter is SandboxCdn => 'recorded' in adapter;
export function sandboxCdn(clock: () => Date): SandboxCdn {
  const recorded: RecordedPurge[] = [];
  return {
    name: 'sandbox',
    sandbox: true,
    recorded,
    async purge({ keys }) {
      recorded.unshift({ at: clock(), keys: [...keys] });
      recorded.splice(50);
    },
  };
}
