import type { Database, Queryable } from '../../../db/client.ts';
import { listen, notify, RESYNC } from '../../../db/notify.ts';

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

export type Wake = 'woken' | 'quiet' | 'closed';

/** One stream's watch on a chat: it waits for the next change (or a quiet period, for a keep-alive). */
export interface Watch {
  /** Whether the chat is waiting (then the queue's moves wake it too). */
  waiting: boolean;
  next(quietMs: number): Promise<Wake>;
  stop(): void;
}

interface Watcher extends Watch {
  chatId: number;
  wake(reason: Wake): void;
}

const everyWatcher = new Set<Watcher>();
const hubs = new WeakMap<Database, { byChat: Map<number, Set<Watcher>>; ready: Promise<void> }>();

function hubOf(db: Database) {
  let hub = hubs.get(db);
  if (hub) return hub;
  const byChat = new Map<number, Set<Watcher>>();
  const { ready } = listen(db, CHANNEL, (payload) => {
    if (payload === RESYNC) for (const set of byChat.values()) for (const w of set) w.wake('woken');
    else if (payload === QUEUE) {
      for (const set of byChat.values()) for (const w of set) if (w.waiting) w.wake('woken');
    } else for (const w of byChat.get(Number(payload)) ?? []) w.wake('woken');
  });
  hubs.set(db, (hub = { byChat, ready }));
  return hub;
}

/** Watches a chat from this instance; answers once the database listens, so no change after it is missed. */
export async function watchChat(db: Database, chatId: number): Promise<Watch> {
  const hub = hubOf(db);
  let pending = false;
  let closed = false;
  let resolve: ((w: Wake) => void) | undefined;
  const watcher: Watcher = {
    chatId,
    waiting: false,
    wake(reason) {
      if (reason === 'closed') closed = true;
      if (resolve) {
        const r = resolve;
        resolve = undefined;
        r(closed ? 'closed' : reason);
      } else pending = true;
    },
    next(quietMs) {
      if (closed) return Promise.resolve('closed');
      if (pending) {
        pending = false;
        return Promise.resolve('woken');
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

/** Ends every stream this process holds (a shutdown: the browsers resume on another instance). */
export function closeChatStreams(): void {
  for (const w of [...everyWatcher]) w.stop();
}

/** How many chat streams this process holds (the bench's memory figure). */
export const openChatStreams = () => everyWatcher.size;
