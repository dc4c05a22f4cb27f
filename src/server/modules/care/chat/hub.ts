import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { listen, notify, RESYNC } from '../../../db/notify.ts';
import { chats } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { answeredInLastHour } from './chat-lists.ts';

/**
 * The chats' fan-out across instances (docs/product/customer-care.md, "Live chat"): a change is
 * stored first and announced in the same transaction (NOTIFY, delivered at commit, on every instance
 * that shares the database); each instance wakes the streams it holds for that chat, which read what
 * is new from the database. Nothing is carried in the notification, so nothing can be lost in it:
 * a stream that wakes late, or after its listening connection came back, reads all it lacks.
 */
const CHANNEL = 'chat';
const QUEUE = 'queue';

/** Announces a change of one chat (a line, its state) at the transaction's commit. */
export const announceChat = (q: Queryable, chatId: number) => notify(q, CHANNEL, String(chatId));
/** Announces that the queue moved (a chat joined, was taken or left it): the waiting chats' places change. */
export const announceQueue = (q: Queryable) => notify(q, CHANNEL, QUEUE);

/** Why a stream woke: its chat changed (read it), only the queue moved (`queue`: read the snapshot), a keep-alive, or the end. */
export type Wake = 'woken' | 'queue' | 'quiet' | 'closed';

/**
 * The queue as one instance read it once for all its waiting streams: the waiting chats in order
 * (oldest first) and how many chats were answered in the last hour (the wait estimate).
 */
export interface QueueSnapshot {
  waiting: number[];
  answeredLastHour: number;
}

/** One stream's watch on a chat: it waits for the next change (or a quiet period, for a keep-alive). */
export interface Watch {
  /** Whether the chat is waiting (then the queue's moves wake it too). */
  waiting: boolean;
  /** The queue as last read for this instance's streams (with a `queue` wake). */
  snapshot: QueueSnapshot | undefined;
  next(quietMs: number): Promise<Wake>;
  stop(): void;
}

interface Watcher extends Watch {
  chatId: number;
  wake(reason: Wake): void;
}

/**
 * How often an instance says which waiting chats it holds a stream for (one UPDATE for all of them):
 * well inside CHAT_GONE_MINUTES, so a chat whose page is open never looks closed.
 */
export const STREAM_BEAT_MS = 30_000;

/** Marks waiting chats as seen with a stream open now: the beat, and a stream's start and end. */
export async function streamsSeen(db: Queryable, chatIds: number[], now: Date): Promise<void> {
  if (chatIds.length === 0) return;
  await db
    .update(chats)
    .set({ streamSeenAt: now })
    .where(and(inArray(chats.id, chatIds), eq(chats.state, 'waiting')));
}

const everyWatcher = new Set<Watcher>();
interface Hub {
  byChat: Map<number, Set<Watcher>>;
  ready: Promise<void>;
  beat?: NodeJS.Timeout | undefined;
  clock?: Clock;
  /** A queue read in progress, and whether another move came meanwhile (read again after it). */
  reading?: boolean;
  again?: boolean;
}
const hubs = new WeakMap<Database, Hub>();

const waitingWatchers = (hub: Hub) => [...hub.byChat.values()].flatMap((set) => [...set].filter((w) => w.waiting));
/** The waiting chats this instance holds a stream for. */
const waitingHeld = (hub: Hub) => [...new Set(waitingWatchers(hub).map((w) => w.chatId))];

function hubOf(db: Database): Hub {
  let hub = hubs.get(db);
  if (hub) return hub;
  const byChat = new Map<number, Set<Watcher>>();
  const { ready } = listen(db, CHANNEL, (payload) => {
    if (payload === RESYNC) for (const set of byChat.values()) for (const w of set) w.wake('woken');
    else if (payload === QUEUE) void queueMoved(db, hub!);
    else for (const w of byChat.get(Number(payload)) ?? []) w.wake('woken');
  });
  hubs.set(db, (hub = { byChat, ready }));
  return hub;
}

/**
 * The queue moved: this instance reads it once (two queries, however many streams wait here) and
 * hands the snapshot to each waiting stream. Moves that come while it reads are one more read after.
 * A read that fails wakes the streams to read for themselves (each says what it can).
 */
async function queueMoved(db: Database, hub: Hub) {
  if (hub.reading) {
    hub.again = true;
    return;
  }
  hub.reading = true;
  try {
    do {
      hub.again = false;
      if (waitingWatchers(hub).length === 0) break;
      let snapshot: QueueSnapshot | undefined;
      try {
        snapshot = await readQueue(db, (hub.clock ?? (() => new Date()))());
      } catch {
        snapshot = undefined;
      }
      for (const w of waitingWatchers(hub)) {
        if (snapshot) w.snapshot = snapshot;
        w.wake(snapshot ? 'queue' : 'woken');
      }
    } while (hub.again);
  } finally {
    hub.reading = false;
  }
}

async function readQueue(db: Database, now: Date): Promise<QueueSnapshot> {
  const waiting = await db
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.state, 'waiting'))
    .orderBy(asc(chats.createdAt), asc(chats.id));
  return { waiting: waiting.map((r) => r.id), answeredLastHour: await answeredInLastHour(db, now) };
}

/**
 * Watches a chat from this instance; answers once the database listens, so no change after it is
 * missed. While the instance holds any stream, it beats (STREAM_BEAT_MS) for the waiting ones.
 */
export async function watchChat(db: Database, chatId: number, clock: Clock): Promise<Watch> {
  const hub = hubOf(db);
  hub.clock = clock;
  // A beat that fails (the database away) is simply the next one's to make.
  hub.beat ??= setInterval(() => void beatChatStreams(db).catch(() => {}), STREAM_BEAT_MS);
  hub.beat.unref();
  // What woke it while nobody waited: a change of its chat outranks a queue move (a full read says both).
  let pending: 'woken' | 'queue' | undefined;
  let closed = false;
  let resolve: ((w: Wake) => void) | undefined;
  const watcher: Watcher = {
    chatId,
    waiting: false,
    snapshot: undefined,
    wake(reason) {
      if (reason === 'closed') closed = true;
      if (resolve) {
        const r = resolve;
        resolve = undefined;
        r(closed ? 'closed' : reason);
      } else if (reason === 'woken' || reason === 'queue') pending = pending === 'woken' ? 'woken' : reason;
    },
    next(quietMs) {
      if (closed) return Promise.resolve('closed');
      if (pending) {
        const was = pending;
        pending = undefined;
        return Promise.resolve(was);
      }
      return new Promise<Wake>((r) => {
        const timer = setTimeout(() => {
          resolve = undefined;
          r('quiet');
        }, quietMs);
        resolve = (w) => {
          clearTimeout(timer);
          r(w);
        };
      });
    },
    stop() {
      everyWatcher.delete(watcher);
      const set = hub.byChat.get(chatId);
      set?.delete(watcher);
      if (set?.size === 0) hub.byChat.delete(chatId);
      if (hub.byChat.size === 0 && hub.beat) {
        clearInterval(hub.beat);
        hub.beat = undefined;
      }
      watcher.wake('closed');
    },
  };
  let set = hub.byChat.get(chatId);
  if (!set) hub.byChat.set(chatId, (set = new Set()));
  set.add(watcher);
  everyWatcher.add(watcher);
  await hub.ready;
  return watcher;
}

/** One beat now: the waiting chats this instance holds a stream for are seen (what the interval runs). */
export async function beatChatStreams(db: Database): Promise<void> {
  const hub = hubs.get(db);
  if (hub?.clock) await streamsSeen(db, waitingHeld(hub), hub.clock());
}

/** Ends every stream this process holds (a shutdown: the browsers resume on another instance). */
export function closeChatStreams(): void {
  for (const w of [...everyWatcher]) w.stop();
}

/** How many chat streams this process holds (the bench's memory figure). */
export const openChatStreams = () => everyWatcher.size;
