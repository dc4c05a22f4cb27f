import type { PushSender } from '../../integrations/push/index.ts';
import { domainEvent } from '../../kernel/events.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { PortOutSaid } from '../network/index.ts';

/**
 * Changes to a member's line that the member hears of at once, with a way to say "this wasn't me"
 * (docs/product/member-controls.md): said here, in the change's transaction; member controls listens.
 */

/** The member's number moved to another SIM: a new card, or an eSIM (`ssn` is the SIM that has it now). */
export const simChanged = domainEvent<{
  memberId: number;
  msisdn: string;
  ssn: string;
  kind: 'physical' | 'esim';
  at: Date;
}>();

/** Another network asked to take the member's number (a port-in there): the member is warned, the port never refused. */
export const portOutRequested = domainEvent<{
  memberId: number;
  msisdn: string;
  ssn: string;
  said: PortOutSaid;
  at: Date;
}>();

/** What telling the member at once needs: links on SITE_URL, and the member's devices for the push. */
export type TellContext = ServiceContext & { siteUrl: string; push?: PushSender; pushOrigins: readonly string[] };

/**
 * Who tells the member, once the change has committed (the link's mail and push are made then, not
 * in the change's transaction): member controls, at load. A change whose telling was lost (a crash
 * right after the commit) is told by the minute's job.
 */
let telling: ((ctx: TellContext) => Promise<unknown>) | undefined;
export const lineChangesTold = {
  by: (tell: (ctx: TellContext) => Promise<unknown>) => void (telling = tell),
  now: async (ctx: TellContext) => void (await telling?.(ctx)),
};
