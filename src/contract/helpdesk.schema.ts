import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { payload, UserParams } from './shared.schema.ts';

/** Single sign-on to the help desk. */
export const helpdeskApi = {
  sso: endpoint({
    id: 'helpdeskSso',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sso',
    access: 'member',
    tag: 'Help desk',
    summary:
      'The help-desk single sign-on token: a JWT (HS512) with jti, name, email and organization 48, valid 5 minutes',
    params: UserParams,
    answer: payload(z.object({ sso: z.string(), url: z.string().nullable() })),
    description: 'The signed token and the help-desk address to send it to (null when no help desk is configured)',
  }),
};
