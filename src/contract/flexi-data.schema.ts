import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { irishMobileRule } from './forms.schema.ts';
import { endpointsOf, payload, SimParams } from './shared.schema.ts';
import { messages } from './messages.ts';
import { KB_PER_GB, MINUTES_PER_GB } from './constants.ts';
import { FLEXI_ACTIONS, SPOT_ME_MIN_DAYS, SPOT_ME_MAX_DAYS, type FlexiAction } from './flexi-data.ts';
import { MONTHLY_ACTIONS, DONATION_CONVERSION_DATE, type MonthlyAction } from './flexi-data.ts';

/**
 * Flexible data (docs/product/flexible-data.md): The Safe, Carryover, Donate, Swap, Spot me and Share. Data in
 * KB in answers, whole GB in requests (1 GB = 1,048,576 KB), dates as ISO strings.
 */

export { FLEXI_ACTIONS, SPOT_ME_MIN_DAYS, SPOT_ME_MAX_DAYS, type FlexiAction };

/** The spec's texts (sections 4 and 8), exactly as written there, and ours in the same sense for the other actions. */
export const flexiMessages = {
  noMembership: "Sorry, you don't have an active membership.",
  carryoverLowBalance: 'Carryover not avaliable due to low balance!',
  carryoverNotAvailable: 'Carry Over not avaliable!',
  carryoverFailed: 'Carryover Failed!',
  /** Written to the log (not shown) when the billing platform does not answer a carryover. */
  carryoverBackendError: 'Backend error in performing carryOver',
  alreadyCarriedOver:
    'You have already carried over data this month. You can carryover, save or donate data again next month.',
  alreadyDonated: 'You have already donated data this month. You can carryover, save or donate data again next month.',
  alreadySaved: 'You have already saved data this month. You can carryover, save or donate data again next month.',
  safeUnavailable: "We couldn't retrieve your Safe balance right now. Please try again later.",
} as const;

/** The success text of a carryover (spec section 8: '<N.NN> GB is now in the hands of future you.'). */
export const carryoverSuccess = (kb: number) => `${(kb / KB_PER_GB).toFixed(2)} GB is now in the hands of future you.`;

const words: Record<Exclude<FlexiAction, 'carryover'>, { name: string; failed: string }> = {
  donate: { name: 'Donate', failed: 'Donate failed! Nothing was donated. Please try again later.' },
  save: { name: 'Save to The Safe', failed: 'Saving to The Safe failed! Nothing was moved. Please try again later.' },
  unlock: { name: 'Unlock from The Safe', failed: 'Unlocking failed! Nothing was moved. Please try again later.' },
  swap: { name: 'Swap', failed: 'Swap failed! Nothing was swapped. Please try again later.' },
  spotme: { name: 'Spot me', failed: 'Spot me failed! Nothing was sent. Please try again later.' },
  share: { name: 'Share', failed: 'Share failed! Nothing was sent. Please try again later.' },
};

/**
 * What each action answers for each refusal: one table per action, because the spec words the
 * carryover's and ours follow it for the others. The already-used message names the action the
 * member took this month, whichever action is asked for.
 */
function tableFor(action: FlexiAction) {
  const w = action === 'carryover' ? null : words[action];
  return failures('flexi', {
    noMembership: { status: 409, message: flexiMessages.noMembership },
    notAvailable: {
      status: 422,
      message: w ? `${w.name} not available on a membership with unlimited data.` : flexiMessages.carryoverNotAvailable,
    },
    lowBalance: {
      status: 422,
      message: w
        ? `${w.name} not available due to low balance! You need at least 1 GB of unused data.`
        : flexiMessages.carryoverLowBalance,
    },
    alreadyCarriedOver: { status: 409, message: flexiMessages.alreadyCarriedOver },
    alreadyDonated: { status: 409, message: flexiMessages.alreadyDonated },
    alreadySaved: { status: 409, message: flexiMessages.alreadySaved },
    tooMuch: { status: 422, message: 'That is more unused data than you have. Choose a smaller amount.' },
    // Spec section 8: the billing platform failing is 'Backend error in performing carryOver'; a move it refused (no account details) 'Carryover Failed!'.
    backendUnavailable: { status: 503, message: w ? w.failed : flexiMessages.carryoverBackendError },
    accountDetailsMissing: { status: 400, message: w ? w.failed : flexiMessages.carryoverFailed },
    safeTooLittle: { status: 422, message: 'That is more than The Safe holds. Choose a smaller amount.' },
    safeEmpty: { status: 422, message: 'The Safe has less than 1 GB in it, so there is nothing to unlock yet.' },
    unlimitedToUnlock: {
      status: 422,
      message: 'Your membership has unlimited data: keep your Safe data for a membership with a data allowance.',
    },
    noLandlineLimit: {
      status: 422,
      message: 'Your landline minutes are unlimited already, so there is nothing to swap data for.',
    },
    toSelf: { status: 422, message: "You can't send data to your own number." },
    notAMember: {
      status: 422,
      message: "We can't send data to this number - it must be an active 48 member with a membership.",
    },
    simBlocked: { status: 423, message: messages.simBlocked },
    safeUnavailable: { status: 503, message: flexiMessages.safeUnavailable },
    recipientUnlimited: {
      status: 422,
      message: 'That member has unlimited data already, so they cannot receive data.',
    },
    householdOnly: {
      status: 403,
      message: "Data can't go between these numbers: an under-18 line's household keeps its data within the household.",
    },
  });
}
export const flexiFailures = Object.fromEntries(FLEXI_ACTIONS.map((a) => [a, tableFor(a)])) as Record<
  FlexiAction,
  ReturnType<typeof tableFor>
>;
export type FlexiRefusal = keyof ReturnType<typeof tableFor>;

/** The once-a-month action each flexible-data action counts as (docs/product/flexible-data.md). */
export const MONTHLY_OF: Partial<Record<FlexiAction, MonthlyAction>> = {
  carryover: 'carryover',
  donate: 'donate',
  save: 'safe',
};
/** The refusal of a monthly action when this month's was already taken, by what was taken. */
export const ALREADY_USED: Record<MonthlyAction, FlexiRefusal> = {
  carryover: 'alreadyCarriedOver',
  donate: 'alreadyDonated',
  safe: 'alreadySaved',
};

/** What the refusal rule needs: read from the locked rows on the server, from the overview on the screen. */
export interface FlexiFacts {
  /** The current membership, or null when there is none. */
  membership: { unlimited: boolean; unusedKb: number; landlineUnlimited: boolean } | null;
  /** This month's carryover, donation or save, if one was made. */
  monthAction: MonthlyAction | null;
  /** The Safe's balance; null when it could not be read. */
  safeKb: number | null;
}

/**
 * Whether an action is refused before its amount and recipient are looked at, and why: the one rule
 *. The server decides with it on the rows it locked; the screen shows the same refusal
 * before the member tries (and the server decides again). Amounts (tooMuch, safeTooLittle) and
 * recipients (notAMember, recipientUnlimited, toSelf) are the server's alone.
 */
export function flexiRefusal(action: FlexiAction, f: FlexiFacts): FlexiRefusal | null {
  const m = f.membership;
  if (!m) return 'noMembership';
  if (action === 'unlock') {
    if (f.safeKb === null) return 'safeUnavailable';
    if (m.unlimited) return 'unlimitedToUnlock';
    if (f.safeKb < KB_PER_GB) return 'safeEmpty';
    return null;
  }
  if (m.unlimited) return 'notAvailable';
  const monthly = MONTHLY_OF[action];
  if (monthly && f.monthAction) return ALREADY_USED[f.monthAction];
  if (action === 'swap' && m.landlineUnlimited) return 'noLandlineLimit';
  if (m.unusedKb < KB_PER_GB) return 'lowBalance';
  return null;
}

const kb = z.number().int();
const Allowance = z.object({ max: kb.nullable(), used: kb, left: kb.nullable() });
export const FlexiOverviewSchema = z
  .object({
    membership: z
      .object({
        sku: z.string(),
        name: z.string(),
        ends_at: z.string(),
        unlimited: z.boolean(),
        unused_kb: kb.meta({ description: 'left_membership_data: own data left, what the actions move' }),
        landline_minutes: Allowance,
        continues: z.boolean().meta({
          description: 'Auto-renew is on or a membership is queued: carried-over data will have a membership to join',
        }),
      })
      .nullable(),
    month_action: z
      .object({ action: z.enum(MONTHLY_ACTIONS), data_kb: kb, at: z.string() })
      .nullable()
      .meta({ description: "This month's carryover, donation or save, if any" }),
    safe_kb: kb.nullable().meta({ description: "The Safe's balance; null when it could not be read" }),
    carry_forward_kb: kb.meta({ description: 'Carried over in this membership, for the next one' }),
    carryover_kb: kb.meta({ description: 'Carried-over data left in this membership' }),
    addon_kb: kb,
    spotted_in: z.array(z.object({ msisdn: z.string(), data_kb: kb, left_kb: kb, ends_at: z.string() })),
    spotted_out: z.array(z.object({ msisdn: z.string(), data_kb: kb, ends_at: z.string() })),
    legacy: z.object({ isLegacyUser: z.boolean(), memberShipType: z.string().nullable() }),
  })
  .meta({ id: 'FlexiOverview' });
export type FlexiOverview = z.infer<typeof FlexiOverviewSchema>;

const amountGb = z
  .number({ error: 'amount_gb must be a whole number of GB' })
  .int({ error: 'amount_gb must be a whole number of GB' })
  .min(1, { error: 'amount_gb must be at least 1' })
  .max(1000, { error: 'amount_gb must be at most 1000' });
export const AmountForm = z.object({ amount_gb: amountGb });
export const SpotMeForm = z.object({
  msisdn: irishMobileRule,
  amount_gb: amountGb,
  days: z
    .number({ error: 'days must be a whole number' })
    .int({ error: 'days must be a whole number' })
    .min(SPOT_ME_MIN_DAYS, { error: `Spot me lends for at least ${SPOT_ME_MIN_DAYS} day.` })
    .max(SPOT_ME_MAX_DAYS, { error: `Spot me lends for at most ${SPOT_ME_MAX_DAYS} days.` }),
});
export const ShareForm = z.object({ msisdn: irishMobileRule, amount_gb: amountGb });

const base = '/panda/protected/users/{user_id}/sims/{ssn}/flexidata' as const;
const refusals = {
  409: "No current membership, or this month's carryover, donation or save is made already",
  422: 'Not possible with this membership or amount',
  503: 'The billing platform did not answer; nothing moved',
} as const;
const Unused = { unused_kb: kb };

const endpoint = endpointsOf({ tag: 'Flexible data', access: 'member' });

export const flexiDataApi = {
  overview: endpoint({
    id: 'flexiOverview',
    method: 'get',
    path: base,
    summary:
      "What the member can move: unused data, The Safe, this month's action, add-on and spotted data, legacy status",
    params: SimParams,
    answer: payload(FlexiOverviewSchema),
    description: 'The overview',
  }),
  carryover: endpoint({
    id: 'carryover',
    moves: 'data',
    method: 'post',
    path: `${base}/carryover`,
    summary: 'Carry all unused data over to the next membership (once a month, with donate and save)',
    params: SimParams,
    status: 201,
    answer: payload(
      z.object({
        message: z.string(),
        carried_kb: kb,
        needs_membership_by: z.string().nullable().meta({
          description:
            "Set when neither auto-renew nor a queued membership follows: buy one by this date (the current one's end) to keep the data",
        }),
      }),
    ),
    description: 'Carried over',
    errors: refusals,
  }),
  donate: endpoint({
    id: 'donate',
    moves: 'data',
    method: 'post',
    path: `${base}/donate`,
    summary: 'Give unused data to the 48 community pool (once a month, with carryover and save)',
    params: SimParams,
    body: AmountForm,
    status: 201,
    answer: payload(z.object({ donated_kb: kb, ...Unused })),
    description: 'Donated',
    errors: refusals,
  }),
  donations: endpoint({
    id: 'donations',
    method: 'get',
    path: `${base}/donations`,
    summary: `The member's donations, newest first: in euro before ${DONATION_CONVERSION_DATE}, in data after`,
    params: SimParams,
    answer: payload(
      z.object({
        values: z.array(
          z.object({
            occurred_at: z.string(),
            unit: z.enum(['EUR', 'GB']),
            amount_cents: kb.nullable(),
            data_kb: kb.nullable(),
          }),
        ),
      }),
    ),
    description: 'Donations',
  }),
  safe: endpoint({
    id: 'safeBalance',
    method: 'get',
    path: `${base}/safe`,
    summary: "The Safe's balance",
    params: SimParams,
    answer: payload(z.object({ balance_kb: kb })),
    description: 'The balance',
    errors: { 503: 'The balance could not be read' },
  }),
  save: endpoint({
    id: 'safeSave',
    moves: 'data',
    method: 'post',
    path: `${base}/safe/save`,
    summary: 'Move unused data into The Safe (once a month, with carryover and donate)',
    params: SimParams,
    body: AmountForm,
    status: 201,
    answer: payload(z.object({ balance_kb: kb, ...Unused })),
    description: 'Saved',
    errors: refusals,
  }),
  unlock: endpoint({
    id: 'safeUnlock',
    moves: 'data',
    method: 'post',
    path: `${base}/safe/unlock`,
    summary: 'Move data from The Safe into the current membership (any time)',
    params: SimParams,
    body: AmountForm,
    status: 201,
    answer: payload(z.object({ balance_kb: kb, ...Unused })),
    description: 'Unlocked',
    errors: refusals,
  }),
  swap: endpoint({
    id: 'swap',
    moves: 'data',
    method: 'post',
    path: `${base}/swap`,
    summary: `Exchange unused data for landline minutes (${MINUTES_PER_GB} a GB)`,
    params: SimParams,
    body: AmountForm,
    status: 201,
    answer: payload(z.object({ minutes_added: z.number().int(), minutes: Allowance, ...Unused })),
    description: 'Swapped',
    errors: refusals,
  }),
  spotme: endpoint({
    id: 'spotMe',
    moves: 'data',
    method: 'post',
    path: `${base}/spotme`,
    summary: 'Lend unused data to another 48 member for some days; what they have not used comes back',
    params: SimParams,
    body: SpotMeForm,
    status: 201,
    answer: payload(z.object({ msisdn: z.string(), data_kb: kb, ends_at: z.string(), ...Unused })),
    description: 'Lent',
    errors: refusals,
  }),
  share: endpoint({
    id: 'share',
    moves: 'data',
    method: 'post',
    path: `${base}/share`,
    summary: "Give unused data to another 48 member's current membership for good",
    params: SimParams,
    body: ShareForm,
    status: 201,
    answer: payload(z.object({ msisdn: z.string(), data_kb: kb, ...Unused })),
    description: 'Shared',
    errors: refusals,
  }),
};
