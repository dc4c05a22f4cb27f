import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../../db/schema.ts';
import type { PushSender } from '../../../integrations/push/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { endpointAllowed, liveDevices, pushToMember } from '../push.ts';
import { TEST_PUSH, pushSentMessage } from '../../../../contract/push.schema.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { PUSH_DEVICES_MAX } from '../../../../contract/push.ts';

export interface PushDeps extends ServiceContext {
  push: PushSender;
  extraOrigins: readonly string[];
}

/** The VAPID key, the member's devices (of sessions not ended) and whether this session's device is one. */
export async function stateOf({ db, push }: PushDeps, memberId: number, sessionId: number) {
  const devices = await liveDevices(db, memberId);
  return {
    public_key: push.publicKey ?? null,
    devices: devices.length,
    this_device: devices.some((d) => d.sessionId === sessionId),
  };
}

/**
 * Keeps a device's subscription for the member and the session that made it. The endpoint is checked
 * before anything is kept (and again before each send). A device that subscribed under another member
 * is this member's now: a browser has one subscription, for whoever signed in last.
 */
export async function subscribe(
  deps: PushDeps,
  memberId: number,
  sessionId: number,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<Outcome<Awaited<ReturnType<typeof stateOf>>, 'endpointRefused' | 'notSetUp'>> {
  if (!deps.push.publicKey) return refused('notSetUp');
  if (!endpointAllowed(sub.endpoint, deps.extraOrigins)) return refused('endpointRefused');
  const values = { memberId, sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: deps.clock() };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: sub.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    // At most PUSH_DEVICES_MAX devices: the oldest subscriptions go.
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_DEVICES_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.memberId, memberId), notInArray(pushSubscriptions.id, kept)));
  });
  return done(await stateOf(deps, memberId, sessionId));
}

export async function unsubscribe(deps: PushDeps, memberId: number, sessionId: number, endpoint: string) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
  return stateOf(deps, memberId, sessionId);
}

/** The test notification and its answer in the member's language; English is the contract's own. */
export async function sendTest(
  deps: PushDeps,
  memberId: number,
  language: Locale = 'en',
): Promise<Outcome<{ sent: number; message: string }, 'notSetUp'>> {
  if (!deps.push.publicKey) return refused('notSetUp');
  const test =
    language === 'en'
      ? TEST_PUSH
      : { ...TEST_PUSH, title: message(language, 'push.test.title'), body: message(language, 'push.test.body') };
  const sent = await pushToMember(deps.db, deps.push, deps.extraOrigins, memberId, test);
  return done({
    sent,
    message: language === 'en' ? pushSentMessage(sent) : message(language, 'push.test.sent', { count: sent }),
  });
}
