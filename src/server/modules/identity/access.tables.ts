import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STEP_UP_PURPOSES } from '../../../contract/step-up.schema.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberColumn, members } from './members.tables.ts';

/** What an e-mail token is for (server-side only). */
const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'change'] as const;

const WEBAUTHN_PURPOSES = ['register', 'sign-in'] as const;

export const sessions = pgTable(
  'sessions',
  {
    id: rowId(),
    memberId: memberColumn(),
    /** SHA-256 of the x-gg-auth token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the HttpOnly binding cookie that ties the session to one browser. */
    bindingHash: text('binding_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId),
    // Pruning: sessions by age (modules/privacy/retention.ts).
    index('sessions_created_idx').on(t.createdAt),
  ],
);

/** Single-use e-mail tokens: a link token and a typed code for verification, a link token for password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: rowId(),
    memberId: memberColumn(),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    /** A change's new address: it takes effect only when the token or code sent to it is used. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_unique').on(t.tokenHash),
    index('email_tokens_member_idx').on(t.memberId, t.purpose),
    oneOf('email_tokens_purpose', t.purpose, EMAIL_TOKEN_PURPOSES),
    check('email_tokens_change_address', sql`(${t.purpose} = 'change') = (${t.email} is not null)`),
  ],
);

/**
 * Step-up codes (docs/product/member-controls.md): 6 digits by e-mail for a sensitive change, valid 10
 * minutes, 5 tries, one use; a new code ends the member's older ones.
 */
export const stepUpCodes = pgTable(
  'step_up_codes',
  {
    id: rowId(),
    memberId: memberColumn(),
    purpose: text('purpose', { enum: STEP_UP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    /** Used, or ended by a newer code. */
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('step_up_codes_member_idx').on(t.memberId),
    // One live code per member: a new one ends the old one in the same transaction.
    uniqueIndex('step_up_codes_one_live')
      .on(t.memberId)
      .where(sql`${t.endedAt} is null`),
    check('step_up_codes_tries', sql`${t.tries} >= 0 and ${t.tries} <= 5`),
    oneOf('step_up_codes_purpose', t.purpose, STEP_UP_PURPOSES),
  ],
);

/**
 * Passkeys (docs/product/phone.md): a member's WebAuthn credentials. The public key and the signature counter
 * are what a sign-in is checked against; a deleted account deletes its passkeys.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: rowId(),
    memberId: memberColumn(),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (internal, hybrid, usb…), comma-separated. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_member_idx').on(t.memberId),
    check('passkeys_counter', sql`${t.counter} >= 0`),
    check('passkeys_name', sql`length(${t.name}) between 1 and 60`),
  ],
);

/**
 * WebAuthn challenges (docs/product/phone.md): one use, 5 minutes. A registration's is the member's; a sign-in's
 * belongs to nobody until a passkey answers it. Used or expired rows are deleted as new ones come.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: rowId(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_idx').on(t.challenge),
    index('webauthn_challenges_expiry_idx').on(t.expiresAt),
    oneOf('webauthn_challenges_purpose', t.purpose, WEBAUTHN_PURPOSES),
    check('webauthn_challenges_owner', sql`(${t.purpose} = 'register') = (${t.memberId} is not null)`),
  ],
);
