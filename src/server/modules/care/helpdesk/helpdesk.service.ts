import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { tickets, type members } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { agentStep, type AgentOutcome, type AgentStep } from '../tickets.ts';

/** The help desk's single sign-on token: a JWT (HS512) with jti, name, email and organization 48, valid 5 minutes. */
export async function ssoToken(clock: Clock, member: typeof members.$inferSelect, secret: string): Promise<string> {
  const iat = Math.floor(clock().getTime() / 1000);
  return sign(
    {
      jti: randomUUID(),
      iat,
      exp: iat + 300,
      name: `${member.firstname} ${member.lastname}`,
      email: member.email,
      organization: '48',
    },
    secret,
    'HS512',
  );
}

const WEBHOOK_WINDOW_MS = 5 * 60_000;

/**
 * A help-desk webhook call is ours when it is signed as Zendesk signs webhooks: base64 of
 * HMAC-SHA256(secret, timestamp + raw body), the timestamp within five minutes of now.
 */
export function validDeskSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
  timestamp: string | undefined,
  now: number,
): boolean {
  if (!signature || !timestamp) return false;
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at) || Math.abs(now - at) > WEBHOOK_WINDOW_MS) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(timestamp + rawBody)
      .digest('base64'),
  );
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** An agent's step from the help desk, on the ticket its reference names; each desk comment counts once. */
export async function recordDeskStep(
  { db, clock }: ServiceContext,
  event: {
    external_id: string;
    comment_id: string;
    step: AgentStep['kind'];
    body: string;
    due_on?: string | undefined;
  },
): Promise<Outcome<null, Exclude<AgentOutcome, 'done'>>> {
  // By the number: a message that became a complaint (48-T-001234 → 48-C-001234) is the same ticket.
  const [t] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, Number(event.external_id.slice(5))));
  if (!t) return refused('unknown');
  const step: AgentStep =
    event.step === 'update'
      ? { kind: 'update', body: event.body, dueOn: event.due_on ?? '' }
      : { kind: event.step, body: event.body };
  const outcome = await agentStep(db, clock, t.id, step, event.comment_id);
  return outcome === 'done' ? done(null) : refused(outcome);
}
