import { eq, inArray, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { myDataApi, myDataMessages } from '../../../src/contract/my-data.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { checkouts, ledger, orders, referralCalls, referralOutbox, sessions } from '../../../src/server/db/schema.ts';
import { runAlerts } from '../../../src/server/modules/money/index.ts';
import { sendReferralOutbox } from '../../../src/server/modules/community/referrals.ts';
import { memberLinks, NAMED_BY_ADDRESS } from '../../../src/server/modules/privacy/my-data/my-data.service.ts';
import { BUILT_PASSWORD } from '../support/builders.ts';
import { send } from '../support/client.ts';
import { forEachDatabase, signUpMember, stepUpCode } from '../support/harness.ts';
import { make, me, message } from '../support/member-controls.ts';

forEachDatabase('my_data', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('my data: the export holds every table that names the member (read from the schema) and no secret', async () => {
    const c = ctx();
    const { session: s, email } = await make(c, 'controls');
    await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
    const res = await send(c.app, myDataApi.exportData, { session: s, params: me(s) });
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="48-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await res.json();
    // Every table with a key to members or to a table that hangs on them is in the export.
    const linked = new Set(['members']);
    for (let i = 0; i < 3; i++)
      for (const l of memberLinks()) if (linked.has(l.to) && l.name !== 'members') linked.add(l.name);
    const tables = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableConfig(t).name);
    const referencing = tables.filter((t) => linked.has(t));
    expect(referencing.length).toBeGreaterThan(20);
    for (const t of [...referencing, ...NAMED_BY_ADDRESS]) expect(Object.keys(data.tables), t).toContain(t);
    expect(data.tables.members[0]).toMatchObject({ email, firstname: 'Clodagh' });
    expect(data.tables.ledger.some((r: { card_last4: string }) => r.card_last4 === '5454')).toBe(true);
    expect(data.tables.alerts.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    for (const secret of ['password_hash', 'token_hash', 'binding_hash', 'code_hash', '"token"', 'sbx.'])
      expect(text).not.toContain(secret);
  });

  it('deleting the account: code and password; sessions end; no personal data left; amounts kept; the referral service told to forget; the address free again', async () => {
    const c = ctx();
    const leaver = await make(c, 'leaver');
    const { session: s, email, ssn, userId: id } = leaver;
    const before = await c.handle.db.select().from(ledger).where(eq(ledger.ssn, ssn));
    // An order placed from an address (as a mates-rates order records it): the address is personal data too.
    await c.handle.db.insert(orders).values({
      memberId: id,
      sku: 'Kickback_Pack_N',
      status: 'SIM_DELIVERED',
      firstname: 'Líadan',
      lastname: 'Power',
      line1: '1 Quay Street',
      city: 'Galway',
      county: 'Galway',
      ip: '203.0.113.77',
      createdAt: c.clock.now,
      deliveredAt: c.clock.now,
    });
    // Use abroad (docs/product/roaming.md): where the member was is personal data, and goes with the account.
    const { recordUseAbroad } = await import('../../../src/server/modules/roaming/roaming.ts');
    await c.handle.db.transaction((tx) =>
      recordUseAbroad(tx, () => c.clock.now, ssn, { country: 'PT', dataKb: 2048, minutes: 1, texts: 0 }),
    );
    const noCode = await send(c.app, myDataApi.deleteAccount, {
      session: s,
      params: me(s),
      body: { password: BUILT_PASSWORD, confirm: 'DELETE' },
    });
    expect(noCode.status).toBe(403);
    const code = await stepUpCode(c, s, 'delete');
    expect(
      (
        await send(c.app, myDataApi.deleteAccount, {
          session: s,
          params: me(s),
          // Not the word asked for (DELETE), as a careless member could type it.
          body: { password: BUILT_PASSWORD, confirm: 'delete' as 'DELETE' },
          stepUpCode: code,
        })
      ).status,
    ).toBe(400);
    const gone = await send(c.app, myDataApi.deleteAccount, {
      session: s,
      params: me(s),
      body: { password: BUILT_PASSWORD, confirm: 'DELETE' },
      stepUpCode: code,
    });
    expect([gone.status, await message(gone)]).toEqual([200, myDataMessages.deleted]);
    for (const table of [schema.roamingUsage, schema.roamingMonths, schema.roamingProfiles])
      expect(await c.handle.db.select().from(table).where(eq(table.ssn, ssn))).toHaveLength(0);
    // The session ended with it.
    expect((await send(c.app, settingsApi.details, { session: s, params: me(s) })).status).toBe(401);
    expect(await c.handle.db.select().from(sessions).where(eq(sessions.memberId, id))).toHaveLength(0);

    // The referral service is told (through the outbox) and forgets.
    const [forget] = await c.handle.db.select().from(referralOutbox).where(eq(referralOutbox.call, 'forget'));
    expect(JSON.parse(forget!.payload)).toMatchObject({ client_data: { user_id: String(id) } });
    const { sandboxReferrals } = await import('../../../src/server/modules/community/integrations/referrals/index.ts');
    expect(
      await sendReferralOutbox(
        { db: c.handle.db, clock: () => c.clock.now },
        sandboxReferrals(c.handle.db, () => c.clock.now),
      ),
    ).toBeGreaterThan(0);
    const calls = await c.handle.db.select().from(referralCalls);
    expect(calls.some((r) => r.path.endsWith('/users/forget'))).toBe(true);
    expect(calls.some((r) => r.payload.includes(email))).toBe(false);
    // No personal data: not the address, the names, the number, anywhere in the member's rows.
    const { memberRows } = await import('../../../src/server/modules/privacy/my-data/my-data.service.ts');
    const left = await memberRows(c.handle.db, id);
    const text = JSON.stringify(left);
    for (const personal of [email, 'Líadan', 'Power', leaver.msisdn, '203.0.113.77'])
      expect(text).not.toContain(personal);
    expect(left['members']![0]).toMatchObject({ firstname: '', lastname: '', deletedAt: expect.any(Date) });
    for (const t of ['sessions', 'stored_cards', 'notifications', 'marketing_permissions', 'step_up_codes', 'outbox'])
      expect(left[t] ?? [], t).toHaveLength(0);
    // Amounts kept, without the person.
    const after = await c.handle.db.select().from(ledger).where(eq(ledger.ssn, ssn));
    expect(after.map((r) => r.creditDeltaCents)).toEqual(before.map((r) => r.creditDeltaCents));
    // The address can sign up again; the old password logs nobody in.
    expect(
      (
        await c.app.request('/panda/protected/users/current', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: email, password: BUILT_PASSWORD }),
        })
      ).status,
    ).not.toBe(200);
    const again = await signUpMember(c, email);
    expect(again.userId).not.toBe(id);
    // Checkouts keep their amounts, without the buyer's address.
    expect(
      (
        await c.handle.db
          .select()
          .from(checkouts)
          .where(inArray(checkouts.memberId, [id]))
      ).every((r) => r.buyerEmail === null),
    ).toBe(true);
  });
});
