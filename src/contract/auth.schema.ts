import { z } from './zod.ts';
import { endpointsOf, MessageAnswer, payload } from './shared.schema.ts';
import { LoginForm } from './forms.schema.ts';
import { authFailures } from './auth.ts';

export { authFailures };

/** Log-in, log-out, the first-login flag and a member's public nickname. */
export const AccountSchema = z
  .object({
    user_id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    nickname: z.string(),
    is_verified: z.boolean(),
    is_password_compliant: z.boolean(),
    first_login: z.boolean(),
    capture_marketing_permissions: z.boolean(),
    referred_by: z.string().nullable(),
    isNewMemberShip: z.boolean(),
    role: z.object({ rolename: z.string() }),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

const endpoint = endpointsOf({ tag: 'Sign-in', access: 'public' });

export const AccountAnswer = payload(z.object({ account: AccountSchema }));
const LoginBody = LoginForm.meta({ id: 'LoginBody' });

const logIn = <const P extends string, const I extends string>(id: I, path: P) =>
  endpoint({
    id,
    moves: 'none',
    method: 'post',
    path,
    summary: 'Log in with e-mail and password',
    body: LoginBody,
    bodyType: 'json-or-form',
    bodyRequired: false,
    answer: AccountAnswer,
    description: 'Signed in. Headers x-gg-auth (session token) and x-gg-emv (encrypted e-mail-verified flag).',
    errors: { 401: 'Wrong e-mail or password', 429: 'Too many attempts' },
  });

export const authApi = {
  logIn: logIn('logIn', '/panda/public/users/current'),
  logInProtectedPath: logIn('logInProtectedPath', '/panda/protected/users/current'),
  logOut: endpoint({
    id: 'logOut',
    method: 'get',
    path: '/panda/protected/logout/users',
    access: 'member',
    summary: 'End the session on the server',
    answer: MessageAnswer,
    description: 'Signed out',
  }),
  firstLoginDone: endpoint({
    id: 'firstLoginDone',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/extras/firstlogin',
    access: 'member',
    tag: 'Account',
    summary: 'Record that the first login has happened',
    query: z.object({ first_login: z.literal('false', { error: 'first_login must be false' }) }),
    answer: AccountAnswer,
    description: 'Updated',
  }),
  nickname: endpoint({
    id: 'memberNickname',
    method: 'get',
    path: '/panda/public/users/{id}',
    tag: 'Account',
    summary: 'A member’s nickname (for referral pages)',
    params: z.object({ id: z.string().regex(/^[0-9]{1,10}$/, { error: 'id must be a number' }) }),
    answer: payload(z.object({ nickname: z.string() })),
    description: 'The nickname',
    errors: { 404: 'No such member' },
  }),
};
