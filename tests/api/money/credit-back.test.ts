import { readFileSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { expect, it } from 'vitest';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { creditBackApi, creditBackFailures } from '../../../src/contract/port-out-credit.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { SANDBOX_DEBTOR } from '../../../src/server/modules/money/index.ts';
import { giveBackCardRefunds } from '../../../src/server/modules/money/purchases/refunds.ts';
import {
  approveRefundFile,
  enterReturn,
  makeRefundFile,
  markFileSent,
} from '../../../src/server/modules/money/credit-back/transfers.ts';
import { createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { portOut } from '../support/network-use.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"): offered
 * when the network says the number left, asked for once (card or SEPA transfer), paid or refused (the
 * credit back), the status at each step, the day's pain.001.001.03 file valid against ISO 20022's XSD.
 */
const xsdOf = (message: string) => readFileSync(new URL(`../../fixtures/iso20022/${message}.xsd`, import.meta.url));
/** The file checked against the official schema of the message it says it is (its namespace). */
function xsdProblems(xml: string, message = 'pain.001.001.09'): string | true {
  if (!xml.includes(`xmlns="urn:iso:std:iso:20022:tech:xsd:${message}"`)) return `not a ${message} document`;
  const doc = XmlDocument.fromString(xml);
  const xsd = XmlDocument.fromBuffer(xsdOf(message));
  const validator = XsdValidator.fromDoc(xsd);
  try {
    validator.validate(doc);
    return true;
  } catch (error) {
    return String(error);
  } finally {
    validator.dispose();
    xsd.dispose();
    doc.dispose();
  }
}

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const sim = (m: BuiltMember) => ({ user_id: m.userId, ssn: m.ssn });
const IBAN = 'IE29 AIBK 9311 5212 3456 78';

/**
 * A member with €7.50 of credit whose number the network says left: who paid €9.99 by card 10 days
 * ago (the card can take it all back), or who paid by card only long ago (`card: false`).
 */
async function leaver(
  c: TestContext,
  {
    card = true,
    creditCents = 750,
    language = 'en',
  }: { card?: boolean; creditCents?: number; language?: 'en' | 'ga' | 'pl' } = {},
) {
  const m = await createMember(c, {
    firstname: 'Nora',
    language,
    creditCents,
    storedCard: true,
    cardPayments: [{ sku: 'BDDT00', daysAgo: card ? 10 : 200 }],
  });
  await portOut(c, m);
  return m;
}

const creditOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, m.ssn)))[0]!.creditCents;
const mailsTo = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email))).map((o) => o.subject);
const rowsOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.ledger)
    .where(and(eq(schema.ledger.ssn, m.ssn), like(schema.ledger.reference, 'refund:port-out:%')));
const status = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, creditBackApi.status, { session: m.session, params: sim(m) }))._payload;
const ask = (c: TestContext, m: BuiltMember, body: Record<string, string>) =>
  send(c.app, creditBackApi.request, { session: m.session, params: sim(m), body: body as never, headers: key() });

forEachDatabase('credit back', { seed: 'catalogue' }, (ctx) => {
  it('by card: offered with the amount, asked once of twenty, paid by the provider, the status and a mail at each step', async () => {
    const c = ctx();
    const m = await leaver(c);
    const offered = await status(c, m);
    expect(offered).toMatchObject({
      state: 'offered',
      amount_cents: 750,
      card_cents: 750,
      owed_cents: 0,
      card: { last4: '0000' },
      can_ask: true,
    });
    expect(offered.message).toBe(
      'Your number moved to another network on 22 November 2026. You have €7.50 of credit: ask for it back. It goes back to your card ending 0000, which paid for it.',
    );
    expect(await mailsTo(c, m)).toContain('48: Ask for your credit back');

    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(c, m, { method: 'card' })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await creditOf(c, m)).toBe(0);
    const rows = await rowsOf(c, m);
    expect(rows.map((r) => [r.creditDeltaCents, r.reference!.replace(/\d+:1$/, 'N:1')])).toEqual([
      [-750, 'refund:port-out:N:1'],
    ]);
    const requested = await status(c, m);
    expect(requested).toMatchObject({ state: 'requested', amount_cents: 750, method: 'card', can_ask: false });
    expect(requested.message).toContain('You asked for €7.50 back to your card ending 0000 on 22 November 2026.');
    await refused(
      c.app,
      creditBackApi.request,
      { session: m.session, params: sim(m), body: { method: 'card' }, headers: key() },
      creditBackFailures.asked,
    );

    // The provider gives it back (the minute's job), once.
    expect(await giveBackCardRefunds({ db: c.handle.db, clock: () => c.clock.now }, c.payments)).toBe(1);
    expect(c.payments.refunds.filter((r) => r.reference.startsWith('refund:port-out:'))).toEqual([
      { paymentId: expect.stringMatching(/^seed-pay-/), amountCents: 750, reference: `${rows[0]!.reference}:card:1` },
    ]);
    expect(await giveBackCardRefunds({ db: c.handle.db, clock: () => c.clock.now }, c.payments)).toBe(0);
    const paid = await status(c, m);
    expect(paid).toMatchObject({ state: 'paid', paid_at: c.clock.now.toISOString() });
    expect(paid.message).toContain('€7.50 was paid back to your card ending 0000 on 22 November 2026.');
    expect(await mailsTo(c, m)).toEqual(
      expect.arrayContaining(['48: We are giving your credit back', '48: Your credit is paid back']),
    );
  });

  it('in the member’s language: a Polish member reads the offer, a refusal, the request and the mails in Polish; the codes the same', async () => {
    const c = ctx();
    const m = await leaver(c, { language: 'pl' });
    const offered = await status(c, m);
    expect(offered.message).toBe(
      'Twój numer przeszedł do innej sieci dnia 22 listopada 2026. Masz 7,50\u00a0€ na koncie: poproś o zwrot. Wraca na kartę kończącą się na 0000, którą zapłacono.',
    );
    const bad = await refused(
      c.app,
      creditBackApi.request,
      {
        session: m.session,
        params: sim(m),
        body: { method: 'bank', iban: 'IE00 0000', account_name: 'Nora Byrne' },
        headers: key(),
      },
      { status: creditBackFailures.ibanWrong.status, code: creditBackFailures.ibanWrong.code },
    );
    expect(bad.message).toBe('Ten numer IBAN jest nieprawidłowy. Sprawdź go na wyciągu lub w aplikacji banku.');
    const asked = await ask(c, m, { method: 'card' });
    expect(asked.status).toBe(201);
    expect((await asked.json())._payload.message).toContain(
      'Dnia 22 listopada 2026 poprosiłeś lub poprosiłaś o zwrot 7,50\u00a0€ na kartę kończącą się na 0000.',
    );
    const mails = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email));
    expect(mails.map((o) => o.subject)).toEqual(
      expect.arrayContaining(['48: Poproś o zwrot salda', '48: Zwracamy Twoje saldo']),
    );
    expect(mails.find((o) => o.subject === '48: Zwracamy Twoje saldo')!.body).toMatch(
      /^Cześć Nora,\n\nTwój numer przeszedł do innej sieci dnia 22 listopada 2026\. Dnia 22 listopada 2026 poprosiłeś/,
    );
    const notes = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.memberId, m.userId));
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Poproś o zwrot salda', 'Zwracamy Twoje saldo']));
  });

  it('by bank transfer: a bad IBAN refused, the day’s SEPA file valid and never carrying a payment twice, paid when sent, a return gives the credit back', async () => {
    const c = ctx();
    const m = await leaver(c, { card: false });
    await refused(
      c.app,
      creditBackApi.request,
      {
        session: m.session,
        params: sim(m),
        body: { method: 'bank', iban: 'IE29 AIBK 9311 5212 3456 79', account_name: 'Nora Walsh' },
        headers: key(),
      },
      creditBackFailures.ibanWrong,
    );
    await refused(
      c.app,
      creditBackApi.request,
      {
        session: m.session,
        params: sim(m),
        body: { method: 'bank', iban: 'BR1800360305000010009795493C1', account_name: 'Nora Walsh' },
        headers: key(),
      },
      creditBackFailures.ibanNotSepa,
    );
    expect((await ask(c, m, { method: 'bank', iban: IBAN, account_name: '<script>' })).status).toBe(400);
    expect(await creditOf(c, m)).toBe(750);
    expect((await ask(c, m, { method: 'bank', iban: IBAN, account_name: 'Nóra Ó Dálaigh' })).status).toBe(201);
    expect(await status(c, m)).toMatchObject({
      state: 'requested',
      method: 'bank',
      account: { iban: 'IE29 •••• 5678', name: 'Nóra Ó Dálaigh' },
    });
    const ready = async () => (await ok(c.app, healthApi.ready, {})).refunds;
    expect(await ready()).toEqual({
      waiting: 1,
      waiting_cents: 750,
      unsent_files: 0,
      unapproved_files: 0,
      console: 'off',
    });

    // Two makers at once: one file has the transfer, the other nothing.
    const clock = () => c.clock.now;
    const [one, two] = await Promise.all([
      makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR),
      makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR),
    ]);
    const file = (one ?? two)!;
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect(xsdProblems(file.xml)).toBe(true);
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">7.50</InstdAmt>');
    expect(file.xml).toContain('<IBAN>IE29AIBK93115212345678</IBAN>');
    // The name as the SEPA character set writes it.
    expect(file.xml).toContain('<Nm>Nora O Dalaigh</Nm>');
    expect(await makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR)).toBeNull();
    expect(await ready()).toMatchObject({ waiting: 0, unsent_files: 1, unapproved_files: 1 });

    // Sent only once a second person approved it (the morning's job made this one: any person of finance may).
    expect(await markFileSent(c.handle.db, clock, file.id)).toBeNull();
    expect(await approveRefundFile(c.handle.db, clock, file.id, 1)).toMatchObject({ approvedBy: 1 });
    expect(await markFileSent(c.handle.db, clock, file.id)).toBe(1);
    expect(await markFileSent(c.handle.db, clock, file.id)).toBeNull();
    expect(await status(c, m)).toMatchObject({ state: 'paid' });

    // The bank returns it: refused with why, the credit is the member's again, and they may ask again.
    const endToEnd = /<EndToEndId>(CB-\d+-\d+)<\/EndToEndId>/.exec(file.xml)![1]!;
    expect(await enterReturn(c.handle.db, clock, 'CB-999999-1', 'closed')).toBe('unknown');
    expect(await enterReturn(c.handle.db, clock, endToEnd, 'AC04 account closed')).toBe('returned');
    expect(await enterReturn(c.handle.db, clock, endToEnd, 'AC04 account closed')).toBe('notPaid');
    const back = await status(c, m);
    expect(back).toMatchObject({ state: 'refused', amount_cents: 750, can_ask: true });
    expect(back.refused_reason).toBe('your bank returned the transfer (AC04 account closed)');
    expect(await creditOf(c, m)).toBe(750);
    expect(await mailsTo(c, m)).toContain('48: Your credit back was refused');
    expect(
      (await ask(c, m, { method: 'bank', iban: 'DE89 3704 0044 0532 0130 00', account_name: 'Nora Walsh' })).status,
    ).toBe(201);
    const next = (await makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR))!;
    expect(xsdProblems(next.xml)).toBe(true);
    expect(next.xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(next.xml).not.toContain(endToEnd);
    // Each try one ledger row, the return its own: the credit moved out, in, and out again.
    expect((await rowsOf(c, m)).map((r) => r.creditDeltaCents)).toEqual([-750, 750, -750]);
  });

  it('a card that will not take it is refused after a day of tries, and the credit comes back', async () => {
    const c = ctx();
    const m = await leaver(c);
    expect((await ask(c, m, { method: 'card' })).status).toBe(201);
    const failing = {
      refund: async () => {
        throw new Error('800.100.100 refund not possible');
      },
      refundGiven: async () => false,
    };
    for (let i = 0; i < 12; i++) {
      await giveBackCardRefunds({ db: c.handle.db, clock: () => c.clock.now }, failing);
      c.clock.advance(7 * 3_600_000);
    }
    const back = await status(c, { ...m, session: await signIn(c, m) });
    expect(back).toMatchObject({ state: 'refused', refused_reason: 'your card would not take the refund' });
    expect(await creditOf(c, m)).toBe(750);
  });

  it('finance’s old page is gone: a shared Basic credential opens nothing (finance signs in to the staff console)', async () => {
    const c = ctx();
    await leaver(c);
    const basic = {
      authorization: `Basic ${Buffer.from('finance:finance-token-for-the-tests-0000').toString('base64')}`,
    };
    expect((await c.app.request('/finance/refunds')).status).toBe(404);
    expect((await c.app.request('/finance/refunds', { headers: basic })).status).toBe(404);
    const post = await c.app.request('/finance/refunds/files', {
      method: 'POST',
      headers: { ...basic, origin: new URL(c.config.siteUrl).origin },
    });
    expect(post.status).toBe(404);
  });

  it('credit back keeps what is owed: an advance is repaid from the credit first, and an advance owing it all leaves nothing to ask', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, advance: { owedCents: 550, daysAgo: 3 } });
    await portOut(c, m);
    const offered = await status(c, m);
    expect(offered).toMatchObject({ amount_cents: 450, owed_cents: 550, card_cents: 0, can_ask: true });
    expect(offered.message).toContain(
      'You have €4.50 of credit (after €5.50 your top-up advance still owed): ask for it back.',
    );
    expect((await ask(c, m, { method: 'bank', iban: IBAN, account_name: 'Nora Walsh' })).status).toBe(201);
    expect(await creditOf(c, m)).toBe(0);
    const [advance] = await c.handle.db.select().from(schema.advances).where(eq(schema.advances.ssn, m.ssn));
    expect(advance?.owedCents).toBe(0);
    const rows = await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, m.ssn));
    expect(
      rows
        .filter((r) => r.reference?.includes('refund:port-out:'))
        .map((r) => r.creditDeltaCents)
        .sort((a, b) => a - b),
    ).toEqual([-550, -450]);
    const file = (await makeRefundFile(c.handle.db, () => c.clock.now, SANDBOX_DEBTOR))!;
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">4.50</InstdAmt>');

    // advance@'s case: €5.40 of credit, €5.50 owed: nothing to give back, and the screen says why.
    const owing = await createMember(c, { creditCents: 540, advance: { owedCents: 550, daysAgo: 3 } });
    await portOut(c, owing);
    const none = await status(c, owing);
    expect(none).toMatchObject({ amount_cents: 0, owed_cents: 540, can_ask: false });
    expect(none.message).toContain('Your credit goes to the €5.40 your top-up advance owed');
    await refused(
      c.app,
      creditBackApi.request,
      { session: owing.session, params: sim(owing), body: { method: 'card' }, headers: key() },
      creditBackFailures.nothing,
    );
    expect(await creditOf(c, owing)).toBe(540);
  });

  it('what a card paid for goes back to that card, never by transfer: only the rest goes to a bank account', async () => {
    const c = ctx();
    // A card's €9.99 top-up on a line with €15.01 more: the card takes its €9.99, a transfer the rest.
    const m = await leaver(c, { creditCents: 2500 });
    const offered = await status(c, m);
    expect(offered).toMatchObject({ amount_cents: 2500, card_cents: 999, card: { last4: '0000' } });
    expect(offered.message).toContain(
      '€9.99 goes back to your card ending 0000, which paid for it, and €15.01 by bank transfer.',
    );
    await refused(
      c.app,
      creditBackApi.request,
      { session: m.session, params: sim(m), body: { method: 'card' }, headers: key() },
      creditBackFailures.bankForTheRest,
    );
    expect((await ask(c, m, { method: 'bank', iban: IBAN, account_name: 'Nora Walsh' })).status).toBe(201);
    const requested = await status(c, m);
    expect(requested.message).toContain(
      'You asked for €25.00 back (€9.99 to your card ending 0000 and €15.01 by bank transfer to IE29 •••• 5678)',
    );
    const clock = () => c.clock.now;
    const file = (await makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR))!;
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">15.01</InstdAmt>');
    // Sent, but the card's part is not given yet: not paid until both are.
    await approveRefundFile(c.handle.db, clock, file.id, 1);
    expect(await markFileSent(c.handle.db, clock, file.id)).toBe(0);
    expect(await status(c, m)).toMatchObject({ state: 'requested' });
    expect(await giveBackCardRefunds({ db: c.handle.db, clock }, c.payments)).toBe(1);
    expect(c.payments.refunds.filter((r) => r.reference.startsWith('refund:port-out:'))).toEqual([
      {
        paymentId: expect.stringMatching(/^seed-pay-/),
        amountCents: 999,
        reference: expect.stringMatching(/:card:1$/),
      },
    ]);
    expect(await status(c, m)).toMatchObject({ state: 'paid' });

    // A stolen card's top-up asked for by transfer: it all goes back to the card; no transfer is made.
    const thief = await leaver(c);
    expect((await ask(c, thief, { method: 'bank', iban: IBAN, account_name: 'Someone Else' })).status).toBe(201);
    expect(await status(c, thief)).toMatchObject({ method: 'card', card_cents: 750, account: null });
    expect(await makeRefundFile(c.handle.db, clock, SANDBOX_DEBTOR)).toBeNull();
  });

  it('the SEPA file: pain.001.001.09 to its XSD, every script transliterated, a BIC and the payer’s address outside the EEA, the next Irish banking day; .03 when asked', async () => {
    const c = ctx();
    const greek = await createMember(c, { creditCents: 500 });
    const polish = await createMember(c, { creditCents: 600 });
    const nameless = await createMember(c, { creditCents: 700 });
    for (const m of [greek, polish, nameless]) await portOut(c, m);
    expect((await ask(c, greek, { method: 'bank', iban: IBAN, account_name: 'Βασίλης Παπαδόπουλος' })).status).toBe(
      201,
    );
    // A UK account: its bank's BIC is asked (the rulebook, outside the EEA), then carried.
    const uk = { method: 'bank', iban: 'GB29 NWBK 6016 1331 9268 19', account_name: 'Łukasz Żółć' };
    await refused(
      c.app,
      creditBackApi.request,
      { session: polish.session, params: sim(polish), body: uk as never, headers: key() },
      creditBackFailures.bicNeeded,
    );
    expect((await ask(c, polish, { ...uk, bic: 'nwbk gb 2l' })).status).toBe(201);
    // A name the bank's letters cannot write at all is refused when asked, and the credit stays.
    await refused(
      c.app,
      creditBackApi.request,
      {
        session: nameless.session,
        params: sim(nameless),
        body: { method: 'bank', iban: IBAN, account_name: 'ⵜⴰⵎⴰⵣⵉⵖⵜ' },
        headers: key(),
      },
      creditBackFailures.nameUnreadable,
    );
    expect(await creditOf(c, nameless)).toBe(700);

    // Made at 00:30 Irish summer time on a Saturday (23:30 UTC the Friday): requested for the Monday.
    const saturday = () => new Date('2027-06-26T23:30:00Z');
    const file = (await makeRefundFile(c.handle.db, saturday, SANDBOX_DEBTOR))!;
    expect(xsdProblems(file.xml)).toBe(true);
    expect(file.xml).toContain('<ReqdExctnDt><Dt>2027-06-28</Dt></ReqdExctnDt>');
    expect(file.xml).toContain('<Nm>Vasilis Papadopoylos</Nm>');
    expect(file.xml).toContain('<Nm>Lukasz Zolc</Nm>');
    expect(file.xml).toContain('<BICFI>NWBKGB2L</BICFI>');
    expect(file.xml).toMatch(
      /<Dbtr><Nm>48 Sandbox Refunds<\/Nm><PstlAdr><Ctry>IE<\/Ctry><AdrLine>1 Grand Canal Square<\/AdrLine>/,
    );

    // A bank still on the 2019 guideline: .03 when the setting asks, valid against its own XSD.
    const later = await createMember(c, { creditCents: 800 });
    await portOut(c, later);
    expect((await ask(c, later, { method: 'bank', iban: IBAN, account_name: 'Nora Walsh' })).status).toBe(201);
    const old = (await makeRefundFile(c.handle.db, () => c.clock.now, {
      ...SANDBOX_DEBTOR,
      painFormat: 'pain.001.001.03',
    }))!;
    expect(xsdProblems(old.xml, 'pain.001.001.03')).toBe(true);
  });

  it('only a number that left, only its member, only within 12 months, and nothing to give back says so', async () => {
    const c = ctx();
    const m = await leaver(c);
    const stayer = await createMember(c, { creditCents: 500 });
    await refused(
      c.app,
      creditBackApi.status,
      { session: stayer.session, params: sim(stayer) },
      creditBackFailures.notYours,
    );
    // Another member's SIM: not theirs at all.
    expect(
      (await send(c.app, creditBackApi.status, { session: stayer.session, params: { ...sim(stayer), ssn: m.ssn } }))
        .status,
    ).toBe(403);
    const empty = await createMember(c, { creditCents: 0 });
    await portOut(c, empty);
    expect(await status(c, empty)).toMatchObject({ state: 'offered', amount_cents: 0, can_ask: false });
    await refused(
      c.app,
      creditBackApi.request,
      { session: empty.session, params: sim(empty), body: { method: 'card' }, headers: key() },
      creditBackFailures.nothing,
    );
    // A year and a day on (signed in again), the offer has ended.
    c.clock.advance(366 * 86_400_000);
    const session = await signIn(c, m);
    await refused(
      c.app,
      creditBackApi.request,
      { session, params: sim(m), body: { method: 'card' }, headers: key() },
      creditBackFailures.ended,
    );
    expect((await ok(c.app, creditBackApi.status, { session, params: sim(m) }))._payload.can_ask).toBe(false);
  });
});
