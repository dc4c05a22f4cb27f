import { createMember as make, MEMBER_PASSWORD, type MemberSpec } from '../../../src/server/seed/members.ts';
import { myDataApi } from '../../../src/contract/my-data.schema.ts';
import { send } from './client.ts';
import { login, stepUpCode, type Session, type TestContext } from './harness.ts';

/**
 * API tests make their members with the one member factory (src/server/seed/members.ts, which the
 * demo seed and the browser journeys use too): a test asks for the member it needs and gets a fresh
 * one, signed in, so it depends on no demo e-mail or demo SIM number. The catalogue the seed puts in
 * every test database (products, stock) is what those members buy from.
 */
export const BUILT_PASSWORD = MEMBER_PASSWORD;
export type { MemberSpec };

export interface BuiltMember {
  email: string;
  userId: number;
  /** The SIM's serial and number (empty without a SIM). */
  ssn: string;
  msisdn: string;
  /** Signed in through the API, as a browser would be. */
  session: Session;
}

/** What a builder needs: the app (to sign in), the database and the time. */
export type BuilderContext = {
  app: TestContext['app'];
  handle: Pick<TestContext['handle'], 'db'>;
  clock: { now: Date };
};

/** A new member in the state the test names, signed in. */
export async function createMember(ctx: BuilderContext, spec: MemberSpec = {}): Promise<BuiltMember> {
  const member = await make(ctx.handle.db, ctx.clock.now, spec);
  const session = await login(ctx.app, member.email, member.password);
  return { email: member.email, userId: member.memberId, ssn: member.ssn, msisdn: member.msisdn, session };
}

/** Signs a built member in again (a new session: after the clock moved past the session's life). */
export const signIn = (ctx: Pick<BuilderContext, 'app'>, member: Pick<BuiltMember, 'email'>) =>
  login(ctx.app, member.email, BUILT_PASSWORD);

/** Deletes a member's account as the member does: the password, DELETE typed, and a step-up code from the mail. */
export async function deleteAccount(ctx: TestContext, member: { session: Session }): Promise<Response> {
  const code = await stepUpCode(ctx, member.session, 'delete');
  return send(ctx.app, myDataApi.deleteAccount, {
    session: member.session,
    params: { user_id: member.session.userId },
    body: { password: BUILT_PASSWORD, confirm: 'DELETE' },
    stepUpCode: code,
  });
}
