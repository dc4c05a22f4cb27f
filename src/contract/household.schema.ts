import type { Notice, NoticeValue } from './i18n/notice.ts';
import type { MessageKey } from './i18n/messages.ts';
import { z } from './zod.ts';
import { CREDIT_AMOUNTS_CENTS, PAYMENT_TYPES } from './constants.ts';
import { failures } from './endpoint.ts';
import { euro } from './format.ts';
import { irishMobileRule } from './forms.schema.ts';
import { endpointsOf, payload, SimParams, UserParams } from './shared.schema.ts';
import { sharedFailures } from './common-failures.ts';
import { messages } from './messages.ts';
import {
  HOUSEHOLD_MAX_LINES,
  HOUSEHOLD_ROLES,
  INVITATION_MINUTES,
  INVITATION_TRIES,
  LINE_FILTERS,
  PAUSE_KINDS,
  PAUSE_MAX_DAYS,
  REQUEST_KINDS,
  REQUEST_STATES,
  LINE_FILTER_NAMES,
  type LineFilter,
  type PauseKind,
} from './household.ts';

/**
 * Household lines (docs/product/lifelines.md): an owner holds up to 4 other members' SIMs, sees each line's
 * figures, buys memberships and credit for them with the owner's credit or card, and sets a
 * monthly limit on a line's own card purchases. A line joins only by its member's acceptance
 * with a mailed code, and may leave at any time.
 */

const LineFigures = z
  .object({
    ssn: z.string(),
    msisdn: z.string().nullable(),
    name: z.string().meta({ description: "The line member's name" }),
    credit_cents: z.number().int(),
    membership: z.string().nullable().meta({ description: 'The current membership, or null' }),
    is_unlimited: z.boolean(),
    data_left_kb: z.number().int().nullable(),
    data_max_kb: z.number().int().nullable(),
    days_left: z.number().int(),
    ends_at: z.string().nullable().meta({ description: 'When the current membership renews or ends' }),
    auto_renew: z.boolean(),
    queued: z.boolean().meta({ description: 'A membership is queued behind the current one' }),
    spend_limit_cents: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The owner's monthly limit on the line's own card purchases" }),
    joined_at: z.string(),
    role: z.enum(HOUSEHOLD_ROLES),
    used: z
      .object({ data_kb: z.number().int(), minutes: z.number().int(), texts: z.number().int() })
      .meta({ description: 'What the line used this period: data, minutes (mobile and landline) and texts' }),
    state: z
      .object({
        paused: z.enum(PAUSE_KINDS).nullable(),
        cap_gb: z.number().int().nullable(),
        capped: z.boolean().meta({ description: 'Data stopped at the network for the cap' }),
        filters_on: z.array(z.enum(LINE_FILTERS)),
        under_18: z.boolean(),
      })
      .meta({ description: 'The line’s controls at a glance' }),
    figures_unavailable: z.boolean().meta({ description: 'The billing platform did not answer for this line' }),
  })
  .meta({ id: 'HouseholdLine' });
export type HouseholdLine = z.infer<typeof LineFigures>;

const Invitation = z.object({
  id: z.number().int(),
  msisdn: z.string().nullable(),
  owner_name: z.string(),
  expires_at: z.string(),
});
export type HouseholdInvitation = z.infer<typeof Invitation>;

/** A request a line made of its household (docs/product/lifelines.md "Requests"; the endpoints: household-requests.schema.ts). */
export const RequestSchema = z
  .object({
    id: z.number().int(),
    ssn: z.string(),
    msisdn: z.string().nullable(),
    name: z.string().meta({ description: "The line member's name" }),
    kind: z.enum(REQUEST_KINDS),
    what: z.string().meta({ description: 'What is asked, in words: "1 GB add-on", "€10.00 credit"…' }),
    sku: z.string().nullable(),
    amount_cents: z.number().int().nullable(),
    gb: z.number().int().nullable(),
    price_cents: z.number().int().nullable().meta({ description: 'What approving costs (null: nothing to pay)' }),
    state: z.enum(REQUEST_STATES),
    created_at: z.string(),
    expires_at: z.string(),
    answered_at: z.string().nullable(),
    answered_by: z.string().nullable(),
    note: z.string().nullable().meta({ description: "The decline's note" }),
    can: z.object({
      answer: z.boolean().meta({ description: 'The caller may approve or decline it (the owner or a manager)' }),
      withdraw: z.boolean().meta({ description: 'The caller is the line and may withdraw it' }),
    }),
  })
  .meta({ id: 'HouseholdRequest' });
export type HouseholdRequest = z.infer<typeof RequestSchema>;

const HouseholdSchema = z
  .object({
    role: z.enum(['owner', 'line', 'none']),
    max_lines: z.number().int(),
    line_count: z.number().int().meta({ description: "The owner's lines (owner only; 0 otherwise)" }),
    owner: z
      .object({ name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: "Whose household this member's SIM belongs to (a line only)" }),
    my_lines: z.array(
      z.object({
        ssn: z.string(),
        msisdn: z.string().nullable(),
        under_18: z
          .boolean()
          .meta({ description: 'Marked under 18: the line leaves only when the owner or a manager approves' }),
      }),
    ),
    manager: z.boolean().meta({ description: 'This member runs the household’s lines with its owner (a manager)' }),
    sent: z.array(Invitation).meta({ description: "The owner's live invitations" }),
    received: z.array(Invitation).meta({ description: "Live invitations to this member's SIMs" }),
    requests: z.array(RequestSchema).meta({
      description:
        "Requests of the member's own lines, and of the lines they run (owner or manager): open first, then the latest answered",
    }),
    open_requests_per_line: z.number().int(),
  })
  .meta({ id: 'Household' });
export type Household = z.infer<typeof HouseholdSchema>;

/** Where the network stands with the last change of a control: ordered, done, or refused (and put back). */
const NetworkWord = z.enum(['switching', 'done', 'refused']);
const ControlsSchema = z
  .object({
    ssn: z.string(),
    msisdn: z.string().nullable(),
    pause: z.object({
      kind: z.enum(PAUSE_KINDS).nullable().meta({ description: 'What is paused (null: nothing)' }),
      until: z.string().nullable().meta({ description: 'When the line resumes by itself' }),
      network: NetworkWord.nullable(),
    }),
    data_cap: z.object({
      gb: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'The household’s cap a period in GB (null: the membership’s own)' }),
      used_kb: z.number().int().meta({ description: 'Data used this membership period' }),
      barred: z.boolean().meta({ description: 'Data is stopped at the network for the cap' }),
    }),
    filters: z.array(z.object({ filter: z.enum(LINE_FILTERS), on: z.boolean(), network: NetworkWord.nullable() })),
    can: z.object({
      pause: z.boolean().meta({ description: 'The caller may pause and resume the line' }),
      filters: z.boolean().meta({ description: 'The caller may switch the filters and bars' }),
      role: z.boolean().meta({ description: 'The caller may make the line a manager or mark it under 18 (the owner)' }),
      answer_under_18: z
        .boolean()
        .meta({ description: 'The caller is the line, asked to accept being marked under 18' }),
      sharing: z
        .boolean()
        .meta({ description: 'The caller may keep the line’s data within the household (an under-18 line)' }),
    }),
    sharing_outside: z.boolean().meta({
      description:
        'Spot me and share with numbers outside the household (false: the household keeps the line’s data within it)',
    }),
    role: z.enum(HOUSEHOLD_ROLES).nullable().meta({ description: "The line's role in its household (null: none)" }),
    under_18: z.enum(['asked', 'accepted']).nullable().meta({
      description:
        'Under 18: asked by the owner, accepted by the line (then its filters are the household’s to change)',
    }),
    seen_by: z.array(z.object({ name: z.string(), role: z.enum(['owner', 'manager']) })).meta({
      description: 'Who sees the line’s use this period and its state (never its calls, transactions or messages)',
    }),
    history: z.array(z.object({ at: z.string(), actor: z.string(), text: z.string() })),
  })
  .meta({ id: 'LineControls' });
export type LineControls = z.infer<typeof ControlsSchema>;

const HouseholdParams = UserParams;
const LineParams = SimParams;
const InvitationParams = UserParams.extend({
  id: z.string().regex(/^[0-9]{1,10}$/, { error: 'must be a number' }),
});
const paymentType = z.enum(PAYMENT_TYPES, { error: 'payment_type must be BALANCE_BEFORE_SC or STORED_CARD' });
const fromSsn = z
  .string({ error: 'from_ssn is required: the SIM of yours that pays' })
  .regex(/^[0-9]{10,22}$/, { error: 'from_ssn must be 10 to 22 digits' });
const PaymentSplit = z.object({ credit_cents: z.number().int(), card_cents: z.number().int() });
const Message = payload(z.object({ message: z.string() }));

const base = '/panda/protected/users/{user_id}/household';
const FilterParams = SimParams.extend({ filter: z.enum(LINE_FILTERS, { error: 'No such filter' }) });
const Controls = payload(ControlsSchema.extend({ message: z.string().optional() }));

const endpoint = endpointsOf({ tag: 'Household', access: 'member' });

export const householdApi = {
  household: endpoint({
    id: 'household',
    method: 'get',
    path: base,
    summary: "The member's part in a household: owner, line or none, with live invitations sent and received",
    params: HouseholdParams,
    answer: payload(HouseholdSchema),
    description: 'The household',
  }),
  lines: endpoint({
    id: 'householdLines',
    method: 'get',
    path: `${base}/lines`,
    summary: "The owner's lines with their figures (credit, data left of max, days left, renewal, auto-renew)",
    params: HouseholdParams,
    answer: payload(z.object({ values: z.array(LineFigures) })),
    description: 'The lines (none for a member who owns no household)',
  }),
  usage: endpoint({
    id: 'householdUsage',
    method: 'get',
    path: `${base}/usage`,
    summary:
      "Each line's data by Irish day, from the earliest start of the lines' current periods (at most 31 days back) to today: the lines list's data figure, day by day, and nothing more",
    params: HouseholdParams,
    answer: payload(
      z.object({
        days: z.array(z.string()),
        lines: z.array(
          z.object({
            ssn: z.string(),
            msisdn: z.string().nullable(),
            name: z.string(),
            data_kb: z.array(z.number().int()).meta({ description: 'One figure a day, in the order of `days`' }),
          }),
        ),
      }),
    ),
    description: 'Data by day, each line (none for a member who runs no household)',
  }),
  line: endpoint({
    id: 'householdLine',
    method: 'get',
    path: `${base}/lines/{ssn}`,
    summary: "One line's figures, for its household's owner only",
    params: LineParams,
    answer: payload(LineFigures),
    description: 'The line',
    errors: { 404: 'Not a line of your household' },
  }),
  invite: endpoint({
    id: 'inviteHouseholdLine',
    moves: 'none',
    method: 'post',
    path: `${base}/invitations`,
    summary: `Invites a member's number: a 6-digit code mailed to them (${INVITATION_MINUTES} minutes, ${INVITATION_TRIES} tries); a new invitation to the same number ends the old one`,
    params: HouseholdParams,
    body: z.object({ msisdn: irishMobileRule }),
    status: 201,
    answer: payload(
      z.object({ id: z.number().int(), msisdn: z.string(), expires_at: z.string(), message: z.string() }),
    ),
    description: 'Invited',
    errors: {
      409: 'The number cannot join: one answer for every state of another member’s number; your own numbers, lines or household say why',
      429: 'Too many invitations from you in an hour, or to that number',
    },
  }),
  cancel: endpoint({
    id: 'cancelHouseholdInvitation',
    moves: 'none',
    method: 'delete',
    path: `${base}/invitations/{id}`,
    summary: 'The owner withdraws a live invitation',
    params: InvitationParams,
    answer: Message,
    description: 'Withdrawn',
    errors: { 404: 'No such live invitation' },
  }),
  accept: endpoint({
    id: 'acceptHouseholdInvitation',
    moves: 'once',
    method: 'post',
    path: `${base}/invitations/{id}/accept`,
    summary: 'The invited member accepts with the mailed code (once; only the invited member); the SIM becomes a line',
    params: InvitationParams,
    body: z.object({
      code: z
        .string({ error: 'code is required' })
        .regex(/^\s*\d{6}\s*$/, { error: 'Enter the 6-digit code from the e-mail.' }),
    }),
    answer: Message,
    description: 'Joined',
    errors: {
      404: 'No such live invitation for you',
      409: 'Cannot join (full, another household, expired)',
      422: 'Wrong code',
    },
  }),
  decline: endpoint({
    id: 'declineHouseholdInvitation',
    moves: 'none',
    method: 'post',
    path: `${base}/invitations/{id}/decline`,
    summary: 'The invited member declines',
    params: InvitationParams,
    answer: Message,
    description: 'Declined',
    errors: { 404: 'No such live invitation for you' },
  }),
  remove: endpoint({
    id: 'removeHouseholdLine',
    moves: 'none',
    method: 'delete',
    path: `${base}/lines/{ssn}`,
    summary: 'The owner removes a line',
    params: LineParams,
    answer: Message,
    description: 'Removed',
    errors: { 404: 'Not a line of your household' },
  }),
  leave: endpoint({
    id: 'leaveHousehold',
    moves: 'none',
    method: 'post',
    path: `${base}/lines/{ssn}/leave`,
    summary: "A line's member takes the SIM out of the household",
    params: LineParams,
    answer: Message,
    description: 'Left',
    errors: { 404: 'That SIM of yours is not a line of a household' },
  }),
  buyMembership: endpoint({
    id: 'buyHouseholdMembership',
    moves: 'money',
    method: 'post',
    path: `${base}/lines/{ssn}/memberships`,
    summary:
      "The owner buys or queues a membership for a line, paid by the owner's credit first (BALANCE_BEFORE_SC) or stored card; the owner's spend limit applies; a ledger row on both SIMs in one transaction. The line's auto-renew and renewal product stay the line member's own. Idempotency-Key",
    params: LineParams,
    body: z.object({
      sku: z.string({ error: 'sku is required' }).regex(/^[A-Za-z0-9_]{2,20}$/, { error: 'sku is not a product' }),
      from_ssn: fromSsn,
      payment_type: paymentType.default('BALANCE_BEFORE_SC'),
      // No recurrence: a line's auto-renew and renewal product are its own member's choice alone.
    }),
    status: 201,
    answer: payload(
      z.object({
        membership: z.object({
          sku: z.string(),
          name: z.string(),
          status: z.enum(['current', 'queued']),
          starts_at: z.string(),
          ends_at: z.string(),
        }),
        payment: PaymentSplit,
        message: z.string(),
      }),
    ),
    description: 'Bought',
    errors: {
      402: 'Card declined, or no stored card for the card part',
      404: 'Not a line of your household, or not your SIM',
      409: 'Refused (the reason said)',
      423: 'The line, or the SIM paying, is blocked (reported lost or stolen)',
    },
  }),
  addCredit: endpoint({
    id: 'addHouseholdCredit',
    moves: 'money',
    method: 'post',
    path: `${base}/lines/{ssn}/credit`,
    summary:
      "The owner adds credit to a line (€5, €10, €15, €20, €30 or €50), paid by the owner's credit first (BALANCE_BEFORE_SC) or stored card; it repays the line's top-up advance first. Idempotency-Key",
    params: LineParams,
    body: z.object({
      amount_cents: z.union(
        CREDIT_AMOUNTS_CENTS.map((a) => z.literal(a)),
        { error: 'amount_cents must be one of 500, 1000, 1500, 2000, 3000, 5000' },
      ),
      from_ssn: fromSsn,
      payment_type: paymentType.default('BALANCE_BEFORE_SC'),
    }),
    status: 201,
    answer: payload(z.object({ payment: PaymentSplit, message: z.string() })),
    description: 'Credit added',
    errors: {
      402: 'Card declined, or no stored card for the card part',
      404: 'Not a line of your household, or not your SIM',
      423: 'The line, or the SIM paying, is blocked (reported lost or stolen)',
    },
  }),
  setSpendLimit: endpoint({
    id: 'setHouseholdSpendLimit',
    moves: 'none',
    method: 'put',
    path: `${base}/lines/{ssn}/spend-limit`,
    summary: "The owner's monthly limit on the line's own card purchases (null: none)",
    params: LineParams,
    body: z.object({
      limit_cents: z
        .number({ error: 'limit_cents must be a number of cents or null' })
        .int({ error: 'limit_cents must be whole cents' })
        .min(0, { error: 'The limit cannot be below €0.00.' })
        .max(100_000, { error: `The limit cannot be above ${euro(100_000)}.` })
        .nullable(),
    }),
    answer: payload(z.object({ spend_limit_cents: z.number().int().nullable(), message: z.string() })),
    description: 'Set',
    errors: { 404: 'Not a line of your household' },
  }),
  controls: endpoint({
    id: 'householdLineControls',
    method: 'get',
    path: `${base}/lines/{ssn}/controls`,
    summary:
      "A line's controls at the network (pause, adult content filter, premium-rate and third-party bars), who sees the line, and its history: for the household's owner and managers, and the line's own member",
    params: LineParams,
    answer: Controls,
    description: 'The controls',
    errors: { 404: 'Not a line of your household, nor your SIM' },
  }),
  setFilter: endpoint({
    id: 'setHouseholdLineFilter',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/filters/{filter}`,
    summary:
      'Switches a filter or bar on or off at the network (an order through the outbox); the owner, a manager, or the line for itself',
    params: FilterParams,
    body: z.object({ on: z.boolean({ error: 'on must be true or false' }) }),
    answer: Controls,
    description: 'Ordered (or already so)',
    errors: { 404: 'Not a line of your household, nor your SIM' },
  }),
  pause: endpoint({
    id: 'pauseHouseholdLine',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/pause`,
    summary: `Pauses a line's data or all its service (calls to 112 and 999 stay) until a date, at most ${PAUSE_MAX_DAYS} days away (none given: that long), then it resumes by itself; the owner or a manager`,
    params: LineParams,
    body: z.object({
      kind: z.enum(PAUSE_KINDS, { error: 'kind must be data or all' }),
      until: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'until must be a date (YYYY-MM-DD)' })
        .optional()
        .meta({ description: 'The last day of the pause (Irish time); it resumes the next morning' }),
    }),
    answer: Controls,
    description: 'Ordered',
    errors: { 404: 'Not a line of your household', 422: 'The date is past or too far' },
  }),
  resume: endpoint({
    id: 'resumeHouseholdLine',
    moves: 'once',
    method: 'delete',
    path: `${base}/lines/{ssn}/pause`,
    summary: 'Resumes a paused line now; the owner or a manager',
    params: LineParams,
    answer: Controls,
    description: 'Ordered (or not paused)',
    errors: { 404: 'Not a line of your household' },
  }),
  setRole: endpoint({
    id: 'setHouseholdLineRole',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/role`,
    summary: 'The owner makes a line a manager (who runs the lines with the owner) or a member again',
    params: LineParams,
    body: z.object({ role: z.enum(HOUSEHOLD_ROLES, { error: 'role must be member or manager' }) }),
    answer: Message,
    description: 'Set',
    errors: { 404: 'Not a line of your household (the owner only)' },
  }),
  setUnder18: endpoint({
    id: 'setHouseholdLineUnder18',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/under-18`,
    summary:
      "The owner asks to mark a line under 18 (the line accepts in its own my48), or takes the mark away; once accepted, the line's filters and bars are on and only the owner or a manager changes them",
    params: LineParams,
    body: z.object({ under_18: z.boolean({ error: 'under_18 must be true or false' }) }),
    answer: Controls,
    description: 'Asked (or taken away)',
    errors: { 404: 'Not a line of your household (the owner only)' },
  }),
  answerUnder18: endpoint({
    id: 'answerHouseholdLineUnder18',
    moves: 'once',
    method: 'post',
    path: `${base}/lines/{ssn}/under-18/answer`,
    summary: "The line's member accepts or declines being marked under 18",
    params: LineParams,
    body: z.object({ accept: z.boolean({ error: 'accept must be true or false' }) }),
    answer: Controls,
    description: 'Answered',
    errors: { 404: 'Your SIM is not a line asked to be marked under 18' },
  }),
  setSharing: endpoint({
    id: 'setHouseholdLineSharing',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/sharing`,
    summary:
      "The owner or a manager lets an under-18 line spot and share data with numbers outside the household, or keeps it within (between the household's lines it always may)",
    params: LineParams,
    body: z.object({ outside: z.boolean({ error: 'outside must be true or false' }) }),
    answer: Controls,
    description: 'Set',
    errors: { 403: 'The line is not marked under 18', 404: 'Not a line of your household' },
  }),
  setDataCap: endpoint({
    id: 'setHouseholdLineDataCap',
    moves: 'once',
    method: 'put',
    path: `${base}/lines/{ssn}/data-cap`,
    summary:
      "The owner or a manager caps a line's data each membership period (1 to 100 GB; null: the membership's own allowance); crossing it stops data at the network until the next period or a higher cap, with alerts at 80 % and 100 % to the line and the owner",
    params: LineParams,
    body: z.object({
      gb: z
        .number({ error: 'gb must be a whole number of GB from 1 to 100, or null' })
        .int({ error: 'gb must be a whole number of GB from 1 to 100, or null' })
        .min(1, { error: 'A cap is at least 1 GB.' })
        .max(100, { error: 'A cap is at most 100 GB.' })
        .nullable(),
    }),
    answer: Controls,
    description: 'Set',
    errors: { 404: 'Not a line of your household' },
  }),
};

export const householdFailures = failures('household', {
  noSuchLine: { status: 404, message: 'There is no such line in your household.' },
  notYourLine: { status: 404, message: 'That SIM is not a line of a household.' },
  noSuchInvitation: { status: 404, message: 'There is no such invitation, or it was already answered.' },
  notYourSim: { status: 404, message: 'There is no such SIM on your account.' },
  noSuchControlledLine: { status: 404, message: 'There is no such line in your household, nor on your account.' },
  under18Leave: {
    status: 403,
    message:
      'Your line is marked under 18, so it leaves the household only when its owner or a manager agrees. Ask to leave instead.',
  },
  under18Filters: {
    status: 403,
    message: "Your line is marked under 18, so its filters and bars are your household's to change. Ask its owner.",
  },
  sharingUnder18Only: {
    status: 403,
    message: 'Only a line marked under 18 can have its sharing kept within the household.',
  },
  notAsked: { status: 404, message: 'Your line has not been asked to be marked under 18.' },
  pausePast: { status: 422, message: 'Choose a day from today on for the pause to end.' },
  pauseTooLong: { status: 422, message: `A pause lasts at most ${PAUSE_MAX_DAYS} days. Choose an earlier day.` },
  /** Someone else's number that cannot join, whatever the reason (no member, a line elsewhere, an owner): one answer tells nothing of a stranger. */
  cannotInvite: {
    status: 409,
    message: "That number can't be invited to your household. Check the number, or ask its member to contact us.",
  },
  ownNumber: { status: 409, message: "That's a number of your own account: a household is for other members' lines." },
  alreadyYourLine: { status: 409, message: 'That number is a line of your household already.' },
  inAnotherHousehold: { status: 409, message: 'That number is a line of another household.' },
  youOwnOne: {
    status: 409,
    message: 'You have a household of your own, so your SIM cannot be a line of another household.',
  },
  youAreALine: {
    status: 409,
    message:
      'Your SIM is a line of another household, so you cannot add lines of your own. Leave that household first.',
  },
  full: {
    status: 409,
    message: `A household has room for ${HOUSEHOLD_MAX_LINES} lines. Remove one to add another.`,
  },
  codeWrong: { status: 422, message: "That code isn't right. Check the e-mail and try again." },
  codeExpired: { status: 409, message: 'That invitation has expired. Ask for a new one.' },
  tooManyTries: { status: 409, message: 'Too many wrong codes. Ask for a new invitation.' },
  overSpendLimit: sharedFailures.overSpendLimit,
  simBlocked: { status: 423, message: 'That line is blocked because it was reported lost or stolen.' },
  /** The owner's paying SIM was reported lost or stolen (docs/product/member-controls.md): it pays for nothing. */
  payerBlocked: { status: 423, message: messages.simBlocked },
  notOnSale: { status: 409, message: 'That membership cannot be bought for this line now.' },
  alreadyQueued: {
    status: 409,
    message: 'That line has a membership queued already. You can buy another once it has started.',
  },
  needsMembership: { status: 409, message: 'An add-on needs a current membership.' },
  cardDeclined: { status: 402, message: 'Your card was declined. Please use another card.' },
  noBalance: sharedFailures.detailsMissing,
  creditChanged: {
    status: 409,
    message: 'Your credit changed while you were paying. Nothing was taken; please try again.',
  },
  checkoutRequired: {
    status: 402,
    message: "Your credit doesn't cover this and you have no stored card. Add a card in Settings, or pay less.",
  },
});
export { LINE_FILTER_NAMES };
export type HouseholdRefusal = keyof typeof householdFailures;

/** The in-app notifications a household change leaves for the other member (docs/product/lifelines.md: both sides know). */
/** What a household's members are told (in each one's language: the catalogue's `notice.*`). */
export const householdNotices = {
  joined: (line: string, msisdn: string): Notice => ({ notice: 'householdJoined', values: { line, msisdn } }),
  left: (line: string, msisdn: string): Notice => ({ notice: 'householdLeft', values: { line, msisdn } }),
  paused: (by: string, kind: PauseKind, until: Date): Notice => ({
    notice: kind === 'all' ? 'pausedAll' : 'pausedData',
    // The last moment of the pause: its day is the one it runs through.
    values: { by, until: { dayMonth: new Date(until.getTime() - 1) } },
  }),
  capNear: (line: string, gb: number): Notice => ({ notice: 'capNear', values: { line, gb } }),
  capReached: (line: string, gb: number): Notice => ({ notice: 'capReached', values: { line, gb } }),
  under18Asked: (owner: string): Notice => ({ notice: 'under18Asked', values: { owner } }),
  resumed: (by: string): Notice =>
    by === 'Automatically' ? { notice: 'resumedAuto' } : { notice: 'resumed', values: { by } },
  lifted: (what: readonly ('contentFilter' | 'premiumRate' | 'thirdPartyBilling' | 'sharing' | 'cap')[]): Notice => ({
    notice: 'lifted',
    values: { what: { list: what.map((w) => ({ say: `notice.lifted.${w}` as const })) } },
  }),
  removed: (owner: string, msisdn: string): Notice => ({ notice: 'householdRemoved', values: { owner, msisdn } }),
} as const;

/**
 * What the household's answers say (`message`), as words of the catalogue (`household.msg.*`), said
 * in the member's language by the handlers; the English is the contract's own words.
 */
const said = (
  key: `household.msg.${string}` & MessageKey,
  values?: Readonly<Record<string, NoticeValue>>,
): NoticeValue => (values ? { say: key, values } : { say: key });
export const householdMessages = {
  invited: (msisdn: string) => said('household.msg.invited', { msisdn, minutes: INVITATION_MINUTES }),
  cancelled: said('household.msg.cancelled'),
  joined: (owner: string) => said('household.msg.joined', { owner }),
  declined: said('household.msg.declined'),
  removed: said('household.msg.removed'),
  left: said('household.msg.left'),
  bought: (name: string, line: string) => said('household.msg.bought', { name, line }),
  credited: (amount: number, line: string) => said('household.msg.credited', { amount: { euro: amount }, line }),
  filterSet: (filter: LineFilter, on: boolean) =>
    said(on ? 'household.msg.filterOn' : 'household.msg.filterOff', { filter: { say: `my48.hh.filter.${filter}` } }),
  paused: (kind: PauseKind) => said(kind === 'all' ? 'household.msg.pausedAll' : 'household.msg.pausedData'),
  resumed: said('household.msg.resumed'),
  sharingSet: (outside: boolean) => said(outside ? 'household.msg.sharingOutside' : 'household.msg.sharingInside'),
  capSet: (gb: number | null) => (gb === null ? said('household.msg.noCap') : said('household.msg.capSet', { gb })),
  under18Asked: said('household.msg.under18Asked'),
  under18Removed: said('household.msg.under18Removed'),
  under18Accepted: said('household.msg.under18Accepted'),
  under18Declined: said('household.msg.under18Declined'),
  roleSet: (role: 'member' | 'manager') =>
    said(role === 'manager' ? 'household.msg.madeManager' : 'household.msg.madeMember'),
  limitSet: (cents: number | null) =>
    cents === null ? said('household.msg.noLimit') : said('household.msg.limitSet', { amount: { euro: cents } }),
} as const;
