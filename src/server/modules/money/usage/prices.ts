import {
  checkChargesBy,
  ChargesUnavailable,
  type ChargesTable,
  type PublishedContent,
} from '../../../integrations/content/index.ts';

/**
 * What use beyond an allowance costs, in cents VAT included, as the charges pages publish it
 * (content/charges: the table's file, its row's `key`, its column): the price a member reads is the
 * price the portal charges. Read from the published content, so an editor's change is charged from
 * the build that publishes it.
 */
export interface PriceList {
  /** In Ireland (and roaming in the EU like at home), outside the membership: a minute, a text, a MB. */
  home: { call: number; text: number; dataMb: number };
  /** From Ireland to numbers abroad, by zone: a minute to a landline, to a mobile, a text. */
  international: Record<InternationalZone, { landline: number; mobile: number; text: number }>;
  /** Outside the EU, by roaming zone: a minute made, a minute received, a text sent, a MB. */
  roaming: Record<'2' | '3' | '4', { callMade: number; callReceived: number; text: number; dataMb: number }>;
  /** Irish special numbers and premium rate a minute; directory enquiries a call. */
  special: { minute: number };
  premium: { minute: number };
  directory: { call: number };
}

/** The international charges' zones: A the United Kingdom, B the EU and EEA, C North America, D the rest. */
export type InternationalZone = 'A' | 'B' | 'C' | 'D';

/** The charges pages lack a rate the portal charges by: no use can be priced until they are published whole. */
export class PriceListIncomplete extends ChargesUnavailable {
  constructor(what: string) {
    super(`the published charges have no ${what}`);
  }
}

const lists = new WeakMap<ChargesTable[], PriceList>();

/** The price list in the published charges tables (the same tables give the same list, read once). */
export function priceListOf(tables: ChargesTable[]): PriceList {
  let list = lists.get(tables);
  if (!list) lists.set(tables, (list = read(tables)));
  return list;
}

function read(tables: ChargesTable[]): PriceList {
  const rate = (table: string, key: string, column: string): number => {
    const t = tables.find((x) => x.id === table);
    const value = t?.zones.find((z) => z.key === key)?.rates[column];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new PriceListIncomplete(`${column} rate for ${key} in ${table}`);
    return Math.round(value * 100);
  };
  const roaming = (zone: '2' | '3' | '4') => ({
    callMade: rate('roaming', zone, 'calls_made'),
    callReceived: rate('roaming', zone, 'calls_received'),
    text: rate('roaming', zone, 'texts'),
    dataMb: rate('roaming', zone, 'data'),
  });
  const international = (zone: InternationalZone) => ({
    landline: rate('international-calls', zone, 'landline'),
    mobile: rate('international-calls', zone, 'mobile'),
    text: rate('international-calls', zone, 'texts'),
  });
  return {
    home: {
      call: rate('use-in-ireland', 'ireland', 'calls'),
      text: rate('use-in-ireland', 'ireland', 'texts'),
      dataMb: rate('use-in-ireland', 'ireland', 'data'),
    },
    international: { A: international('A'), B: international('B'), C: international('C'), D: international('D') },
    roaming: { '2': roaming('2'), '3': roaming('3'), '4': roaming('4') },
    special: { minute: rate('other-call-charges', 'special', 'per_minute') },
    premium: { minute: rate('other-call-charges', 'premium', 'per_minute') },
    directory: { call: rate('other-call-charges', 'directory', 'per_call') },
  };
}

/** Whether the published charges are read and hold every rate the rating charges by (readiness asks). */
export async function pricesLoaded(content: Pick<PublishedContent, 'charges'>): Promise<boolean> {
  try {
    priceListOf(await content.charges());
    return true;
  } catch (error) {
    if (error instanceof ChargesUnavailable) return false;
    throw error;
  }
}

// Charges the rating cannot price by are never held (integrations/content: a fixed publish is read at once).
checkChargesBy((tables) => void priceListOf(tables));
