import { and, desc, eq, like } from 'drizzle-orm';
import { householdApi } from '../../../src/contract/household.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import type { BuiltMember } from './builders.ts';
import { ok } from './client.ts';
import type { TestContext } from './harness.ts';

/** A member's SIM made a line of an owner's household, as members do it: invited, then accepted with the mailed code. */
export async function joinHousehold(c: TestContext, owner: BuiltMember, line: BuiltMember) {
  const { _payload: inv } = await ok(c.app, householdApi.invite, {
    session: owner.session,
    params: { user_id: owner.userId },
    body: { msisdn: line.msisdn },
  });
  const [mail] = await c.handle.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, line.email), like(schema.outbox.subject, '%household%')))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  const code = /enter the code (\d{6})/.exec(mail?.body ?? '')![1]!;
  await ok(c.app, householdApi.accept, {
    session: line.session,
    params: { user_id: line.userId, id: String(inv.id) },
    body: { code },
  });
}
