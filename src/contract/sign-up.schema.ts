import { z } from './zod.ts';
import { AccountAnswer, AccountSchema } from './auth.schema.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, MessageAnswer, payload, UserParams } from './shared.schema.ts';
import { SignUpForm } from './forms.schema.ts';
import { messages } from './messages.ts';

/** Sign-up and e-mail verification. */
const EmailForm = z.object({
  email: z.email({ error: 'email must be an e-mail address' }).max(254, { error: 'email is too long' }),
});

const endpoint = endpointsOf({ tag: 'Sign-up', access: 'member' });

export const signUpApi = {
  signUp: endpoint({
    id: 'signUp',
    moves: 'once',
    method: 'post',
    path: '/panda/public/users',
    access: 'public',
    summary: 'Create an account; it is signed in and sent a verification e-mail',
    body: SignUpForm.meta({ id: 'SignUpBody' }),
    status: 201,
    answer: AccountAnswer,
    description: 'Created and signed in (headers as for log-in)',
    errors: { 409: 'The e-mail address is taken', 429: 'Too many sign-ups from this address' },
  }),
  sendVerification: endpoint({
    id: 'sendVerification',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/generate-token',
    summary: 'Send a new verification e-mail; with an e-mail in the form body, change the address first',
    body: EmailForm.partial(),
    bodyType: 'form',
    bodyRequired: false,
    answer: MessageAnswer,
    description: 'Sent',
    errors: {
      409: 'The e-mail address is taken, or the account’s address is verified (changed in Settings → Security)',
    },
  }),
  // Hono routes /verify/{x} to the first matching route, so the code form (6 digits and ?force=true)
  // and the link form share one path and are told apart by the handler.
  verifyEmail: endpoint({
    id: 'verifyEmail',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/email/verify/{token}',
    summary: 'Verify the e-mail address with the link token, or with the 6-digit code and ?force=true',
    params: UserParams.extend({
      token: z
        .string()
        .regex(/^([0-9]{6}|[A-Za-z0-9_-]{20,100})$/, { error: 'must be the link token or the 6-digit code' }),
    }),
    query: z.object({ force: z.enum(['true', 'false'], { error: 'force must be true or false' }).optional() }),
    answer: payload(z.object({ message: z.string(), account: AccountSchema })),
    description: 'Verified',
  }),
  emailState: endpoint({
    id: 'emailState',
    method: 'get',
    path: '/panda/protected/users/{user_id}/update-email',
    summary: 'The account’s e-mail address and whether it is verified',
    answer: payload(z.object({ email: z.string(), is_verified: z.boolean() })),
    description: 'E-mail state',
  }),
};

export const signUpFailures = failures('signUp', {
  emailTaken: {
    status: 409,
    message: 'An account with this e-mail address already exists. Log in, or reset your password.',
  },
  verificationInvalid: { status: 400, message: 'That link or code is not valid any more. Ask for a new one.' },
  verifiedAlready: {
    status: 409,
    message: 'Your e-mail address is verified. To change it, go to my48 → Settings → Security.',
  },
  captchaFailed: { status: 400, message: messages.captchaFailed },
});

export const signUpMessages = {
  verificationSent: 'We have sent you an e-mail with a link and a code to verify your address.',
  verified: 'Your e-mail address is verified.',
} as const;
