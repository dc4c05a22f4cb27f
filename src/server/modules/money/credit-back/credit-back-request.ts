import type { Locale } from '../../../../contract/i18n/locales.ts';
import { eq } from 'drizzle-orm';
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { euro } from '../../../../contract/format.ts';
import { type CreditBack, type CreditBackRefusal } from '../../../../contract/port-out-credit.schema.ts';
import { type CreditBackMethod } from '../../../../contract/port-out-credit.ts';
import { cardRefunds, creditBacks, ledger } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { owedOn, repayAdvance } from '../advance/advance.ts';
import { sepaNameReadable } from './sepa-text.ts';
import { changeCredit } from '../balance/credit.ts';
import { NON_EEA_SEPA_COUNTRIES } from '../../../../contract/port-out-credit.ts';
import { lockedCredit } from '../memberships/memberships.ts';
import { cardParts, masked, ownRow, statusOf, tell, tryOf } from './credit-back.ts';

/** A member asks for their credit back: to the cards it came from, the rest by transfer to an IBAN. */

/** Whether an IBAN is of a SEPA country outside the EEA (the rulebook asks the beneficiary bank's BIC there). */
const outsideEea = (iban: string) => (NON_EEA_SEPA_COUNTRIES as readonly string[]).includes(iban.slice(0, 2));

/** The IBAN as a bank reads it, or why not: its checksum, and a SEPA country. */
export function ibanProblem(raw: string): { iban: string } | { problem: 'ibanWrong' | 'ibanNotSepa' } {
  const iban = electronicFormatIBAN(raw) ?? '';
  if (!isValidIBAN(iban)) return { problem: 'ibanWrong' };
  const country = extractIBAN(iban).countryCode ?? '';
  return isSEPACountry(country) ? { iban } : { problem: 'ibanNotSepa' };
}

export async function requestCreditBack(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  how: { method: 'card' } | { method: 'bank'; iban: string; account_name: string; bic?: string | undefined },
  language: Locale = 'en',
): Promise<Outcome<CreditBack, CreditBackRefusal>> {
  const bank = how.method === 'bank' ? ibanProblem(how.iban) : null;
  if (bank && 'problem' in bank) return refused(bank.problem);
  // The beneficiary's name is mandatory in the bank's file: one that leaves nothing in its letters is refused now.
  if (how.method === 'bank' && !sepaNameReadable(how.account_name)) return refused('nameUnreadable');
  const bic = how.method === 'bank' && how.bic ? how.bic : null;
  if (bank && 'iban' in bank && outsideEea(bank.iban) && !bic) return refused('bicNeeded');
  return db.transaction(async (tx) => {
    const now = clock();
    const row = await ownRow(tx, memberId, ssn, true);
    if (!row) return refused('notYours');
    if (row.state === 'requested') return refused('asked');
    if (row.offerUntil <= now) return refused('ended');
    const credit = (await lockedCredit(tx, ssn)) ?? 0;
    // What a top-up advance still owes is repaid from the credit first: only the rest is the member's to take.
    const owed = Math.min(credit, await owedOn(tx, ssn));
    const payable = credit - owed;
    if (payable <= 0) return refused(row.state === 'paid' ? 'asked' : 'nothing');
    const parts = await cardParts(tx, ssn, payable, now);
    const cardCents = parts.reduce((sum, p) => sum + p.cents, 0);
    const bankCents = payable - cardCents;
    if (bankCents > 0 && how.method !== 'bank') return refused(cardCents > 0 ? 'bankForTheRest' : 'noCard');
    // Each try has its own cause (a refused one gave the credit back): one row per try, by the unique index.
    const reference = `refund:port-out:${row.id}:${tryOf(row.reference) + 1}`;
    const method: CreditBackMethod = bankCents > 0 ? 'bank' : 'card';
    const iban = bankCents > 0 && bank && 'iban' in bank ? bank.iban : null;
    if (owed > 0) await repayAdvance(tx, ssn, now, reference);
    await changeCredit(tx, ssn, -payable, now, { numberGone: true });
    await tx.insert(ledger).values({
      ssn,
      occurredAt: now,
      kind: 'credit-back',
      description: `Credit back after your number moved: ${paidHow(cardCents, parts[0]?.last4 ?? null, bankCents, iban ? masked(iban) : null)}`,
      creditDeltaCents: -payable,
      reference,
    });
    const [updated] = await tx
      .update(creditBacks)
      .set({
        state: 'requested',
        reference,
        method,
        amountCents: payable,
        cardCents,
        paymentId: parts[0]?.paymentId ?? null,
        cardLast4: parts[0]?.last4 ?? null,
        iban,
        accountName: iban && how.method === 'bank' ? how.account_name.trim() : null,
        bic: iban ? bic : null,
        requestedAt: now,
        paidAt: null,
        refusedAt: null,
        refusedReason: null,
        fileId: null,
      })
      .where(eq(creditBacks.id, row.id))
      .returning();
    // Card refunds go through the provider by the minute's jobs, outside this transaction: one a payment.
    for (const [i, part] of parts.entries())
      await tx.insert(cardRefunds).values({
        reference: `${reference}:card:${i + 1}`,
        paymentId: part.paymentId,
        cents: part.cents,
        nextAttemptAt: now,
        createdAt: now,
      });
    await tell(tx, clock, updated!, 'Requested');
    return done(await statusOf(tx, updated!, now, language));
  });
}

/** How a credit back is paid, in words: "€7.50 to your card ending 4242 and €2.00 by bank transfer to IE29 •••• 5678". */
const paidHow = (cardCents: number, last4: string | null, bankCents: number, iban: string | null) =>
  [
    cardCents > 0 ? `${euro(cardCents)} to your card ending ${last4 ?? ''}` : null,
    bankCents > 0 ? `${euro(bankCents)} by bank transfer to ${iban ?? 'your account'}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
