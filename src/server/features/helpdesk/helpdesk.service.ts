import { randomUUID } from 'node:crypto';
import { sign } from 'hono/jwt';
import type { members } from '../../db/schema.ts';
import type { Clock } from '../../services/clock.ts';

/** The help desk's single sign-on token: a JWT (HS512) with jti, name, email and organization 48, valid 5 minutes. */
export async function ssoToken(clock: Clock, member: typeof members.$inferSelect, secret: string): Promise<string> {
  const iat = Math.floor(clock().getTime() / 1000);
  return sign(
    {
      jti: randomUUID(),
      iat,
      exp: iat + 300,
      name: `${member.firstname} ${member.lastname}`,
      email: member.email,
      organization: '48',
    },
    secret,
    'HS512',
  );
}
