import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AlertCause } from '../../../contract/alerts.schema.ts';
import type { PushMessage } from '../../../contract/push.schema.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { alerts, pushSubscriptions, sessions } from '../../db/schema.ts';
import type { PushSender } from '../../integrations/push/index.ts';
import { alertSettingsOf } from './alerts.ts';
import type { Clock } from '../../kernel/clock.ts';

/**
 * The browsers' push services (docs/product/phone.md): Google FCM (Chrome, Edge on Android), Mozilla autopush,
 * Apple's web push, Microsoft WNS. A subscription's endpoint is a URL the browser (so anyone)
 * chooses: only these hosts, over https on the standard port, plus the origins the operator lists
 * (PUSH_ENDPOINT_ORIGINS) are ever contacted; nothing else, so never an internal address.
 */
const PUSH_SERVICE_HOSTS: (string | RegExp)[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  'web.push.apple.com',
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.some((o) => new URL(o).origin === url.origin)) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => (typeof h === 'string' ? h === host : h.test(host)));
}

/** Where a push of each alert opens my48 (docs/product/phone.md: the payload's url). */
export const ALERT_URLS: Record<AlertCause, string> = {
  data80: '/my48/addons',
  data100: '/my48/addons',
  renewal: '/my48/memberships',
  cardExpiry: '/my48/settings/payment-details',
  renewalFailed: '/my48/memberships',
  roamingArrival: '/my48/roaming',
  roamingFairUse: '/my48/roaming',
  roamingCap: '/my48/roaming',
  lowCredit: '/my48/memberships/add-credit',
  householdRequest: '/my48/household',
  householdAnswer: '/my48/settings/household',
};

/** Alerts pushed at once by one job step. */
const PUSH_CONCURRENCY = 8;

/** Statuses with which a push service says a subscription will never work again: it is removed. */
const GONE = new Set([404, 410]);

/** The member's devices: subscriptions of sessions that have not ended (a subscription ends with its session). */
export const liveDevices = (db: Database, memberId: number) =>
  db
    .select({ subscription: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.memberId, memberId), isNull(sessions.endedAt)))
    .then((rows) => rows.map((r) => r.subscription));

/**
 * Sends one message to every device of the member, all at once (each send has the sender's short
 * timeout): the number it was delivered to. A push service answering 404 or 410 says the
 * subscription is gone: it is removed. An endpoint no longer allowed (the list changed) is removed
 * without being contacted.
 */
export async function pushToMember(
  db: Database,
  sender: PushSender,
  extraOrigins: readonly string[],
  memberId: number,
  message: PushMessage,
): Promise<number> {
  const devices = await liveDevices(db, memberId);
  const delivered = await Promise.all(
    devices.map(async (device) => {
      const allowed = endpointAllowed(device.endpoint, extraOrigins);
      const status = allowed ? await sender.send(device, JSON.stringify(message)) : undefined;
      if (!allowed || (status !== undefined && GONE.has(status)))
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return status !== undefined && status >= 200 && status < 300;
    }),
  );
  return delivered.filter(Boolean).length;
}

/**
 * The alerts not pushed yet (docs/product/phone.md: every alert of docs/product/member-controls.md is also a push, once per
 * cause): each is claimed (pushed_at set, so it goes once whichever instance runs the jobs) and sent
 * to the member's devices, if the member gets that cause in the app. One try: a push service down
 * at that moment loses that push; the alert is still in the app and the e-mail.
 */
export async function sendAlertPushes(
  { db, clock }: { db: Database; clock: Clock },
  sender: PushSender,
  extraOrigins: readonly string[],
  /** Only these members' alerts (one just raised, pushed at once by the request that raised it); else all. */
  memberIds?: readonly number[],
): Promise<number> {
  if (!sender.publicKey || memberIds?.length === 0) return 0;
  const pending = await db
    .select()
    .from(alerts)
    .where(and(isNull(alerts.pushedAt), memberIds ? inArray(alerts.memberId, [...memberIds]) : undefined))
    .orderBy(asc(alerts.id))
    .limit(200);
  let sent = 0;
  // A few alerts at a time, each to all its member's devices at once: a slow push service costs one timeout, not one per device.
  const queue = [...pending];
  const worker = async () => {
    for (let alert = queue.shift(); alert; alert = queue.shift()) {
      const [claimed] = await db
        .update(alerts)
        .set({ pushedAt: clock() })
        .where(and(eq(alerts.id, alert.id), isNull(alerts.pushedAt)))
        .returning({ id: alerts.id });
      if (!claimed) continue;
      if (!(await alertSettingsOf(db, alert.memberId))[alert.cause].in_app) continue;
      sent += await pushToMember(db, sender, extraOrigins, alert.memberId, {
        title: alert.title,
        body: alert.body,
        url: ALERT_URLS[alert.cause],
      });
    }
  };
  await Promise.all(Array.from({ length: PUSH_CONCURRENCY }, worker));
  return sent;
}

/** The push subscriptions the ended sessions' devices made end with them, in the same transaction. */
export async function endDevicesOf(q: Queryable, sessionIds: number[]): Promise<void> {
  await q.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
}
