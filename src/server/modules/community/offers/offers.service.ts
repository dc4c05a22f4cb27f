import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import {
  OFFER_BAGS,
  PARTNER_CAMPAIGNS,
  STUDENT_CODE_MINUTES,
  STUDENT_CODE_TRIES,
  type CampaignSlug,
} from '../../../../contract/offers.schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import type { Queryable } from '../../../db/client.ts';
import { members, offerClaims, offerCodes, products, sims, studentCodes } from '../../../db/schema.ts';
import type { Promotion, Promotions, PublishedContent } from '../../../integrations/content/index.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import { bulkMembershipEligible, giveGoodyBag, recordMove } from '../../money/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { sameSecret, sha256 } from '../../../kernel/tokens.ts';

type Ctx = ServiceContext & { content: PublishedContent };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Content dates are calendar days ("2024-04-15" or an ISO instant at its midnight). */
const dayIn = (value: string) => value.slice(0, 10);

/**
 * The dated offers as they stand today (Irish day): back to school while on or before its end; one
 * month free inside its window. Their words in `language` where the translation has them, each
 * saying the language its words are in (English where not).
 */
export async function promotions({ clock, content }: Ctx, language: Locale = DEFAULT_LOCALE) {
  const [p, translated] = await Promise.all([content.promotions(), content.promotionWords()]);
  const today = dayOf(clock());
  const bts = p['back-to-school'];
  const omf = p['one-month-free'];
  const wordsOf = (id: keyof Promotions, english: Promotion) => {
    const own = language === DEFAULT_LOCALE ? undefined : translated[language]?.[id];
    return own?.heading && own.body
      ? { heading: own.heading, body: own.body, language }
      : { heading: english.heading, body: english.body, language: DEFAULT_LOCALE };
  };
  return {
    back_to_school: {
      eligible: bts.enabled === 'true' && today <= dayIn(bts.ends),
      ends: dayIn(bts.ends),
      ...wordsOf('back-to-school', bts),
    },
    one_month_free: {
      open: freeMonthOpen(omf, today),
      upcoming: omf.enabled === 'true' && !!omf.starts && today < dayIn(omf.starts),
      starts: dayIn(omf.starts ?? omf.ends),
      ends: dayIn(omf.ends),
      purchase_deadline: omf.purchase_deadline ? dayIn(omf.purchase_deadline) : null,
      ...wordsOf('one-month-free', omf),
    },
  };
}
const freeMonthOpen = (omf: Awaited<ReturnType<PublishedContent['promotions']>>['one-month-free'], today: string) =>
  omf.enabled === 'true' && (!omf.starts || dayIn(omf.starts) <= today) && today <= dayIn(omf.ends);

async function claimOf(db: Queryable, kind: string, memberId: number) {
  const [row] = await db
    .select()
    .from(offerClaims)
    .where(and(eq(offerClaims.kind, kind), eq(offerClaims.memberId, memberId)))
    .limit(1);
  return row;
}

export async function memberOffers({ db }: Ctx, memberId: number) {
  const [student, allowance, presale] = await Promise.all([
    claimOf(db, 'student', memberId),
    claimOf(db, 'free-allowance', memberId),
    claimOf(db, 'presale', memberId),
  ]);
  return {
    student: { applied: Boolean(student), email: student?.subject ?? null, claimed_at: iso(student?.claimedAt) },
    free_allowance: { claimed: Boolean(allowance), claimed_at: iso(allowance?.claimedAt) },
    presale: { code: presale?.subject ?? null },
    bulk_membership: await bulkMembershipEligible(db, memberId),
  };
}

async function activeSimOf(db: Queryable, memberId: number) {
  const [sim] = await db
    .select({ ssn: sims.ssn })
    .from(sims)
    .where(and(eq(sims.memberId, memberId), eq(sims.status, 'active')))
    .orderBy(asc(sims.ssn))
    .limit(1);
  return sim?.ssn ?? null;
}

/**
 * Records a claim and, for offers that give data, its goody bag on the member's active SIM with
 * one ledger row (offer:<claim id>). The unique indexes refuse a second claim of the subject or
 * (once-per-member offers) of the member: the insert does nothing then, and the caller learns which.
 */
async function claim(
  tx: Queryable,
  now: Date,
  c: { kind: string; memberId: number; subject: string; oncePerMember: boolean; ssn?: string | null; bag?: string },
) {
  const [row] = await tx
    .insert(offerClaims)
    .values({
      kind: c.kind,
      memberId: c.memberId,
      subject: c.subject,
      oncePerMember: c.oncePerMember,
      ssn: c.ssn ?? null,
      claimedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (!c.bag || !c.ssn) return { claim: row, bag: null };
  const [product] = await tx.select().from(products).where(eq(products.sku, c.bag));
  if (!product?.dataKb) throw new Error(`offer goody bag ${c.bag} is not in the catalogue`);
  const expiresAt = new Date(now.getTime() + product.days * 86_400_000);
  await giveGoodyBag(tx, { ssn: c.ssn, sku: product.sku, kb: product.dataKb, expiresAt });
  await recordMove(tx, {
    ssn: c.ssn,
    at: now,
    kind: 'offer',
    description: product.name,
    dataDeltaKb: product.dataKb,
    reference: `offer:${row.id}`,
  });
  return {
    claim: row,
    bag: { product_sku: product.sku, name: product.name, data_kb: product.dataKb, expires_at: expiresAt.toISOString() },
  };
}

/** Why a claim's insert did nothing: the subject was taken by someone, or the member has one of this kind. */
async function whyNot(db: Queryable, kind: string, memberId: number): Promise<'member' | 'subject'> {
  return (await claimOf(db, kind, memberId)) ? 'member' : 'subject';
}

// ——— Student offer ———

export async function sendStudentCode(
  { db, clock, content }: Ctx,
  member: { id: number; firstname: string; language: Locale },
  email: string,
): Promise<
  Outcome<{ sent_to: string; expires_in_minutes: number }, 'notStudentDomain' | 'studentApplied' | 'addressTaken'>
> {
  const domain = email.split('@')[1] ?? '';
  if (!(await content.studentDomains()).includes(domain)) return refused('notStudentDomain');
  if (await claimOf(db, 'student', member.id)) return refused('studentApplied');
  const [taken] = await db
    .select({ id: offerClaims.id })
    .from(offerClaims)
    .where(and(eq(offerClaims.kind, 'student'), eq(offerClaims.subject, email)));
  if (taken) return refused('addressTaken');
  const now = clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // A new code ends the earlier ones.
    await tx
      .update(studentCodes)
      .set({ usedAt: now })
      .where(and(eq(studentCodes.memberId, member.id), isNull(studentCodes.usedAt)));
    await tx.insert(studentCodes).values({
      memberId: member.id,
      email,
      codeHash: sha256(`${email}:${code}`),
      expiresAt: new Date(now.getTime() + STUDENT_CODE_MINUTES * 60_000),
      createdAt: now,
    });
    // In the member's language (docs/product/languages.md).
    const values = { name: member.firstname, code, minutes: STUDENT_CODE_MINUTES };
    await sendMail(tx, clock, {
      to: email,
      subject: message(member.language, 'mail.student.subject'),
      body: message(member.language, 'mail.student.body', values),
    });
  });
  return done({ sent_to: email, expires_in_minutes: STUDENT_CODE_MINUTES });
}

export async function applyStudentOffer({ db, clock }: Ctx, memberId: number, email: string, code: string) {
  type R = 'wrongCode' | 'codeExpired' | 'tooManyTries' | 'noActiveSim' | 'studentApplied' | 'addressTaken';
  const now = clock();
  return db.transaction(
    async (tx): Promise<Outcome<{ goody_bag: NonNullable<Awaited<ReturnType<typeof claim>>>['bag'] & object }, R>> => {
      // The member's row is the lock: two tries at once are counted one after the other.
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
      const [row] = await tx
        .select()
        .from(studentCodes)
        .where(
          and(
            eq(studentCodes.memberId, memberId),
            eq(studentCodes.email, email),
            isNull(studentCodes.usedAt),
            gt(studentCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(studentCodes.id))
        .limit(1);
      if (!row) return refused('codeExpired');
      if (row.tries >= STUDENT_CODE_TRIES) return refused('tooManyTries');
      if (!sameSecret(sha256(`${email}:${code}`), row.codeHash)) {
        await tx
          .update(studentCodes)
          .set({ tries: sql`${studentCodes.tries} + 1` })
          .where(eq(studentCodes.id, row.id));
        return row.tries + 1 >= STUDENT_CODE_TRIES
          ? refused('tooManyTries')
          : refused('wrongCode', { triesLeft: STUDENT_CODE_TRIES - row.tries - 1 });
      }
      const ssn = await activeSimOf(tx, memberId);
      if (!ssn) return refused('noActiveSim');
      await tx.update(studentCodes).set({ usedAt: now }).where(eq(studentCodes.id, row.id));
      const made = await claim(tx, now, {
        kind: 'student',
        memberId,
        subject: email,
        oncePerMember: true,
        ssn,
        bag: OFFER_BAGS.student,
      });
      if (!made?.bag)
        return refused((await whyNot(tx, 'student', memberId)) === 'member' ? 'studentApplied' : 'addressTaken');
      return done({ goody_bag: made.bag });
    },
  );
}

// ——— One month free ———

export async function applyFreeAllowance({ db, clock, content }: Ctx, memberId: number) {
  const now = clock();
  if (!freeMonthOpen((await content.promotions())['one-month-free'], dayOf(now))) return refused('outsideWindow');
  return db.transaction(async (tx) => {
    const ssn = await activeSimOf(tx, memberId);
    if (!ssn) return refused('noActiveSim');
    const made = await claim(tx, now, {
      kind: 'free-allowance',
      memberId,
      subject: `member:${memberId}`,
      oncePerMember: true,
      ssn,
      bag: OFFER_BAGS.freeAllowance,
    });
    if (!made?.bag) return refused('allowanceClaimed');
    return done({ goody_bag: made.bag });
  });
}

// ——— Partner campaigns ———

const voucherKind = (slug: CampaignSlug) => `voucher:${slug}`;
const voucherAnswer = (slug: CampaignSlug, row?: { subject: string; claimedAt: Date }) => ({
  campaign: slug,
  partner: PARTNER_CAMPAIGNS[slug].partner,
  reward: PARTNER_CAMPAIGNS[slug].reward,
  voucher: row?.subject ?? null,
  claimed_at: iso(row?.claimedAt),
});

export async function campaignDetails({ db }: Ctx, memberId: number, slug: CampaignSlug) {
  return voucherAnswer(slug, await claimOf(db, voucherKind(slug), memberId));
}

/** Joins a campaign: the member's voucher if they have one, else the next free one (skipping those others are taking). */
export async function joinCampaign(
  { db, clock }: Ctx,
  memberId: number,
  slug: CampaignSlug,
): Promise<Outcome<ReturnType<typeof voucherAnswer>, 'noVouchers'>> {
  const kind = voucherKind(slug);
  const mine = await claimOf(db, kind, memberId);
  if (mine) return done(voucherAnswer(slug, mine));
  const now = clock();
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      const [free] = await tx
        .select({ code: offerCodes.code })
        .from(offerCodes)
        .where(
          and(
            eq(offerCodes.kind, kind),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(offerClaims)
                .where(and(eq(offerClaims.kind, kind), eq(offerClaims.subject, offerCodes.code))),
            ),
          ),
        )
        .orderBy(asc(offerCodes.code))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!free) return 'none' as const;
      return (await claim(tx, now, { kind, memberId, subject: free.code, oncePerMember: true }))
        ? ('claimed' as const)
        : ('lost' as const);
    });
    if (outcome === 'none') return refused('noVouchers');
    // Claimed, or another request of this member claimed one meanwhile: either way the member has one now.
    const row = await claimOf(db, kind, memberId);
    if (row) return done(voucherAnswer(slug, row));
  }
  return refused('noVouchers');
}

// ——— Presale codes ———

export async function presaleCodeOf({ db }: Ctx, memberId: number) {
  return (await claimOf(db, 'presale', memberId))?.subject ?? null;
}

export async function setPresaleCode(
  { db, clock }: Ctx,
  memberId: number,
  code: string,
): Promise<Outcome<{ code: string }, 'unknownPresaleCode' | 'presaleTaken' | 'hasPresaleCode'>> {
  const [known] = await db
    .select()
    .from(offerCodes)
    .where(and(eq(offerCodes.code, code), eq(offerCodes.kind, 'presale')));
  if (!known) return refused('unknownPresaleCode');
  const mine = await claimOf(db, 'presale', memberId);
  if (mine) return mine.subject === code ? done({ code }) : refused('hasPresaleCode');
  const made = await claim(db, clock(), { kind: 'presale', memberId, subject: code, oncePerMember: true });
  if (made) return done({ code });
  const now = await claimOf(db, 'presale', memberId);
  if (now?.subject === code) return done({ code });
  return refused(now ? 'hasPresaleCode' : 'presaleTaken');
}

// ——— feelsmug ———

export async function redeemFeelsmug({ db, clock }: Ctx, memberId: number, code: string) {
  const [known] = await db
    .select()
    .from(offerCodes)
    .where(and(eq(offerCodes.code, code), eq(offerCodes.kind, 'feelsmug')));
  if (!known) return refused('unknownSmugCode');
  return db.transaction(async (tx) => {
    const ssn = await activeSimOf(tx, memberId);
    if (!ssn) return refused('noActiveSim');
    const made = await claim(tx, clock(), {
      kind: 'feelsmug',
      memberId,
      subject: code,
      oncePerMember: false,
      ssn,
      bag: OFFER_BAGS.feelsmug,
    });
    if (!made?.bag) return refused('smugUsed');
    return done({ goody_bag: made.bag });
  });
}
