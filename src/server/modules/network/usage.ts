import type { Queryable } from '../../db/client.ts';
import type { ChargesTable } from '../../integrations/content/index.ts';
import type { PushSender } from '../../integrations/push/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

/**
 * Use the network reports (TMF635 Usage), counted by the domains whose rules it meets
 * (docs/product/network.md): at home, against the membership's allowances (flexible data); abroad,
 * by country with the roaming notices and cap (roaming). The network reads the use and keeps its
 * event once; each domain says, at load, that it counts its part.
 */

/** A use of a number as the listener read it. */
export interface Use {
  /** The network's id of the use (TMF635 Usage.id): what it is charged under, once. */
  usageId: string;
  usageType: 'data' | 'voice' | 'sms';
  msisdn: string;
  /** ISO 3166 alpha-2; IE at home. */
  country: string;
  at: Date;
  dataKb: number;
  /** A call's minutes, each call rounded up to the next whole minute. */
  minutes: number;
  texts: number;
  /** The number called or texted, as the network wrote it; null when it did not say. */
  destination: string | null;
  /** Whether the network says the number called is a mobile. */
  destinationMobile: boolean;
  /** A call or text received rather than made. */
  incoming: boolean;
  /**
   * The network's own price for the use in cents, VAT included (TMF635 ratedProductUsage, what is not
   * "included usage"), when it rated it; null when it did not (the portal rates it then).
   */
  networkCents: number | null;
}

/** How the use is to be priced: the published prices, and whether the network's own rating is taken. */
export interface Rating {
  /** The charges pages' tables as published (integrations/content). */
  charges: () => Promise<ChargesTable[]>;
  /** NETWORK_RATES_USAGE: a use the network rated is charged at its price, not the portal's. */
  byNetwork: boolean;
}

/** What counting a use is given besides the database and the clock. */
export type UsageContext = ServiceContext & { rating: Rating };

/** The event a use came in (kept whole when it turns out to be a dead letter). */
export interface UseEvent {
  eventId: string;
  eventTime: Date;
  body: unknown;
}

/** What follows at once, after the use's transaction (an alert due now and its push), with what it needs. */
export type FollowUp = (
  ctx: ServiceContext & {
    push: PushSender;
    pushOrigins: string[];
    /** SITE_URL, for links mailed at once. */ siteUrl: string;
  },
) => Promise<void>;

/** What counting a use came to, and what the listener answers of it. */
export interface Counted {
  outcome: 'applied' | 'duplicate' | 'deadLetter';
  note?: string;
  /** A use abroad: its zone, whether this report's data was refused, whether data abroad is stopped. */
  usage?: { zone: string; refused: boolean; stopped: boolean; charged_cents: number };
  followUp?: FollowUp;
}

/** A use at home, in a statement of its own that keeps its event too (the busiest path: many uses a commit). */
export type CountAtHome = (ctx: UsageContext, event: UseEvent, use: Use) => Promise<Counted>;
/** A use abroad, in the event's transaction (its event kept already). */
export type CountAbroad = (
  tx: Queryable,
  ctx: UsageContext,
  use: Use,
  /** The event that brought it (what a use counted once is claimed under). */
  eventId: string,
) => Promise<Counted & { outcome: 'applied' | 'deadLetter' | 'duplicate' }>;

const counters: { atHome?: CountAtHome; abroad?: CountAbroad } = {};

export const countUsageAtHome = (count: CountAtHome) => void (counters.atHome = count);
export const countUsageAbroad = (count: CountAbroad) => void (counters.abroad = count);

const nobody = (where: string) => ({ outcome: 'deadLetter' as const, note: `nothing counts use ${where}` });

export const countAtHome: CountAtHome = (ctx, event, use) =>
  counters.atHome ? counters.atHome(ctx, event, use) : Promise.resolve(nobody('at home'));
export const countAbroad: CountAbroad = (tx, ctx, use, eventId) =>
  counters.abroad ? counters.abroad(tx, ctx, use, eventId) : Promise.resolve(nobody('abroad'));
