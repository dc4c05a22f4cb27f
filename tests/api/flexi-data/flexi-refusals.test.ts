import { expect, it } from 'vitest';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { flexiDataApi, flexiFailures } from '../../../src/contract/flexi-data.schema.ts';
import { catalogues } from '../../../src/contract/i18n/messages.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok, refused } from '../support/client.ts';
import { forEachDatabase } from '../support/harness.ts';

/**
 * The flexible-data refusals are one rule (contract flexiRefusal): the server decides
 * with it on the rows it locks, and the overview the screen reads gives it the same facts. Members
 * made by builders, calls typed by the contract.
 */
forEachDatabase('flexi_refusals', { seed: 'catalogue' }, (ctx) => {
  const sim = (m: { userId: number; ssn: string }) => ({ user_id: m.userId, ssn: m.ssn });
  /** A member asking a flexible-data action for an amount, as the screen asks. */
  const asking = (m: BuiltMember, amountGb: number) => ({
    session: m.session,
    params: sim(m),
    body: { amount_gb: amountGb },
  });

  it('1 GB unused is enough to donate; a KB less is low balance', async () => {
    const enough = await createMember(ctx(), { membership: { sku: 'BDDT00', usedGb: 29 } });
    const low = await createMember(ctx(), { membership: { sku: 'BDDT00', usedGb: 29 + 1 / KB_PER_GB } });
    const given = await ok(ctx().app, flexiDataApi.donate, asking(enough, 1));
    expect(given._payload).toMatchObject({ unused_kb: 0 });
    await refused(ctx().app, flexiDataApi.donate, asking(low, 1), flexiFailures.donate.lowBalance);
  });

  it('unlimited data: nothing to donate, swap or unlock', async () => {
    const unlimited = await createMember(ctx(), { membership: { sku: 'BDDV00' }, safeGb: 2 });
    await refused(ctx().app, flexiDataApi.donate, asking(unlimited, 1), flexiFailures.donate.notAvailable);
    await refused(ctx().app, flexiDataApi.swap, asking(unlimited, 1), flexiFailures.swap.notAvailable);
    await refused(ctx().app, flexiDataApi.unlock, asking(unlimited, 1), flexiFailures.unlock.unlimitedToUnlock);
  });

  it('The Safe with less than 1 GB has nothing to unlock; with 1 GB, 2 GB is more than it holds', async () => {
    const little = await createMember(ctx(), { membership: { sku: 'BDDT00' }, safeGb: 0.5 });
    await refused(ctx().app, flexiDataApi.unlock, asking(little, 1), flexiFailures.unlock.safeEmpty);
    const one = await createMember(ctx(), { membership: { sku: 'BDDT00' }, safeGb: 1 });
    await refused(ctx().app, flexiDataApi.unlock, asking(one, 2), flexiFailures.unlock.safeTooLittle);
    const unlocked = await ok(ctx().app, flexiDataApi.unlock, asking(one, 1));
    expect(unlocked._payload.balance_kb).toBe(0);
  });

  it('no membership: every action is refused with the same code, and the overview says why before trying', async () => {
    const none = await createMember(ctx(), { creditCents: 500 });
    const overview = await ok(ctx().app, flexiDataApi.overview, { session: none.session, params: sim(none) });
    expect(overview._payload.membership).toBeNull();
    for (const [endpoint, failure] of [
      [flexiDataApi.donate, flexiFailures.donate.noMembership],
      [flexiDataApi.save, flexiFailures.save.noMembership],
      [flexiDataApi.swap, flexiFailures.swap.noMembership],
    ] as const)
      await refused(ctx().app, endpoint, asking(none, 1), failure);
  });

  it('once a month: after a save, a donation is refused as already saved', async () => {
    const m = await createMember(ctx(), { membership: { sku: 'BDDT00', usedGb: 10 } });
    await ok(ctx().app, flexiDataApi.save, asking(m, 2));
    const { message } = await refused(ctx().app, flexiDataApi.donate, asking(m, 1), flexiFailures.donate.alreadySaved);
    expect(message).toBe(flexiFailures.donate.alreadySaved.message);
  });

  it('in the member’s language: a Polish member’s refusals are the action’s own words in Polish, the codes the same; a carryover says so in Polish', async () => {
    const low = await createMember(ctx(), {
      language: 'pl',
      membership: { sku: 'BDDT00', usedGb: 29 + 1 / KB_PER_GB },
    });
    await refused(ctx().app, flexiDataApi.donate, asking(low, 1), {
      ...flexiFailures.donate.lowBalance,
      message: catalogues.pl['error.flexi.lowBalance.donate'],
    });
    await refused(
      ctx().app,
      flexiDataApi.carryover,
      { session: low.session, params: sim(low) },
      { ...flexiFailures.carryover.lowBalance, message: 'Przeniesienie niedostępne z powodu niskiego stanu!' },
    );
    const irish = await createMember(ctx(), { language: 'ga', membership: { sku: 'BDDT00', usedGb: 27.5 } });
    await refused(ctx().app, flexiDataApi.swap, asking(irish, 5), {
      ...flexiFailures.swap.tooMuch,
      message: catalogues.ga['error.flexi.tooMuch'],
    });
    const polish = await createMember(ctx(), { language: 'pl', membership: { sku: 'BDDT00', usedGb: 27.5 } });
    const carried = await ok(ctx().app, flexiDataApi.carryover, { session: polish.session, params: sim(polish) });
    expect(carried._payload.message).toBe('2,50 GB czeka teraz na Ciebie w przyszłości.');
  });
});
