import { map, type MapStore } from 'nanostores';
import type { ChatState as ServerState } from '../../contract/chat.ts';
import type { ChatHours, ChatLine, ChatView } from '../../contract/chat.schema.ts';
import type { CaptchaOffer } from '../../contract/onboarding.schema.ts';

/**
 * Live chat in the browser (docs/product/customer-care.md, "Live chat"): the hours, starting, the
 * conversation as it arrives, and the person's actions, as one store the view only draws. Tested in
 * Node with a fetch of the test's (chat-store.test.ts). The conversation comes as Server-Sent Events
 * read from a fetch (so the chat's token goes in a header, never in an address): after a dropped
 * connection it asks again from the last line it has (Last-Event-ID), so nothing is lost or doubled.
 */
export type Phase = 'checking' | 'closed' | 'ready' | 'starting' | ServerState | 'gone';
export type Busy = 'start' | 'send' | 'leave' | 'end' | 'rate';

export interface ChatState {
  phase: Phase;
  /** "Chat opens at 9:00 tomorrow", while closed. */
  opensText?: string | null;
  /** The API's message for the last action that failed. */
  error?: string | undefined;
  /** The server took the chat for a visitor's (no session it could prove): a name and an address are needed. */
  needsWho?: boolean;
  busy?: Busy | undefined;
  reference?: string;
  verified?: boolean;
  /** The transcript will be mailed (a member's verified address). */
  mailed?: boolean;
  agent?: string | null;
  place?: number | null;
  waitMinutes?: number | null;
  ticket?: string | null;
  rating?: number | null;
  lines: ChatLine[];
  /** The events' connection: live, or trying again after it dropped. */
  connection: 'live' | 'reconnecting';
}

export interface ChatDeps {
  fetch: typeof fetch;
  /** Where the chat is remembered across pages of one visit (sessionStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** The member's session headers, when signed in (the server decides whose chat it is). */
  sessionHeaders?: () => Promise<Record<string, string>>;
  /** Waits before trying the events again (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** Answers the captcha a visitor's chat asks (as the contact form's): loaded only when a visitor starts. */
  answerCaptcha: (offer: CaptchaOffer) => Promise<string>;
}

const KEY = 'chat';
const json = { 'content-type': 'application/json' };
const messageOf = async (res: Response) => {
  const body = (await res.json().catch(() => ({}))) as {
    _payload?: { message?: string; code?: string; opens_text?: string };
  };
  return body._payload ?? {};
};

export interface ChatStore {
  $chat: MapStore<ChatState>;
  /** Opens the chat: a chat of this visit resumes; else the hours say whether one can start. */
  open(): Promise<void>;
  start(who?: { name: string; email: string }): Promise<void>;
  send(text: string): Promise<boolean>;
  leave(message?: string): Promise<void>;
  end(): Promise<void>;
  rate(rating: number): Promise<void>;
  transcript(): Promise<Blob | undefined>;
  /** Stops following the conversation (the view closed); the chat goes on, and open() resumes it. */
  stop(): void;
}

export function createChatStore(deps: ChatDeps): ChatStore {
  const $chat = map<ChatState>({ phase: 'checking', lines: [], connection: 'live' });
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let chat: { id: number; token: string } | undefined;
  let following: AbortController | undefined;
  let last = 0;

  const remember = () => {
    if (chat) deps.storage?.setItem(KEY, JSON.stringify(chat));
    else deps.storage?.removeItem(KEY);
  };
  const recalled = (): { id: number; token: string } | undefined => {
    try {
      const value = JSON.parse(deps.storage?.getItem(KEY) ?? 'null') as { id?: unknown; token?: unknown } | null;
      return typeof value?.id === 'number' && typeof value.token === 'string'
        ? { id: value.id, token: value.token }
        : undefined;
    } catch {
      return undefined;
    }
  };
  const call = (path: string, init: RequestInit = {}) =>
    deps.fetch(`/panda/public/chat${path}`, {
      ...init,
      headers: {
        ...json,
        ...(chat ? { 'x-chat-token': chat.token } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  const addLines = (lines: ChatLine[]) => {
    const fresh = lines.filter((l) => l.id > last);
    if (fresh.length === 0) return;
    last = fresh.at(-1)!.id;
    $chat.setKey('lines', [...$chat.get().lines, ...fresh]);
  };
  const take = (v: Omit<ChatView, 'lines'> & { lines?: ChatLine[] }) => {
    $chat.set({
      ...$chat.get(),
      phase: v.state,
      reference: v.reference,
      verified: v.verified,
      mailed: v.mailed,
      agent: v.agent,
      place: v.place,
      waitMinutes: v.wait_minutes,
      ticket: v.ticket,
      rating: v.rating,
    });
    if (v.lines) addLines(v.lines);
  };

  /** Follows the conversation until it is over (or the view stops it), coming back after each drop. */
  async function follow() {
    following?.abort();
    const controller = (following = new AbortController());
    let wait = 500;
    while (chat && !controller.signal.aborted) {
      try {
        const res = await deps.fetch(`/panda/public/chat/${chat.id}/events`, {
          headers: {
            accept: 'text/event-stream',
            'x-chat-token': chat.token,
            ...(last ? { 'last-event-id': String(last) } : {}),
          },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (res.status === 404) {
          chat = undefined;
          remember();
          $chat.setKey('phase', 'gone');
          return;
        }
        if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`);
        $chat.setKey('connection', 'live');
        wait = 500;
        await readEvents(res.body, (event, data) => {
          if (event === 'line') addLines([JSON.parse(data) as ChatLine]);
          else if (event === 'chat') take(JSON.parse(data) as ChatView);
        });
        const phase = $chat.get().phase;
        if (phase === 'ended' || phase === 'left') return;
      } catch {
        if (controller.signal.aborted) return;
      }
      $chat.setKey('connection', 'reconnecting');
      await sleep(wait);
      wait = Math.min(wait * 2, 10_000);
    }
  }

  const failed = async (res: Response, fallback = 'Something went wrong. Please try again.') => {
    const body = await messageOf(res);
    $chat.setKey('error', body.message || fallback);
    return body;
  };
  /**
   * One action at a time: busy with its kind, then its error or nothing. The same action pressed
   * again while it runs is a double press and does nothing; another waits for the one running (a
   * rating sent while the end is still on its way is sent after it, not dropped).
   */
  let running: Promise<unknown> = Promise.resolve();
  const act = <T>(kind: Busy, action: () => Promise<T>): Promise<T | undefined> => {
    if ($chat.get().busy === kind) return Promise.resolve(undefined);
    const before = running;
    const run = (async () => {
      await before;
      $chat.set({ ...$chat.get(), busy: kind, error: undefined });
      try {
        return await action();
      } catch {
        $chat.setKey('error', 'We could not reach 48. Check your connection and try again.');
        return undefined;
      } finally {
        $chat.setKey('busy', undefined);
      }
    })();
    running = run;
    return run;
  };

  return {
    $chat,
    async open() {
      $chat.set({ ...$chat.get(), error: undefined });
      chat ??= recalled();
      if (chat) {
        const res = await deps
          .fetch(`/panda/public/chat/${chat.id}`, { headers: { 'x-chat-token': chat.token } })
          .catch(() => undefined);
        if (res?.ok) {
          take(((await res.json()) as { _payload: ChatView })._payload);
          const phase = $chat.get().phase;
          if (phase === 'waiting' || phase === 'talking') void follow();
          return;
        }
        if (res && res.status === 404) {
          chat = undefined;
          remember();
        }
      }
      $chat.setKey('phase', 'checking');
      try {
        const res = await deps.fetch('/panda/public/chat/hours', { headers: { 'cache-control': 'no-cache' } });
        const hours = ((await res.json()) as { _payload: ChatHours })._payload;
        $chat.set({ ...$chat.get(), phase: hours.open ? 'ready' : 'closed', opensText: hours.opens_text });
      } catch {
        $chat.set({
          ...$chat.get(),
          phase: 'ready',
          error: 'We could not reach 48. Check your connection and try again.',
        });
      }
    },
    async start(who) {
      await act('start', async () => {
        // A visitor proves a person is there first (the server checks); a member's session needs nothing.
        let captcha: string | undefined;
        if (who) {
          const offered = await deps.fetch('/panda/public/captcha', { headers: { 'cache-control': 'no-cache' } });
          if (!offered.ok) return void (await failed(offered));
          captcha = await deps.answerCaptcha(((await offered.json()) as { _payload: CaptchaOffer })._payload);
        }
        const res = await call('', {
          method: 'POST',
          headers: who ? {} : await (deps.sessionHeaders?.() ?? Promise.resolve({})),
          body: JSON.stringify(who ? { ...who, captcha } : {}),
        });
        if (res.status === 409) {
          const body = await failed(res);
          $chat.set({ ...$chat.get(), phase: 'closed', opensText: body.opens_text ?? null });
          return;
        }
        if (!res.ok) {
          const body = await failed(res);
          if (body.code === 'chat.who') $chat.setKey('needsWho', true);
          return;
        }
        const started = ((await res.json()) as { _payload: ChatView & { id: number; token: string } })._payload;
        chat = { id: started.id, token: started.token };
        last = 0;
        $chat.setKey('lines', []);
        remember();
        take(started);
        void follow();
      });
    },
    async send(text) {
      const body = text.trim();
      if (!chat || !body) return false;
      return (
        (await act('send', async () => {
          const res = await call(`/${chat!.id}/messages`, { method: 'POST', body: JSON.stringify({ body }) });
          if (!res.ok) return void (await failed(res));
          addLines([((await res.json()) as { _payload: { line: ChatLine } })._payload.line]);
          return true;
        })) ?? false
      );
    },
    async leave(message) {
      if (!chat) return;
      await act('leave', async () => {
        const res = await call(`/${chat!.id}/leave`, {
          method: 'POST',
          body: JSON.stringify(message ? { message } : {}),
        });
        if (!res.ok) return void (await failed(res));
        const { ticket } = ((await res.json()) as { _payload: { ticket: string } })._payload;
        $chat.set({ ...$chat.get(), phase: 'left', ticket });
      });
    },
    async end() {
      if (!chat) return;
      await act('end', async () => {
        const res = await call(`/${chat!.id}/end`, { method: 'POST' });
        if (!res.ok) return void (await failed(res));
        take(((await res.json()) as { _payload: ChatView })._payload);
      });
    },
    async rate(rating) {
      if (!chat) return;
      await act('rate', async () => {
        const res = await call(`/${chat!.id}/rating`, { method: 'POST', body: JSON.stringify({ rating }) });
        if (!res.ok) return void (await failed(res));
        $chat.setKey('rating', rating);
      });
    },
    async transcript() {
      if (!chat) return undefined;
      const res = await call(`/${chat.id}/transcript`).catch(() => undefined);
      if (!res?.ok) {
        $chat.setKey('error', 'We could not get the transcript. Please try again.');
        return undefined;
      }
      return res.blob();
    },
    stop() {
      following?.abort();
      following = undefined;
    },
  };
}

/** Reads a text/event-stream body, calling `on` with each event's name and data, until it ends. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  on: (event: string, data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue; // a comment (keep-alive)
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) on(event, data.join('\n'));
    }
  }
}
