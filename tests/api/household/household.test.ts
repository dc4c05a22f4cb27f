import { and, desc, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { householdApi, householdFailures } from '../../../src/contract/household.schema.ts';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { receiptsApi, transactionsApi } from '../../../src/contract/transactions.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { createMember, deleteAccount, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/**
 * Household lines (docs/product/lifelines.md): a line joins only with the mailed code, by its own member, once;
 * up to 4 lines by the database; the owner sees a line's figures (the balance summary's) and
 * nothing once it left; the owner's purchase for a line is one transaction with a row on each
 * side; the owner's limit applies to it and the line's limit to the line's own card purchases.
 */
const me = (m: BuiltMember) => ({ user_id: m.userId });
const lineOf = (owner: BuiltMember, line: BuiltMember) => ({ user_id: owner.userId, ssn: line.ssn });
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const withPlan = { membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 5 } } satisfies MemberSpec;

const creditOf = async (c: TestContext, ssn: string) =>
  (await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, ssn)))[0]!.creditCents;

/** The code mailed to the invited member (the newest household mail to them). */
async function mailedCode(c: TestContext, to: BuiltMember): Promise<string> {
  const [mail] = await c.handle.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, to.email), like(schema.outbox.subject, '%household%')))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  const code = /enter the code (\d{6})/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no household code mailed to ${to.email}`);
  return code;
}

const invite = (c: TestContext, owner: BuiltMember, line: BuiltMember) =>
  ok(c.app, householdApi.invite, { session: owner.session, params: me(owner), body: { msisdn: line.msisdn } });

/** Invited and accepted with the mailed code: the line joins the owner's household. */
async function join(c: TestContext, owner: BuiltMember, line: BuiltMember) {
  const { _payload: inv } = await invite(c, owner, line);
  const code = await mailedCode(c, line);
  await ok(c.app, householdApi.accept, {
    session: line.session,
    params: { user_id: line.userId, id: String(inv.id) },
    body: { code },
  });
  return inv.id;
}

const buy = (
  c: TestContext,
  owner: BuiltMember,
  line: BuiltMember,
  body: Partial<{ sku: string; payment_type: 'BALANCE_BEFORE_SC' | 'STORED_CARD' }> = {},
) =>
  send(c.app, householdApi.buyMembership, {
    session: owner.session,
    params: lineOf(owner, line),
    body: { sku: 'BDDT00', from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC', ...body },
    headers: key(),
  });

forEachDatabase('household', (ctx) => {
  it('the invitation is mailed in the invited member’s language, the owner’s name and the code in it', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, firstname: 'Fiona', lastname: 'Byrne' });
    const cousin = await createMember(c, { ...withPlan, language: 'ga' });
    await invite(c, owner, cousin);
    const [mail] = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, cousin.email));
    expect(mail!.subject).toBe('Tugann Fiona Byrne cuireadh duit chuig a t(h)eaghlach 48');
    expect(mail!.body).toMatch(
      /oscail my48 → Socruithe → Teaghlach agus cuir isteach an cód \d{6}\. Oibríonn sé uair amháin, ar feadh 10 nóiméad\./,
    );
    expect(mail!.body).not.toMatch(/\b(Hi|household|code)\b/);
  });

  it('an invitation code works once, only for the invited member, within its tries; decline and withdraw', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, firstname: 'Fiona', lastname: 'Byrne' });
    const cousin = await createMember(c, withPlan);
    const stranger = await createMember(c, withPlan);
    const { _payload: inv } = await invite(c, owner, cousin);
    expect(inv.msisdn).toBe(cousin.msisdn);
    const code = await mailedCode(c, cousin);
    const id = String(inv.id);
    // The owner and a stranger cannot accept it: it is not theirs to find.
    for (const who of [owner, stranger])
      await refused(
        c.app,
        householdApi.accept,
        { session: who.session, params: { user_id: who.userId, id }, body: { code } },
        householdFailures.noSuchInvitation,
      );
    // The invited member sees it, with whose household it is.
    const seen = (await ok(c.app, householdApi.household, { session: cousin.session, params: me(cousin) }))._payload;
    expect(seen).toMatchObject({
      role: 'none',
      received: [{ id: inv.id, owner_name: 'Fiona Byrne', msisdn: cousin.msisdn }],
    });
    const wrong = code === '000000' ? '111111' : '000000';
    await refused(
      c.app,
      householdApi.accept,
      { session: cousin.session, params: { user_id: cousin.userId, id }, body: { code: wrong } },
      householdFailures.codeWrong,
    );
    await ok(c.app, householdApi.accept, {
      session: cousin.session,
      params: { user_id: cousin.userId, id },
      body: { code },
    });
    // Once: used.
    await refused(
      c.app,
      householdApi.accept,
      { session: cousin.session, params: { user_id: cousin.userId, id }, body: { code } },
      householdFailures.noSuchInvitation,
    );
    expect(
      (await ok(c.app, householdApi.household, { session: cousin.session, params: me(cousin) }))._payload,
    ).toMatchObject({
      role: 'line',
      owner: { name: 'Fiona Byrne', email: owner.email },
      my_lines: [{ ssn: cousin.ssn }],
    });

    // Five wrong codes end an invitation; the right one after them does not work.
    const { _payload: second } = await invite(c, owner, stranger);
    const right = await mailedCode(c, stranger);
    const bad = right === '000000' ? '111111' : '000000';
    const params = { user_id: stranger.userId, id: String(second.id) };
    for (let i = 1; i <= 4; i++)
      await refused(
        c.app,
        householdApi.accept,
        { session: stranger.session, params, body: { code: bad } },
        householdFailures.codeWrong,
      );
    await refused(
      c.app,
      householdApi.accept,
      { session: stranger.session, params, body: { code: bad } },
      householdFailures.tooManyTries,
    );
    await refused(
      c.app,
      householdApi.accept,
      { session: stranger.session, params, body: { code: right } },
      householdFailures.tooManyTries,
    );

    // Expired after 10 minutes.
    const { _payload: third } = await invite(c, owner, stranger);
    const late = await mailedCode(c, stranger);
    c.clock.now = new Date(c.clock.now.getTime() + 11 * 60_000);
    await refused(
      c.app,
      householdApi.accept,
      { session: stranger.session, params: { user_id: stranger.userId, id: String(third.id) }, body: { code: late } },
      householdFailures.codeExpired,
    );
    // Declined: gone for both. (Another member each time: a number takes 3 invitations an hour.)
    const declining = await createMember(c, withPlan);
    const { _payload: fourth } = await invite(c, owner, declining);
    await ok(c.app, householdApi.decline, {
      session: declining.session,
      params: { user_id: declining.userId, id: String(fourth.id) },
    });
    expect(
      (await ok(c.app, householdApi.household, { session: owner.session, params: me(owner) }))._payload.sent,
    ).toEqual([]);
    // Withdrawn by the owner: the code no longer works.
    const withdrawing = await createMember(c, withPlan);
    const { _payload: fifth } = await invite(c, owner, withdrawing);
    const withdrawnCode = await mailedCode(c, withdrawing);
    await ok(c.app, householdApi.cancel, {
      session: owner.session,
      params: { user_id: owner.userId, id: String(fifth.id) },
    });
    await refused(
      c.app,
      householdApi.accept,
      {
        session: withdrawing.session,
        params: { user_id: withdrawing.userId, id: String(fifth.id) },
        body: { code: withdrawnCode },
      },
      householdFailures.noSuchInvitation,
    );
    expect(
      await c.handle.db.select().from(schema.householdLines).where(eq(schema.householdLines.ssn, stranger.ssn)),
    ).toEqual([]);
  });

  it('who can be invited: not a member, own number, a line elsewhere, an owner, a line inviting; 4 lines at most', async () => {
    const c = ctx();
    const owner = await createMember(c, withPlan);
    const other = await createMember(c, withPlan);
    const say = (m: BuiltMember, msisdn: string, failure: (typeof householdFailures)[keyof typeof householdFailures]) =>
      refused(c.app, householdApi.invite, { session: m.session, params: me(m), body: { msisdn } }, failure);
    await say(owner, '0879999999', householdFailures.cannotInvite);
    await say(owner, owner.msisdn, householdFailures.ownNumber);
    expect(
      (await send(c.app, householdApi.invite, { session: owner.session, params: me(owner), body: { msisdn: '12345' } }))
        .status,
    ).toBe(400);
    const lines = await Promise.all([1, 2, 3, 4].map(() => createMember(c, withPlan)));
    for (const l of lines) await join(c, owner, l);
    const fifth = await createMember(c, withPlan);
    await say(owner, fifth.msisdn, householdFailures.full);
    await say(owner, lines[0]!.msisdn, householdFailures.alreadyYourLine);
    await say(other, lines[0]!.msisdn, householdFailures.cannotInvite);
    await say(other, owner.msisdn, householdFailures.cannotInvite);
    await say(lines[1]!, other.msisdn, householdFailures.youAreALine);
    const listed = (await ok(c.app, householdApi.lines, { session: owner.session, params: me(owner) }))._payload.values;
    expect(listed.map((l) => l.ssn)).toEqual(lines.map((l) => l.ssn));
    // A refused invitation leaves no household behind.
    expect(
      await c.handle.db.select().from(schema.households).where(eq(schema.households.ownerId, other.userId)),
    ).toEqual([]);
    // An owner whose lines all left holds nothing: they may be invited as a line themselves.
    for (const l of lines)
      await ok(c.app, householdApi.leave, { session: l.session, params: { user_id: l.userId, ssn: l.ssn } });
    expect((await ok(c.app, householdApi.household, { session: owner.session, params: me(owner) }))._payload.role).toBe(
      'none',
    );
    await join(c, other, owner);
  });

  it("the owner sees each line's figures as its own dashboard has them, and nothing once it left; others get 404", async () => {
    const c = ctx();
    const owner = await createMember(c, withPlan);
    const teen = await createMember(c, {
      creditCents: 20,
      membership: { sku: 'BDDT00', daysLeft: 9, usedGb: 7, recurrence: true },
    });
    const gran = await createMember(c, withPlan);
    await join(c, owner, teen);
    await join(c, owner, gran);
    const figures = (await ok(c.app, householdApi.line, { session: owner.session, params: lineOf(owner, teen) }))
      ._payload;
    const own = (
      await ok(c.app, accountApi.balanceSummary, {
        session: teen.session,
        params: { user_id: teen.userId, ssn: teen.ssn },
      })
    )._payload.current_month_balance_summary;
    expect(figures).toMatchObject({
      ssn: teen.ssn,
      msisdn: teen.msisdn,
      credit_cents: 20,
      membership: own.current_membership,
      data_left_kb: own.left_data,
      data_max_kb: own.max_data,
      days_left: own.days_left,
      ends_at: own.expiry_date,
      auto_renew: true,
      figures_unavailable: false,
    });
    // A line cannot read another line, nor a stranger a line.
    const stranger = await createMember(c, withPlan);
    for (const who of [gran, stranger])
      await refused(
        c.app,
        householdApi.line,
        { session: who.session, params: { user_id: who.userId, ssn: teen.ssn } },
        householdFailures.noSuchLine,
      );
    expect((await ok(c.app, householdApi.lines, { session: gran.session, params: me(gran) }))._payload.values).toEqual(
      [],
    );
    // The teen leaves: the owner sees nothing of it and cannot pay for it.
    await ok(c.app, householdApi.leave, { session: teen.session, params: { user_id: teen.userId, ssn: teen.ssn } });
    await refused(
      c.app,
      householdApi.line,
      { session: owner.session, params: lineOf(owner, teen) },
      householdFailures.noSuchLine,
    );
    expect(
      (await ok(c.app, householdApi.lines, { session: owner.session, params: me(owner) }))._payload.values.map(
        (l) => l.ssn,
      ),
    ).toEqual([gran.ssn]);
    const res = await buy(c, owner, teen);
    expect(res.status).toBe(404);
    // Leaving twice, or a SIM that is not a line: 404. The owner removes gran.
    await refused(
      c.app,
      householdApi.leave,
      { session: teen.session, params: { user_id: teen.userId, ssn: teen.ssn } },
      householdFailures.notYourLine,
    );
    await refused(
      c.app,
      householdApi.remove,
      { session: stranger.session, params: { user_id: stranger.userId, ssn: gran.ssn } },
      householdFailures.noSuchLine,
    );
    await ok(c.app, householdApi.remove, { session: owner.session, params: lineOf(owner, gran) });
    // Each side is told what the other did: joined and left (the owner), taken out (the line).
    const told = async (m: BuiltMember) =>
      (await c.handle.db.select().from(schema.notifications).where(eq(schema.notifications.memberId, m.userId))).map(
        (n) => n.title,
      );
    expect(await told(owner)).toEqual(
      expect.arrayContaining(['A line joined your household', 'A line left your household']),
    );
    expect(await told(gran)).toContain("You're out of a household");
    expect((await ok(c.app, householdApi.household, { session: gran.session, params: me(gran) }))._payload.role).toBe(
      'none',
    );
  });

  it("the owner's purchase for a line is one transaction: a row on each side, receipts on both, the line's advance repaid", async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 1200, storedCard: true, firstname: 'Fiona' });
    const teen = await createMember(c, {
      creditCents: 20,
      advance: { owedCents: 300, daysAgo: 3 },
      firstname: 'Tadhg',
    });
    await join(c, owner, teen);
    // A membership from the owner's credit: the teen's SIM has it, the owner's credit paid.
    const bought = await buy(c, owner, teen);
    expect(bought.status).toBe(201);
    const answer = (
      (await bought.json()) as { _payload: { membership: { sku: string; status: string }; payment: unknown } }
    )._payload;
    expect(answer).toMatchObject({
      membership: { sku: 'BDDT00', status: 'current' },
      payment: { credit_cents: 999, card_cents: 0 },
    });
    expect(await creditOf(c, owner.ssn)).toBe(201);
    expect(await creditOf(c, teen.ssn)).toBe(20);
    const ownerRows = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(and(eq(schema.ledger.ssn, owner.ssn), eq(schema.ledger.kind, 'household')));
    const teenRows = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(and(eq(schema.ledger.ssn, teen.ssn), eq(schema.ledger.kind, 'household-paid')));
    expect(ownerRows).toEqual([
      expect.objectContaining({
        creditDeltaCents: -999,
        cardCents: 0,
        description: `Data Plus €9.99 Membership for Tadhg's line ${teen.msisdn.replace(/^(\d{3})(\d{3})/, '$1 $2 ')}`,
      }),
    ]);
    expect(teenRows).toEqual([
      expect.objectContaining({
        creditDeltaCents: 0,
        cardCents: 0,
        description: "Data Plus €9.99 Membership, paid by Fiona's household",
      }),
    ]);
    expect(teenRows[0]!.reference).toBe(`${ownerRows[0]!.reference}:line`);
    // Receipts on both sides: the owner's says for which line and how it was paid; the teen's what was paid for it, not how.
    const ownerReceipt = (
      await ok(c.app, receiptsApi.receipt, {
        session: owner.session,
        params: { user_id: owner.userId, transaction_id: String(ownerRows[0]!.id) },
      })
    )._payload;
    expect(ownerReceipt).toMatchObject({ kind: 'household', total_cents: 999, credit_cents: 999, card_cents: 0 });
    const teenReceipt = (
      await ok(c.app, receiptsApi.receipt, {
        session: teen.session,
        params: { user_id: teen.userId, transaction_id: String(teenRows[0]!.id) },
      })
    )._payload;
    expect(teenReceipt).toMatchObject({
      kind: 'household-paid',
      total_cents: 999,
      credit_cents: 0,
      card_cents: 0,
      card: null,
    });
    const listed = (
      await ok(c.app, transactionsApi.list, {
        session: teen.session,
        params: { user_id: teen.userId },
        query: { page: '1' },
      })
    )._payload;
    expect(JSON.stringify(listed)).toContain("paid by Fiona's household");
    // Credit for the line by the stored card: it repays the teen's advance first (€3.00 of €5.00).
    // The owner's stored card pays for the teen's line, charged to the SIM `from`.
    const addCredit = (from: string) =>
      send(c.app, householdApi.addCredit, {
        session: owner.session,
        params: lineOf(owner, teen),
        body: { amount_cents: 500, from_ssn: from, payment_type: 'STORED_CARD' },
        headers: key(),
      });
    const credit = await addCredit(owner.ssn);
    expect(credit.status).toBe(201);
    expect(await creditOf(c, teen.ssn)).toBe(220);
    expect(await creditOf(c, owner.ssn)).toBe(201);
    const [cardRow] = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(
        and(eq(schema.ledger.ssn, owner.ssn), eq(schema.ledger.kind, 'household'), eq(schema.ledger.cardCents, 500)),
      );
    expect(cardRow).toMatchObject({ creditDeltaCents: 0, cardBrand: expect.any(String) });
    // A SIM not the owner's cannot pay.
    const wrongFrom = await addCredit(teen.ssn);
    expect(wrongFrom.status).toBe(404);
    // The teen cannot buy with the owner's money through these calls.
    const byTeen = await send(c.app, householdApi.buyMembership, {
      session: teen.session,
      params: { user_id: teen.userId, ssn: teen.ssn },
      body: { sku: 'BDDT00', from_ssn: teen.ssn, payment_type: 'BALANCE_BEFORE_SC' },
      headers: key(),
    });
    expect(byTeen.status).toBe(404);
  });

  it("the owner's spend limit applies to purchases for a line; the line's limit to the line's own card purchases", async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 0, storedCard: true, spendLimitCents: 1000 });
    const teen = await createMember(c, { ...withPlan, storedCard: true });
    await join(c, owner, teen);
    const teenCredit = await creditOf(c, teen.ssn);
    const over = await send(c.app, householdApi.addCredit, {
      session: owner.session,
      params: lineOf(owner, teen),
      body: { amount_cents: 1500, from_ssn: owner.ssn, payment_type: 'STORED_CARD' },
      headers: key(),
    });
    expect(over.status).toBe(householdFailures.overSpendLimit.status);
    expect(((await over.json()) as { _payload: { code: string } })._payload.code).toBe(
      householdFailures.overSpendLimit.code,
    );
    expect(await creditOf(c, teen.ssn)).toBe(teenCredit);
    // The line's limit: €5 a month for its own card purchases.
    const set = await ok(c.app, householdApi.setSpendLimit, {
      session: owner.session,
      params: lineOf(owner, teen),
      body: { limit_cents: 500 },
    });
    expect(set._payload.spend_limit_cents).toBe(500);
    await refused(
      c.app,
      householdApi.setSpendLimit,
      { session: teen.session, params: { user_id: teen.userId, ssn: teen.ssn }, body: { limit_cents: null } },
      householdFailures.noSuchLine,
    );
    const own = (amount: 500 | 1000) =>
      send(c.app, membershipsApi.addCredit, {
        session: teen.session,
        params: { user_id: teen.userId, ssn: teen.ssn },
        body: { amount_cents: amount, payment_type: 'STORED_CARD' },
        headers: key(),
      });
    expect((await own(1000)).status).toBe(householdFailures.overSpendLimit.status);
    expect((await own(500)).status).toBe(201);
    expect((await own(500)).status).toBe(householdFailures.overSpendLimit.status);
    // Out of the household, the owner's limit on the line goes with it.
    await ok(c.app, householdApi.leave, { session: teen.session, params: { user_id: teen.userId, ssn: teen.ssn } });
    expect((await own(500)).status).toBe(201);
  });

  it('20 purchases, credits and acceptances at once: credit never overdrawn, one line per invitation, 4 lines at most', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 1000 });
    const teen = await createMember(c, { creditCents: 0 });
    await join(c, owner, teen);
    // €10.00 of the owner's credit pays one €9.99 membership, however many tries.
    const buys = (await Promise.all(Array.from({ length: 20 }, () => buy(c, owner, teen)))).map((r) => r.status);
    expect(buys.filter((s) => s === 201)).toHaveLength(1);
    expect(buys.every((s) => s < 500)).toBe(true);
    expect(await creditOf(c, owner.ssn)).toBe(1);
    // €10.00 more: 20 credits of €5 from it → two.
    await c.handle.db.update(schema.balances).set({ creditCents: 1000 }).where(eq(schema.balances.ssn, owner.ssn));
    await c.handle.db.insert(schema.ledger).values({
      ssn: owner.ssn,
      occurredAt: c.clock.now,
      kind: 'adjustment',
      description: 'test',
      creditDeltaCents: 999,
    });
    const credits = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          send(c.app, householdApi.addCredit, {
            session: owner.session,
            params: lineOf(owner, teen),
            body: { amount_cents: 500, from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC' },
            headers: key(),
          }),
        ),
      )
    ).map((r) => r.status);
    expect(credits.filter((s) => s === 201)).toHaveLength(2);
    expect(credits.every((s) => s < 500)).toBe(true);
    expect(await creditOf(c, owner.ssn)).toBe(0);
    expect(await creditOf(c, teen.ssn)).toBe(1000);
    // 20 acceptances of one invitation → one line; 5 members accepting into a household with room for 3 → 3.
    const family = await createMember(c, withPlan);
    const one = await createMember(c, withPlan);
    const { _payload: inv } = await invite(c, family, one);
    const code = await mailedCode(c, one);
    const accepts = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          send(c.app, householdApi.accept, {
            session: one.session,
            params: { user_id: one.userId, id: String(inv.id) },
            body: { code },
          }),
        ),
      )
    ).map((r) => r.status);
    expect(accepts.filter((s) => s === 200)).toHaveLength(1);
    expect(accepts.every((s) => s < 500)).toBe(true);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(c, withPlan)));
    const invited = [];
    for (const m of five)
      invited.push({ m, id: (await invite(c, family, m))._payload.id, code: await mailedCode(c, m) });
    const joined = (
      await Promise.all(
        invited.map(({ m, id, code: k }) =>
          send(c.app, householdApi.accept, {
            session: m.session,
            params: { user_id: m.userId, id: String(id) },
            body: { code: k },
          }),
        ),
      )
    ).map((r) => r.status);
    expect(joined.filter((s) => s === 200)).toHaveLength(3);
    expect(joined.filter((s) => s !== 200).every((s) => s === householdFailures.full.status)).toBe(true);
    expect(
      (await ok(c.app, householdApi.lines, { session: family.session, params: me(family) }))._payload.values,
    ).toHaveLength(4);
    // Two households invite one member, who accepts both at once: one line, the other refused (never a 500).
    const wanted = await createMember(c, withPlan);
    const [first, second] = [await createMember(c, withPlan), await createMember(c, withPlan)];
    const offers = [];
    for (const o of [first, second])
      offers.push({ id: (await invite(c, o, wanted))._payload.id, code: await mailedCode(c, wanted) });
    const both = (
      await Promise.all(
        offers.map(({ id, code: k }) =>
          send(c.app, householdApi.accept, {
            session: wanted.session,
            params: { user_id: wanted.userId, id: String(id) },
            body: { code: k },
          }),
        ),
      )
    ).map((r) => r.status);
    expect(both.sort()).toEqual([200, householdFailures.inAnotherHousehold.status]);
  });

  it("account deletion: an owner's household is dissolved, a line leaves", async () => {
    const c = ctx();
    const owner = await createMember(c, withPlan);
    const teen = await createMember(c, withPlan);
    const gran = await createMember(c, withPlan);
    await join(c, owner, teen);
    await join(c, owner, gran);
    const remove = async (m: BuiltMember) => expect((await deleteAccount(c, m)).status).toBe(200);
    await remove(teen);
    expect(
      (await ok(c.app, householdApi.lines, { session: owner.session, params: me(owner) }))._payload.values.map(
        (l) => l.ssn,
      ),
    ).toEqual([gran.ssn]);
    // What the household set on gran (her data paused, the adult content filter) is lifted when it is dissolved.
    const granLine = { session: owner.session, params: { ...me(owner), ssn: gran.ssn } };
    await ok(c.app, householdApi.pause, { ...granLine, body: { kind: 'data' } });
    await ok(c.app, householdApi.setFilter, {
      ...granLine,
      params: { ...granLine.params, filter: 'contentFilter' },
      body: { on: true },
    });
    await remove(owner);
    expect(
      await c.handle.db.select().from(schema.households).where(eq(schema.households.ownerId, owner.userId)),
    ).toEqual([]);
    expect((await ok(c.app, householdApi.household, { session: gran.session, params: me(gran) }))._payload.role).toBe(
      'none',
    );
    const orders = await c.handle.db
      .select()
      .from(schema.networkOrders)
      .where(and(eq(schema.networkOrders.line, gran.ssn), like(schema.networkOrders.cause, 'control:%')))
      .orderBy(schema.networkOrders.id);
    expect(orders.map((o) => o.characteristics)).toEqual([
      { barred: true, reason: 'paused' },
      { adultContent: 'on' },
      { barred: false, reason: 'paused' },
      { adultContent: 'off' },
    ]);
    const told = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.memberId, gran.userId));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Your line is on again', 'Your household’s settings are lifted']),
    );
  });
});
