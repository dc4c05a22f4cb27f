import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import type { BuiltMember } from './builders.ts';
import { TEST_NETWORK_EVENT_SECRET, type TestContext } from './harness.ts';

export interface UseSpec {
  type?: 'data' | 'voice' | 'sms';
  /** KB, seconds or texts. */
  amount: number;
  country?: string;
  destination?: string;
  destinationType?: 'mobile' | 'fixed';
  incoming?: boolean;
  /** The network's price in euro (rated: status rated, with ratedProductUsage). */
  ratedEur?: number;
  included?: boolean;
  usageId?: string;
  eventId?: string;
  /** The usage's status, when not what `ratedEur` implies (`rerated`). */
  status?: string;
  /** The network's rating as it sent it (TMF635 ratedProductUsage), in place of `ratedEur`'s. */
  rating?: Record<string, unknown>[];
}

/** One use as the network's hub sends it: a TMF635 UsageCreateEvent, signed. */
export async function sendUse(
  c: TestContext,
  m: BuiltMember,
  u: UseSpec,
  app: Pick<TestContext['app'], 'request'> = c.app,
) {
  const type = u.type ?? 'data';
  const body = JSON.stringify({
    eventId: u.eventId ?? randomUUID(),
    eventTime: c.clock.now.toISOString(),
    eventType: 'UsageCreateEvent',
    event: {
      usage: {
        id: u.usageId ?? randomUUID(),
        usageDate: c.clock.now.toISOString(),
        usageType: type,
        status: u.status ?? (u.ratedEur === undefined && !u.rating ? 'received' : 'rated'),
        usageCharacteristic: [
          { name: 'msisdn', value: `353${m.msisdn.slice(1)}` },
          { name: type === 'data' ? 'volumeKb' : type === 'voice' ? 'durationS' : 'count', value: u.amount },
          { name: 'country', value: u.country ?? 'IE' },
          ...(u.destination ? [{ name: 'destination', value: u.destination }] : []),
          ...(u.destinationType ? [{ name: 'destinationType', value: u.destinationType }] : []),
          ...(u.incoming ? [{ name: 'direction', value: 'incoming' }] : []),
        ],
        ...(u.rating
          ? { ratedProductUsage: u.rating }
          : u.ratedEur === undefined
            ? {}
            : {
                ratedProductUsage: [
                  {
                    usageRatingTag: u.included ? 'included usage' : 'non included usage',
                    taxIncludedRatingAmount: { value: u.ratedEur, unit: 'EUR' },
                  },
                ],
              }),
      },
    },
  });
  const res = await sendNetworkEvent(c, body, app);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { _payload: { outcome: string } })._payload;
}

/** An event from the network (its JSON, or the object), signed as the network signs it, to the listener: its answer. */
export function sendNetworkEvent(
  c: TestContext,
  event: string | object,
  app: Pick<TestContext['app'], 'request'> = c.app,
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return app.request('/panda/network/listener', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-network-signature': networkSignature(TEST_NETWORK_EVENT_SECRET, body, c.clock.now.getTime()),
    },
    body,
  });
}

/** The network says a member's number left (a signed PortOutEvent to the listener). */
export async function portOut(c: TestContext, m: BuiltMember) {
  const res = await sendNetworkEvent(c, {
    eventId: `port-out-${m.ssn}`,
    eventTime: c.clock.now.toISOString(),
    eventType: 'PortOutEvent',
    event: { msisdn: `353${m.msisdn.slice(1)}` },
  });
  expect(res.status).toBe(200);
}
