/// <reference lib="webworker" />
/**
 * The service worker at /sw.js (docs/product/phone.md, "Offline"; ADR 025): registered by the my48 app only.
 * It keeps the app shell and hashed bundles, and the dashboard's last reads of the signed-in
 * member with the time they were fetched, so /my48 opened with no connection shows the last known
 * balance. It never keeps a write, another origin, or a 401; a 401 forgets the member's copies.
 * Built by esbuild into dist/sw.js at build (astro.config.mjs).
 */
import {
  ASSET_CACHE,
  FETCHED_AT_HEADER,
  MEMBER_CACHE,
  OFFLINE_AS_OF_HEADER,
  SHELL_CACHE,
  type ForgetMessage,
  type KeepMessage,
} from '../lib/offline-names.ts';
import { handlingOf, keepsAnswer, LOG_IN_SHELL, MY48_SHELL, pushMessageOf, releaseOf } from './rules.ts';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', (event) => {
  // The two pages a member offline can be shown: their last balance, or the log-in prompt.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([MY48_SHELL, LOG_IN_SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = handlingOf({
    url: request.url,
    origin: self.location.origin,
    method: request.method,
    mode: request.mode,
    signedIn: request.headers.has('x-gg-auth'),
  });
  if (handling.kind === 'shell') event.respondWith(shell(event, handling.key, handling.renews));
  else if (handling.kind === 'asset') event.respondWith(asset(request));
  else if (handling.kind === 'member-read') event.respondWith(memberRead(request));
});

/**
 * When the member was last forgotten (log-out, a 401, deletion, a new log-in), and the member reads
 * being written now: a read that was sent before the member was forgotten is never kept, however
 * late its answer comes, and a write under way when the page asks is waited for before the copies go.
 */
let forgottenAt = 0;
const writing = new Set<Promise<unknown>>();

async function forgetMember(): Promise<void> {
  forgottenAt = Date.now();
  await Promise.all([...writing]);
  await caches.delete(MEMBER_CACHE);
}

/** The page lists the bundles it loaded before this worker was in charge of it, or says the member left. */
self.addEventListener('message', (event) => {
  if ((event.data as ForgetMessage | undefined)?.type === 'forget') {
    event.waitUntil(forgetMember().then(() => event.ports[0]?.postMessage('forgotten')));
    return;
  }
  const data = event.data as KeepMessage | undefined;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const own = data.urls.filter((u) => typeof u === 'string' && new URL(u).origin === self.location.origin);
  event.waitUntil(
    caches.open(ASSET_CACHE).then(async (cache) => {
      for (const url of own)
        if (handlingOf(assetFacts(url)).kind === 'asset' && !(await cache.match(url)))
          await cache.add(url).catch(() => undefined);
    }),
  );
});

const assetFacts = (url: string) => ({
  url,
  origin: self.location.origin,
  method: 'GET',
  mode: 'cors',
  signedIn: false,
});

async function shell(event: FetchEvent, key: string, renews: boolean): Promise<Response> {
  try {
    const answer = await fetch(event.request);
    if (renews && answer.ok && answer.type === 'basic') event.waitUntil(keepShell(key, answer.clone()));
    return answer;
  } catch (failure) {
    const kept = await caches.match(key, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw failure;
  }
}

/** A new my48 shell means a new release: the bundles of the old one are of no more use. */
async function keepShell(key: string, answer: Response): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const before = await cache.match(key);
  if (key.endsWith(MY48_SHELL) && before) {
    const [was, is] = await Promise.all([before.text(), answer.clone().text()]);
    if (releaseOf(was) !== releaseOf(is)) await caches.delete(ASSET_CACHE);
  }
  await cache.put(key, answer);
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) void cache.put(request, answer.clone());
  return answer;
}

/**
 * Keeps a member read with the time it was fetched. A forget that arrives meanwhile waits for this
 * write (it is in `writing`) and then deletes the copies, this one with them.
 */
async function keep(request: Request, answer: Response): Promise<void> {
  const headers = new Headers(answer.headers);
  headers.set(FETCHED_AT_HEADER, new Date().toISOString());
  const copy = new Response(await answer.blob(), { status: answer.status, statusText: answer.statusText, headers });
  await (await caches.open(MEMBER_CACHE)).put(request, copy);
}

async function memberRead(request: Request): Promise<Response> {
  const sentAt = Date.now();
  let answer: Response;
  try {
    answer = await fetch(request);
  } catch (failure) {
    const kept = await (await caches.open(MEMBER_CACHE)).match(request, { ignoreVary: true });
    if (!kept) throw failure;
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_AS_OF_HEADER, kept.headers.get(FETCHED_AT_HEADER) ?? '');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
  // The session ended or is not this member's: nothing of the member stays on the device.
  if (answer.status === 401) await forgetMember();
  else if (keepsAnswer(answer.status) && sentAt > forgottenAt) {
    // A copy that cannot be kept (storage full, the copies deleted meanwhile by a log-out) is only
    // a copy less: the member's answer still goes to the page.
    const write = keep(request, answer.clone()).catch(() => undefined);
    writing.add(write);
    await write.finally(() => writing.delete(write));
  }
  return answer;
}

/** A push (docs/product/phone.md): JSON { title, body, url }, shown as a notification; a click opens the url. */
self.addEventListener('push', (event) => {
  const message = pushMessageOf(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    String((event.notification.data as { url?: unknown } | null)?.url ?? '/my48'),
    self.location.origin,
  );
  // Only the portal's own addresses: a push could not send the member elsewhere.
  const target = url.origin === self.location.origin ? url.href : `${self.location.origin}/my48`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => w.url === target);
      if (open) return void (await open.focus());
      await self.clients.openWindow(target);
    }),
  );
});
