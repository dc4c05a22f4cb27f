import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Passkey } from '../../../../contract/passkeys.schema.ts';
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MINUTES } from '../../../../contract/passkeys.ts';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { members, passkeys, webauthnChallenges } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import { useStepUpCode } from '../step-up.ts';

type Member = typeof members.$inferSelect;

/** Who the passkeys are for: the relying party's id (a hostname) and the origin the browser must be on. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** What proves it is the member adding or removing a passkey: the password, or a step-up code. */
export interface Proof {
  password?: string | undefined;
  code?: string | undefined;
}
type ProofFailure = 'wrongPassword' | 'needsProof' | StepUpFailure;

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/** The WebAuthn user handle of a member: its id, not its e-mail (the handle is stored on the device). */
const userHandleOf = (memberId: number) => new TextEncoder().encode(`48:${memberId}`);
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const view = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOf({ db }: ServiceContext, memberId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.memberId, memberId)).orderBy(asc(passkeys.id));
  return rows.map(view);
}

/**
 * The password, or else a step-up code used inside `tx` (a wrong code counts a try: the caller
 * answers the refusal without throwing, so the count is kept).
 */
async function checkProof(tx: Queryable, ctx: ServiceContext, member: Member, proof: Proof) {
  if (proof.password) {
    return (await verifyPassword(proof.password, member.passwordHash))
      ? done(null)
      : refused<ProofFailure>('wrongPassword');
  }
  if (proof.code) return useStepUpCode(tx, ctx.clock, member.id, 'passkey', proof.code);
  return refused<ProofFailure>('needsProof');
}

/** A new challenge row; challenges past their time go as new ones come (nothing else reads them). */
async function keepChallenge(tx: Queryable, now: Date, challenge: string, memberId: number | null) {
  await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await tx.insert(webauthnChallenges).values({
    challenge,
    purpose: memberId === null ? 'sign-in' : 'register',
    memberId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    createdAt: now,
  });
}

/** The challenge a browser's answer signed (from its clientDataJSON), or undefined when unreadable. */
function challengeOf(credential: { response: { clientDataJSON: string } }): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Uses a challenge once: live, unused, of this purpose (and member). Two answers to one challenge: one wins. */
async function useChallenge(tx: Queryable, now: Date, challenge: string, memberId: number | null): Promise<boolean> {
  const used = await tx
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        memberId === null
          ? eq(webauthnChallenges.purpose, 'sign-in')
          : and(eq(webauthnChallenges.purpose, 'register'), eq(webauthnChallenges.memberId, memberId)),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return used.length === 1;
}

/** Adding a passkey, step 1: after the proof, creation options with a challenge for this member. */
export async function startRegistration(ctx: ServiceContext, member: Member, rp: RelyingParty, proof: Proof) {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx): Promise<Outcome<Record<string, unknown>, ProofFailure | 'tooMany'>> => {
    const own = await tx
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.memberId, member.id));
    if (own.length >= MAX_PASSKEYS) return refused('tooMany');
    const allowed = await checkProof(tx, ctx, member, proof);
    if (!allowed.ok) return allowed;
    const options = await generateRegistrationOptions({
      rpName: '48',
      rpID: rp.id,
      userID: userHandleOf(member.id),
      userName: member.email,
      userDisplayName: `${member.firstname} ${member.lastname}`.trim() || member.email,
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      // A device that holds this account's passkey already is not asked to make a second one.
      excludeCredentials: own.map((p) => ({
        id: p.credentialId,
        ...(p.transports ? { transports: p.transports.split(',') as never } : {}),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await keepChallenge(tx, now, options.challenge, member.id);
    return done(options as unknown as Record<string, unknown>);
  });
}

/** Adding a passkey, step 2: the browser's answer checked against the member's live challenge, then kept. */
export async function finishRegistration(
  ctx: ServiceContext,
  member: Member,
  rp: RelyingParty,
  name: string,
  credential: RegistrationResponseJSON,
): Promise<Outcome<Passkey, 'challengeGone' | 'notVerified' | 'alreadyAdded' | 'tooMany'>> {
  const now = ctx.clock();
  const challenge = challengeOf(credential);
  if (!challenge) return refused('notVerified');
  return ctx.db.transaction(async (tx) => {
    if (!(await useChallenge(tx, now, challenge, member.id))) return refused('challengeGone');
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      if (!result.verified) return refused('notVerified');
      info = result.registrationInfo;
    } catch {
      return refused('notVerified');
    }
    // Counted again under the member's lock: two registrations at once cannot pass the limit together.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.memberId, member.id));
    if ((held?.n ?? 0) >= MAX_PASSKEYS) return refused('tooMany');
    const [row] = await tx
      .insert(passkeys)
      .values({
        memberId: member.id,
        credentialId: info.credential.id,
        publicKey: b64url(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(','),
        name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row ? done(view(row)) : refused('alreadyAdded');
  });
}

/** Removing a passkey: the proof again; only the member's own. */
export async function removePasskey(
  ctx: ServiceContext,
  member: Member,
  passkeyId: number,
  proof: Proof,
): Promise<Outcome<null, ProofFailure | 'noSuchPasskey'>> {
  return ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.memberId, member.id)))
      .for('update');
    if (!own) return refused('noSuchPasskey');
    const allowed = await checkProof(tx, ctx, member, proof);
    if (!allowed.ok) return allowed;
    await tx.delete(passkeys).where(eq(passkeys.id, passkeyId));
    return done(null);
  });
}

/** A passkey sign-in, step 1: request options for any passkey of the site (the browser offers the member's own). */
export async function startSignIn(ctx: ServiceContext, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_MS,
    userVerification: 'preferred',
  });
  await ctx.db.transaction((tx) => keepChallenge(tx, ctx.clock(), options.challenge, null));
  return options as unknown as Record<string, unknown>;
}

/**
 * A passkey sign-in, step 2: the live challenge used once, the passkey found by its id, the
 * signature checked with its public key, the counter moved on (a copied authenticator is refused),
 * and the member it belongs to, whose user handle the answer must carry, if it carries one.
 */
export async function finishSignIn(
  ctx: ServiceContext,
  rp: RelyingParty,
  credential: AuthenticationResponseJSON,
): Promise<Outcome<Member, 'challengeGone' | 'signInRefused'>> {
  const now = ctx.clock();
  const challenge = challengeOf(credential);
  if (!challenge) return refused('signInRefused');
  return ctx.db.transaction(async (tx) => {
    if (!(await useChallenge(tx, now, challenge, null))) return refused('challengeGone');
    const [key] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credential.id)).for('update');
    if (!key) return refused('signInRefused');
    const handle = credential.response.userHandle;
    if (handle && handle !== b64url(userHandleOf(key.memberId))) return refused('signInRefused');
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          ...(key.transports ? { transports: key.transports.split(',') as never } : {}),
        },
        requireUserVerification: false,
      });
      if (!result.verified) return refused('signInRefused');
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      return refused('signInRefused');
    }
    await tx
      .update(passkeys)
      .set({ counter: sql`greatest(${passkeys.counter}, ${newCounter})`, lastUsedAt: now })
      .where(eq(passkeys.id, key.id));
    const [member] = await tx.select().from(members).where(eq(members.id, key.memberId));
    return member ? done(member) : refused('signInRefused');
  });
}
