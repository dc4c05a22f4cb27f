import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { waitMinutesAt } from '../../../../contract/chat.ts';
import { chatApi, chatFailures, type ChatView } from '../../../../contract/chat.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { personAnswered } from '../../../http/limiters.ts';
import { signedJson } from '../../../http/signed.ts';
import { chatById, chatByToken, lineOf, linesAfter, transcriptMailed, viewOf, type Chat } from './chat-reads.ts';
import { endChat, leaveMessage, personSays, rateChat } from './chats.ts';
import { forwardChat, takeDeskEvent } from './desk.ts';
import { streamsSeen, watchChat, type Wake } from './hub.ts';
import * as service from './chat.service.ts';

type C = Context<AppEnv>;

const opened = new WeakMap<C, Chat>();
/** The largest chat number (a PostgreSQL integer): a longer one names no chat. */
const CHAT_ID_MAX = 2_147_483_647;

/**
 * Opens the chat the path names with the request's token (chat.routes.ts, before the limits): whether
 * it matched. Nothing else says whether a chat exists.
 */
export async function openChat(c: C): Promise<boolean> {
  const id = Number(c.req.param('chat_id'));
  if (!Number.isSafeInteger(id) || id < 1 || id > CHAT_ID_MAX) return false;
  const found = await chatByToken(c.var.db, id, c.req.header('x-chat-token'));
  if (found) opened.set(c, found);
  return found !== undefined;
}

/** The chat this request's token opened; undefined: no chat with this number and token (404). */
export const openedChat = (c: C): Chat | undefined => opened.get(c);

export async function hours(c: C) {
  return ok(c, chatApi.hours, { _payload: service.hoursNow(c.var, c.var.chat) });
}

export async function start(c: C, { body }: Input<typeof chatApi.start>) {
  const { captcha, ...typed } = body ?? {};
  const started = await service.start(c.var, c.var.chat, c.var.signedIn, typed, () =>
    personAnswered(c, captcha ?? '', 'chat'),
  );
  if (!started.ok) {
    if (started.reason === 'closed') {
      const hours = service.hoursNow(c.var, c.var.chat);
      return fail(c, chatFailures.closed, { opens_at: hours.opens_at, opens_text: hours.opens_text });
    }
    return fail(c, chatFailures[started.reason]);
  }
  const { chat: row, token, mailed } = started.value;
  const view = await viewOf(c.var, row, [], mailed);
  return ok(c, chatApi.start, { _payload: { ...view, id: row.id, token } });
}

export async function chat(c: C) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  return ok(c, chatApi.chat, { _payload: await service.view(c.var, found) });
}

/** How long a stream stays quiet before a comment keeps it (proxies close idle connections at 60 s). */
const KEEP_ALIVE_MS = 25_000;

/**
 * The chat as Server-Sent Events: the lines after Last-Event-ID, then the state; then, each time the
 * chat changes on any instance (hub.ts), what is new. The watch starts before the first read, so a
 * change between the two is not missed; the stream ends once the chat is over and all is sent.
 */
export async function events(c: C) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  const after = Number(c.req.header('last-event-id') ?? 0);
  const { db } = c.var;
  const mailed = await transcriptMailed(db, found);
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return streamSSE(
    c,
    async (stream) => {
      const watch = await watchChat(db, found.id, c.var.clock);
      stream.onAbort(() => watch.stop());
      // Seen now, and again when it ends: a closed page's chat leaves the queue CHAT_GONE_MINUTES later.
      await streamsSeen(db, [found.id], c.var.clock());
      let last = Number.isSafeInteger(after) && after > 0 ? after : 0;
      let said = '';
      let view: ChatView | undefined;
      let woke: Wake = 'woken';
      const say = async (next: ChatView) => {
        view = next;
        const state = JSON.stringify(next);
        if (state !== said) await stream.writeSSE({ event: 'chat', data: state });
        said = state;
      };
      try {
        while (!stream.aborted) {
          const place = woke === 'queue' && view?.state === 'waiting' ? watch.snapshot?.waiting.indexOf(found.id) : -1;
          if (woke === 'quiet') await stream.write(': keep-alive\n\n');
          // Only the queue moved and the chat still waits: its place from the instance's one read of the queue.
          else if (view && place !== undefined && place >= 0)
            await say({
              ...view,
              place: place + 1,
              wait_minutes: waitMinutesAt(place + 1, watch.snapshot!.answeredLastHour),
            });
          else {
            const now = await chatById(db, found.id);
            if (!now) break;
            watch.waiting = now.state === 'waiting';
            const lines = await linesAfter(db, found.id, last);
            for (const line of lines) {
              await stream.writeSSE({ id: String(line.id), event: 'line', data: JSON.stringify(lineOf(line)) });
              last = line.id;
            }
            await say(await viewOf(c.var, now, [], mailed));
            if (lines.length >= 500) {
              // A page of lines: the next at once, not at the next change.
              woke = 'woken';
              continue;
            }
            if (now.state === 'ended' || now.state === 'left') break;
          }
          woke = await watch.next(KEEP_ALIVE_MS);
          if (woke === 'closed') break;
        }
      } finally {
        watch.stop();
        await streamsSeen(db, [found.id], c.var.clock()).catch(() => {});
      }
    },
    async (error) => {
      c.var.log?.warn({ err: error }, 'a chat stream ended on an error');
    },
  );
}

export async function send(c: C, { body }: Input<typeof chatApi.send>) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  const said = await personSays(c.var, found.id, body.body);
  if (said.ok) void forwardChat(c.var, c.var.chat, found.id);
  return reply(c, chatApi.send, chatFailures, said, (line) => ({ _payload: { line } }));
}

export async function leave(c: C, { body }: Input<typeof chatApi.leave>) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  return reply(
    c,
    chatApi.leave,
    chatFailures,
    await leaveMessage(c.var, found.id, body?.message || undefined, c.var.config.siteUrl),
  );
}

export async function end(c: C) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  const ended = await endChat(c.var, found.id, 'person', c.var.config.siteUrl);
  if (!ended.ok) return fail(c, chatFailures.notFound);
  void forwardChat(c.var, c.var.chat, found.id);
  return ok(c, chatApi.end, { _payload: await service.view(c.var, ended.value) });
}

export async function rate(c: C, { body }: Input<typeof chatApi.rate>) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  return reply(c, chatApi.rate, chatFailures, await rateChat(c.var, found.id, body.rating), (rating) => ({
    _payload: { rating },
  }));
}

const download = (c: C, text: string, reference: string) =>
  c.body(text, 200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="48-chat-${reference}.txt"`,
    'cache-control': 'private, no-store',
  });

export async function transcript(c: C) {
  const found = openedChat(c);
  if (!found) return fail(c, chatFailures.notFound);
  const view = await service.view(c.var, found);
  return download(c, await service.transcript(c.var, found), view.reference);
}

export async function memberChats(c: C) {
  return ok(c, chatApi.memberChats, { _payload: { values: await service.memberChats(c.var, c.var.member.id) } });
}

export async function memberTranscript(c: C, { params }: Input<typeof chatApi.memberTranscript>) {
  const found = await service.memberTranscript(c.var, c.var.member.id, params.reference);
  if (!found.ok) return fail(c, chatFailures.notFound);
  return download(c, found.value.text, found.value.reference);
}

/** Chatwoot's signature: sha256= and the hex HMAC-SHA256 of "timestamp.body", the timestamp within 5 minutes. */
export function validChatwootSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
  timestamp: string | undefined,
  nowMs: number,
): boolean {
  if (!signature || !timestamp || !/^[0-9]{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The desk's webhook is a signed endpoint (http/signed.ts): configured, JSON, signed over the raw body, every request. */
export const signedByChatDesk = signedJson({
  secret: (c) => c.var.config.chatWebhookSecret,
  verify: (c, secret, rawBody) =>
    validChatwootSignature(
      secret,
      rawBody,
      c.req.header('x-chatwoot-signature'),
      c.req.header('x-chatwoot-timestamp'),
      c.var.clock().getTime(),
    ),
  refusal: chatFailures.badSignature,
});

export async function deskEvent(c: C, { body }: Input<typeof chatApi.deskEvent>) {
  const taken = await takeDeskEvent(c.var, body, c.var.config.siteUrl);
  return ok(c, chatApi.deskEvent, { _payload: { message: taken === 'taken' ? 'Taken.' : 'Nothing to take.' } });
}
