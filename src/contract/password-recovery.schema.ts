import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, MessageAnswer, payload } from './shared.schema.ts';
import { PasswordRule } from './forms.schema.ts';

/** Password recovery. The answers never say whether an address has an account. */
const endpoint = endpointsOf({ tag: 'Password recovery', access: 'public' });

export const passwordRecoveryApi = {
  canReset: endpoint({
    id: 'canRequestReset',
    method: 'get',
    path: '/panda/public/users/authentication-removed/{email}',
    summary: 'First step of a reset: checks the address is well formed (never whether it has an account)',
    params: z.object({ email: z.email({ error: 'must be an e-mail address' }).max(254) }),
    answer: payload(z.object({ can_request_reset: z.boolean() })),
    description: 'Ready for a reset request',
    errors: { 429: 'Too many attempts' },
  }),
  requestReset: endpoint({
    id: 'requestPasswordReset',
    moves: 'none',
    method: 'post',
    path: '/panda/public/users/password-recovery',
    summary: 'Send a reset link to the address, if it has an account',
    body: z.object({
      email: z.email({ error: 'email must be an e-mail address' }).max(254, { error: 'email is too long' }),
    }),
    bodyType: 'form',
    answer: MessageAnswer,
    description: 'Sent if the account exists',
    errors: { 429: 'Too many attempts' },
  }),
  setPassword: endpoint({
    id: 'setPasswordWithToken',
    moves: 'once',
    method: 'post',
    path: '/panda/public/users/password-recovery/token-email',
    summary: 'Set a new password with the token from the e-mail; every session of the account ends',
    body: z.object({
      token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'token is not valid' }),
      password: PasswordRule,
    }),
    answer: MessageAnswer,
    description: 'Password set',
    errors: { 429: 'Too many attempts' },
  }),
};

export const passwordRecoveryFailures = failures('passwordRecovery', {
  resetInvalid: { status: 400, message: 'That reset link is not valid any more. Ask for a new one.' },
});

export const passwordRecoveryMessages = {
  recoverySent: 'If an account uses that address, we have sent it a link to set a new password.',
  passwordSet: 'Your new password is set. Log in with it.',
} as const;
