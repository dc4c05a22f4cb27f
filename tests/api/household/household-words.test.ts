import { expect, it } from 'vitest';
import { householdRequestsApi } from '../../../src/contract/household-requests.schema.ts';
import { householdApi, householdFailures } from '../../../src/contract/household.schema.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { joinHousehold } from '../support/household.ts';
import { forEachDatabase } from '../support/harness.ts';

/**
 * The household's answers in the member's language (docs/product/languages.md): what each action
 * says, what a request asks for and why a step is refused are the owner's language to the owner and
 * the line's to the line; the code never changes.
 */
const withPlan = { membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 1 } } as const;
const user = (m: BuiltMember) => ({ user_id: m.userId });
const spaced = (msisdn: string) => `${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}`;

forEachDatabase('household words', (ctx) => {
  it('a Polish owner is answered in Polish and an English line in English, about the same request', async () => {
    const c = ctx();
    const owner = await createMember(c, {
      ...withPlan,
      creditCents: 5000,
      firstname: 'Zofia',
      lastname: 'Nowak',
      language: 'pl',
    });
    const line = await createMember(c, { ...withPlan, creditCents: 0, firstname: 'Aoife', lastname: 'Byrne' });

    // The invitation's answer, and a refusal (the owner's own number), in Polish; the code as it was.
    const invited = await ok(c.app, householdApi.invite, {
      session: owner.session,
      params: user(owner),
      body: { msisdn: line.msisdn },
    });
    expect(invited._payload.message).toBe(
      `Wysłaliśmy kod e-mailem do członka z numerem ${spaced(line.msisdn)}. Przyjmie zaproszenie w swoim my48 (Ustawienia → Gospodarstwo domowe) w ciągu 10 minut.`,
    );
    await refused(
      c.app,
      householdApi.invite,
      { session: owner.session, params: user(owner), body: { msisdn: owner.msisdn } },
      {
        ...householdFailures.ownNumber,
        message: 'To numer z Twojego własnego konta: gospodarstwo domowe jest na linie innych członków.',
      },
    );
    // Joining anew ends the first invitation; the line answers the second.
    await joinHousehold(c, owner, line);

    // The English line asks for credit: its answer, and what it asked, in English.
    const asked = await send(c.app, householdRequestsApi.ask, {
      session: line.session,
      params: { ...user(line), ssn: line.ssn },
      body: { kind: 'credit', amount_cents: 1000 },
    });
    expect(asked.status).toBe(201);
    const request = ((await asked.json()) as { _payload: { id: number; what: string; message: string } })._payload;
    expect(request).toMatchObject({ what: '€10.00 credit', message: 'Asked. Your household has been told.' });

    // The owner reads it in Polish, and approves in Polish.
    const seen = (await ok(c.app, householdApi.household, { session: owner.session, params: user(owner) }))._payload;
    expect(seen.requests.find((r) => r.id === request.id)?.what).toMatch(/^10,00\s€ na koncie$/);
    const approved = await ok(c.app, householdRequestsApi.approve, {
      session: owner.session,
      params: { ...user(owner), id: String(request.id) },
      body: { from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(approved._payload.message).toMatch(/^Zatwierdzono: 10,00\s€ na koncie dla: Aoife Byrne\.$/);

    // A control changed for the line: its answer says the filter's name in Polish.
    const filtered = await ok(c.app, householdApi.setFilter, {
      session: owner.session,
      params: { ...user(owner), ssn: line.ssn, filter: 'contentFilter' },
      body: { on: true },
    });
    expect(filtered._payload.message).toBe('Filtr treści dla dorosłych: włączanie w sieci…');
    // The line's history in Polish to the owner, in English to the line; the record is kept in English.
    expect(filtered._payload.history[0]).toMatchObject({
      actor: 'Zofia Nowak',
      text: 'włączenie: filtr treści dla dorosłych.',
    });
    const theirs = await ok(c.app, householdApi.controls, {
      session: line.session,
      params: { ...user(line), ssn: line.ssn },
    });
    expect(theirs._payload.history[0]).toMatchObject({
      actor: 'Zofia Nowak',
      text: 'switched on the adult content filter.',
    });
    // The line reads its own request answered, in English.
    const mine = (await ok(c.app, householdApi.household, { session: line.session, params: user(line) }))._payload;
    expect(mine.requests.find((r) => r.id === request.id)).toMatchObject({
      what: '€10.00 credit',
      state: 'approved',
    });
  });
});
