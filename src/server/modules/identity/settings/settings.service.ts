import type { Locale } from '../../../../contract/i18n/locales.ts';
import { eq } from 'drizzle-orm';
import type { ContactPreferences, MarketingPermissions } from '../../../../contract/settings.schema.ts';
import { contactPreferences, marketingPermissions, members } from '../../../db/schema.ts';
import { contactPreferencesOf } from '../contact-preferences.ts';
import { endSessions } from '../sessions.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { hashPassword, verifyPassword } from '../../../kernel/passwords.ts';

type Member = typeof members.$inferSelect;

const permissionsOf = (p: typeof marketingPermissions.$inferSelect | undefined): MarketingPermissions => ({
  email: p?.email ?? false,
  sms: p?.sms ?? false,
  phone: p?.phone ?? false,
  post: p?.post ?? false,
  social: p?.social ?? false,
  // Spec section 9: the default social-media preference is Snapchat.
  social_preference: (p?.socialPreference ?? 'Snapchat') as MarketingPermissions['social_preference'],
});

export async function changeName(
  { db }: ServiceContext,
  memberId: number,
  name: { firstname: string; lastname: string; nickname?: string | undefined },
): Promise<Member> {
  const [member] = await db
    .update(members)
    .set({ firstname: name.firstname, lastname: name.lastname, ...(name.nickname ? { nickname: name.nickname } : {}) })
    .where(eq(members.id, memberId))
    .returning();
  return member!;
}

/** The language the portal speaks to the member in from now on (their answers' messages). */
export async function setLanguage({ db }: ServiceContext, memberId: number, language: Locale): Promise<Locale> {
  await db.update(members).set({ language }).where(eq(members.id, memberId));
  return language;
}

export async function permissionsOfMember({ db }: ServiceContext, memberId: number): Promise<MarketingPermissions> {
  const [row] = await db.select().from(marketingPermissions).where(eq(marketingPermissions.memberId, memberId));
  return permissionsOf(row);
}

/** Saves the choices; the member has now been asked, so the log-in stops asking (capture_marketing_permissions). */
export async function savePermissions(
  { db, clock }: ServiceContext,
  memberId: number,
  b: MarketingPermissions,
): Promise<MarketingPermissions> {
  const values = {
    email: b.email,
    sms: b.sms,
    phone: b.phone,
    post: b.post,
    social: b.social,
    socialPreference: b.social_preference,
    updatedAt: clock(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(marketingPermissions)
      .values({ memberId, ...values })
      .onConflictDoUpdate({ target: marketingPermissions.memberId, set: values })
      .returning();
    await tx.update(members).set({ captureMarketingPermissions: false }).where(eq(members.id, memberId));
    return permissionsOf(row);
  });
}

/** A new password after the current one is confirmed; every other session of the member ends with it. */
export async function changePassword(
  { db, clock }: ServiceContext,
  member: Member,
  sessionId: number,
  passwords: { current_password: string; new_password: string },
): Promise<Outcome<null, 'wrongCurrentPassword'>> {
  if (!(await verifyPassword(passwords.current_password, member.passwordHash))) return refused('wrongCurrentPassword');
  const passwordHash = await hashPassword(passwords.new_password);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash, isPasswordCompliant: true }).where(eq(members.id, member.id));
    // The other sessions end, and with them the push subscriptions their devices made.
    await endSessions(tx, { memberId: member.id, except: sessionId }, clock());
  });
  return done(null);
}

const preferencesOf = (p: typeof contactPreferences.$inferSelect | undefined): ContactPreferences => ({
  large_print: p?.largePrint ?? false,
  no_phone_calls: p?.noPhoneCalls ?? false,
  email_only: p?.emailOnly ?? false,
  representative_name: p?.representativeName ?? null,
  representative_relationship: p?.representativeRelationship ?? null,
  notes: p?.notes ?? null,
});

export async function contactPreferencesOfMember(
  { db }: ServiceContext,
  memberId: number,
): Promise<ContactPreferences> {
  return preferencesOf(await contactPreferencesOf(db, memberId));
}

/** How we contact you: saved as a whole (the help desk reads it with the member's next tickets). */
export async function saveContactPreferences(
  { db, clock }: ServiceContext,
  memberId: number,
  p: ContactPreferences,
): Promise<ContactPreferences> {
  const values = {
    largePrint: p.large_print,
    noPhoneCalls: p.no_phone_calls,
    emailOnly: p.email_only,
    representativeName: p.representative_name,
    representativeRelationship: p.representative_relationship,
    notes: p.notes,
    updatedAt: clock(),
  };
  const [row] = await db
    .insert(contactPreferences)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: contactPreferences.memberId, set: values })
    .returning();
  return preferencesOf(row);
}
