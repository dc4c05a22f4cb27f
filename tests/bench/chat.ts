import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { startChat } from '../../src/server/modules/care/chat/chats.ts';
import { startServer } from './api.ts';

/**
 * Live chat's budgets (docs/performance.md, the owner's contract): 1,000 chats followed on one
 * instance (their Server-Sent Events held open), a person's line sent through a second instance of
 * the same PostgreSQL database reaches its stream on the first within 100 ms (p99, in each of three
 * runs), and an idle stream costs the server at most 20 KB.
 */
export const CHAT_STREAMS = 1000;
export const CHAT_P99_BUDGET_MS = 100;
export const CHAT_MEMORY_BUDGET_BYTES = 20 * 1024;
export const CHAT_RUNS = 3;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The server's resident memory as the median of seven readings a quarter of a second apart: one
 * reading caught the heap before or after a collection at random (11.9 and 24.7 KB a stream in two
 * runs of the same code).
 */
async function steadyRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 7; i++) {
    readings.push(rssOf(pid));
    await settle(250);
  }
  return readings.sort((x, y) => x - y)[3]!;
}

export async function benchChat(databaseUrl: string, samples = 200) {
  const env = { DATABASE_URL: databaseUrl, API_ONLY: 'true' };
  const a = await startServer(env);
  const b = await startServer(env);
  const handle = await openDatabase(databaseUrl, { poolMax: 4 });
  const aborts: AbortController[] = [];
  try {
    const chats: { id: number; token: string }[] = [];
    for (let i = 0; i < CHAT_STREAMS; i++) {
      const { chat, token } = await startChat(
        { db: handle.db, clock: () => new Date() },
        { visitor: { name: `Bench ${i}`, email: `bench${i}@example.org` } },
      );
      chats.push({ id: chat.id, token });
    }
    const waiting = new Map<string, () => void>();
    /** Each stream's latest place in the queue, as its events said it. */
    const places = new Map<number, number>();
    const follow = async (chat: { id: number; token: string }) => {
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`${a.base}/panda/public/chat/${chat.id}/events`, {
        headers: { 'x-chat-token': chat.token },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let opened: () => void = () => {};
      const ready = new Promise<void>((r) => (opened = r));
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            if (block.includes('event: chat')) {
              opened();
              const place = /"place":(\d+)/.exec(block)?.[1];
              if (place) places.set(chat.id, Number(place));
            }
            const body = /"body":"(bench-[^"]+)"/.exec(block)?.[1];
            if (body) waiting.get(body)?.();
          }
        }
      })();
      await ready;
    };
    // A few streams first, so the figure is the streams' own cost and not the server's warm-up.
    for (const chat of chats.slice(0, 20)) await follow(chat);
    await settle(1000);
    const before = await steadyRss(a.child.pid!);
    for (let i = 20; i < chats.length; i += 50) await Promise.all(chats.slice(i, i + 50).map(follow));
    await settle(2000);
    const perStream = ((await steadyRss(a.child.pid!)) - before) / (chats.length - 20);

    const times: number[] = [];
    for (let n = 0; n < samples; n++) {
      const chat = chats[(n * 7) % chats.length]!;
      const body = `bench-${n}-${Date.now()}`;
      const started = performance.now();
      const seen = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`line ${n} not seen in 5 s`)), 5000);
        waiting.set(body, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const sent = await fetch(`${b.base}/panda/public/chat/${chat.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chat-token': chat.token },
        body: JSON.stringify({ body }),
      });
      if (sent.status !== 201) throw new Error(`a line answered ${sent.status}`);
      await seen;
      times.push(performance.now() - started);
      waiting.delete(body);
      await settle(20);
    }
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;

    // A queue move: the first chat is left as a message through instance B; every other stream on A
    // must show its place one nearer. How long until the last one does, and how often the chats table
    // was read for it (PostgreSQL's own counters: an instance's one read of the queue, or one per stream).
    const scans = async () => {
      const [row] = await handle.db
        .execute<{ n: string }>(
          sql`select (seq_scan + coalesce(idx_scan, 0))::text as n from pg_stat_user_tables where relname = 'chats'`,
        )
        .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: string }[] }).rows));
      return Number(row?.n ?? 0);
    };
    await settle(1500);
    const scansBefore = await scans();
    const moved = performance.now();
    const left = await fetch(`${b.base}/panda/public/chat/${chats[0]!.id}/leave`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chat-token': chats[0]!.token },
      body: JSON.stringify({}),
    });
    if (!left.ok) throw new Error(`leaving answered ${left.status}`);
    const everyPlace = () => chats.slice(1).every((chat, i) => places.get(chat.id) === i + 1);
    while (!everyPlace()) {
      if (performance.now() - moved > 30_000) throw new Error('the queue move did not reach every stream in 30 s');
      await settle(5);
    }
    const queueMoveMs = performance.now() - moved;
    await settle(1500);
    const queueMoveScans = (await scans()) - scansBefore;
    return {
      streams: chats.length,
      perStreamBytes: perStream,
      p50: at(0.5),
      p99: at(0.99),
      samples,
      queueMoveMs,
      queueMoveScans,
    };
  } finally {
    for (const abort of aborts) abort.abort();
    await handle.close();
    await Promise.all([a.stop(), b.stop()]);
  }
}
