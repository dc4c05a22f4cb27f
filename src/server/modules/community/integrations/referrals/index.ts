import { and, desc, eq, inArray } from 'drizzle-orm';
import { type ReferralCall } from '../../../../../contract/referrals.schema.ts';
import { REFERRAL_CALLS } from '../../../../../contract/referrals.ts';
import type { Database } from '../../../../db/client.ts';
import { referralCalls } from '../../../../db/schema.ts';
import type { Clock } from '../../../../kernel/clock.ts';

/**
 * The referral service (Buyapowa-style, spec section 7): five POSTs with JSON payloads. The
 * sandbox (default) records every call in referral_calls and answers as the service would; the
 * real service is used when REFERRAL_* settings are present. Called outside transactions only.
 */
export type ReferralAnswer = { ok: true } | { ok: false; status: number; message: string };

export interface ReferralsAdapter {
  send(call: ReferralCall, payload: Record<string, unknown>): Promise<ReferralAnswer>;
}

/**
 * The sandbox: what the service refuses, it refuses here too, with a message of its own kind
 * (a friend registered twice, a member referring themselves).
 */
export function sandboxReferrals(db: Database, clock: Clock): ReferralsAdapter & { sandbox: true } {
  const record = async (call: ReferralCall, payload: Record<string, unknown>, status: number, answer: object) => {
    await db.insert(referralCalls).values({
      path: REFERRAL_CALLS[call],
      payload: JSON.stringify(payload),
      status,
      answer: JSON.stringify(answer),
      createdAt: clock(),
    });
  };
  return {
    sandbox: true,
    async send(call, payload) {
      if (call === 'registrations') {
        const friend = String(payload['friend_email'] ?? '').toLowerCase();
        if (friend && friend === String(payload['referrer_email'] ?? '').toLowerCase()) {
          const message = "You can't refer yourself: enter your friend's e-mail address.";
          await record(call, payload, 422, { message });
          return { ok: false, status: 422, message };
        }
        const earlier = await db
          .select()
          .from(referralCalls)
          .where(and(eq(referralCalls.path, REFERRAL_CALLS.registrations), eq(referralCalls.status, 200)))
          .orderBy(desc(referralCalls.id));
        if (
          earlier.some(
            (c) =>
              String((JSON.parse(c.payload) as Record<string, unknown>)['friend_email'] ?? '').toLowerCase() === friend,
          )
        ) {
          const message = 'This friend has already been referred to 48.';
          await record(call, payload, 409, { message });
          return { ok: false, status: 409, message };
        }
      }
      if (call === 'forget') {
        // The service forgets: what it recorded of the member (their id or address) goes.
        const id = String((payload['client_data'] as Record<string, unknown> | undefined)?.['user_id'] ?? '');
        const email = String(payload['email_address'] ?? '');
        const held = await db.select({ id: referralCalls.id, payload: referralCalls.payload }).from(referralCalls);
        const theirs = held
          .filter(
            (c) =>
              (id && c.payload.includes(`"user_id":"${id}"`)) ||
              (email && c.payload.toLowerCase().includes(email.toLowerCase())),
          )
          .map((c) => c.id);
        if (theirs.length > 0) await db.delete(referralCalls).where(inArray(referralCalls.id, theirs));
        await record(call, { client_data: { user_id: id } }, 200, { status: 'forgotten' });
        return { ok: true };
      }
      await record(call, payload, 200, { status: 'ok' });
      return { ok: true };
    },
  };
}

/** The real service: its domain, an API token and the account signature (secrets, server only). */
export function serviceReferrals(
  config: { domain: string; token: string; signature: string },
  fetchImpl: typeof fetch = fetch,
): ReferralsAdapter {
  return {
    async send(call, payload) {
      try {
        const res = await fetchImpl(`${config.domain.replace(/\/$/, '')}${REFERRAL_CALLS[call]}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Token ${config.token}`,
            'x-buyapowa-signature': config.signature,
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(5000),
        });
        if (res.ok) return { ok: true };
        const body = (await res.json().catch(() => ({}))) as { message?: unknown; error?: unknown };
        const message =
          typeof body.message === 'string'
            ? body.message
            : typeof body.error === 'string'
              ? body.error
              : `The referral service answered ${res.status}.`;
        return { ok: false, status: res.status, message };
      } catch {
        return { ok: false, status: 503, message: 'The referral service did not answer.' };
      }
    },
  };
}
