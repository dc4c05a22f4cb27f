import { z } from './zod.ts';
import { AccountSchema } from './auth.schema.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_NAME_MAX, passkeyFailures, passkeyMessages } from './passkeys.ts';

export { passkeyFailures, passkeyMessages };

/**
 * Passkeys (docs/product/phone.md): WebAuthn credentials a member adds in settings → security (after the
 * password or a step-up code) and signs in with on /log-in. Challenges are single-use, live 5
 * minutes and are kept in the database; a sign-in opens exactly the session a password log-in opens.
 */

/** A browser's answer to navigator.credentials (JSON, as @simplewebauthn/browser gives it); the library checks the rest. */
const CredentialAnswer = (id: string) =>
  z
    .object({
      id: z.string().min(1).max(1024),
      rawId: z.string().min(1).max(1024),
      type: z.literal('public-key', { error: 'type must be public-key' }),
      response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
      clientExtensionResults: z.looseObject({}),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    })
    .loose()
    .meta({ id });

export const PasskeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

/** Adding or removing a passkey: the member's password, or a step-up code in X-Step-Up-Code (purpose passkey). */
export const PasskeyProof = z.object({
  password: z.string().max(200).optional(),
});

export const AddPasskeyForm = z.object({
  name: z
    .string({ error: 'Give the passkey a name.' })
    .trim()
    .min(1, { error: 'Give the passkey a name.' })
    .max(PASSKEY_NAME_MAX, { error: `The name is at most ${PASSKEY_NAME_MAX} characters.` }),
});

const PasskeyParams = UserParams.extend({
  passkey_id: z.string().regex(/^[0-9]{1,10}$/, { error: 'passkey_id must be a number' }),
});

const Options = payload(z.object({ options: z.looseObject({ challenge: z.string() }) }));

const endpoint = endpointsOf({ tag: 'Passkeys', access: 'member' });

export const passkeysApi = {
  list: endpoint({
    id: 'passkeys',
    method: 'get',
    path: '/panda/protected/users/{user_id}/passkeys',
    summary: 'The member’s passkeys: name, when added and last used',
    answer: payload(z.object({ values: z.array(PasskeySchema) })),
    description: 'The passkeys',
  }),
  registrationOptions: endpoint({
    id: 'passkeyRegistrationOptions',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/passkeys/options',
    summary: `Starts adding a passkey: the password in the body or a step-up code (purpose passkey); answers WebAuthn creation options with a challenge for ${PASSKEY_CHALLENGE_MINUTES} minutes, one use`,
    body: PasskeyProof,
    answer: Options,
    description: 'Creation options',
    stepUp: 'passkey',
    errors: { 400: 'Wrong password', 403: 'No password and no good step-up code', 409: 'Too many passkeys' },
  }),
  register: endpoint({
    id: 'registerPasskey',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/passkeys',
    summary: 'Finishes adding a passkey: the browser’s answer to the creation options, checked against their challenge',
    body: AddPasskeyForm.extend({ credential: CredentialAnswer('RegistrationCredential') }),
    status: 201,
    answer: payload(PasskeySchema),
    description: 'Added',
    errors: {
      400: 'The answer does not check out',
      409: 'This passkey is added already',
      422: 'Challenge expired or used',
    },
  }),
  remove: endpoint({
    id: 'removePasskey',
    moves: 'once',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/passkeys/{passkey_id}',
    summary: 'Removes a passkey: the password in the body or a step-up code (purpose passkey)',
    params: PasskeyParams,
    body: PasskeyProof,
    bodyRequired: false,
    answer: payload(z.object({ message: z.string() })),
    description: 'Removed',
    stepUp: 'passkey',
    errors: { 400: 'Wrong password', 403: 'No password and no good step-up code', 404: 'No such passkey' },
  }),
  signInOptions: endpoint({
    id: 'passkeySignInOptions',
    moves: 'none',
    method: 'post',
    path: '/panda/public/passkeys/options',
    access: 'public',
    tag: 'Sign-in',
    summary: `Starts a passkey sign-in: WebAuthn request options (any of the site’s passkeys) with a challenge for ${PASSKEY_CHALLENGE_MINUTES} minutes, one use`,
    answer: Options,
    description: 'Request options',
    errors: { 429: 'Too many attempts' },
  }),
  signIn: endpoint({
    id: 'passkeySignIn',
    moves: 'once',
    method: 'post',
    path: '/panda/public/passkeys/current',
    access: 'public',
    tag: 'Sign-in',
    summary:
      'Signs in with a passkey: the browser’s answer to the request options. Opens the session a password log-in opens',
    body: z.object({ credential: CredentialAnswer('AuthenticationCredential') }),
    answer: payload(z.object({ account: AccountSchema, email: z.string() })),
    description:
      'Signed in. Headers x-gg-auth (session token) and x-gg-emv (encrypted e-mail-verified flag), as a log-in.',
    errors: { 401: 'The passkey did not sign in', 429: 'Too many attempts' },
  }),
};
