import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';
import {
  GOODWILL_MAX_CENTS,
  REASON_MIN_CHARS,
  REFERENCE_REASON,
  STAFF_ACTIONS,
  STAFF_PERMISSIONS,
  STAFF_QUEUES,
  STAFF_ROLES,
} from './staff.ts';

/**
 * The staff console's API (docs/product/staff.md): every endpoint under /panda/staff/ needs a staff
 * session (its own cookie, from the operator's identity provider) and declares the permission it
 * needs; the server checks it against the person's role (contract/staff.ts). A member's session is
 * never valid here, a staff session never on a member's endpoint.
 */

const id = (what: string) => z.string().regex(/^[0-9]{1,12}$/, { error: `${what} must be a number` });
const MemberParams = z.object({ member_id: id('member_id').meta({ example: '1' }) });
const RequestParams = z.object({ request_id: id('request_id').meta({ example: '1' }) });
const FileParams = z.object({ file_id: id('file_id').meta({ example: '1' }) });
const LineParams = MemberParams.extend({
  ssn: z
    .string()
    .regex(/^[0-9]{10,22}$/, { error: 'ssn must be 10 to 22 digits' })
    .meta({ example: '8935301000000000001' }),
});
const CaseParams = z.object({ case_id: id('case_id').meta({ example: '1' }) });
const Said = payload(z.object({ message: z.string() }));

export const Reason = z
  .string({ error: `Give a reason: a ticket or chat reference, or at least ${REASON_MIN_CHARS} characters.` })
  .trim()
  .max(500, { error: 'A reason is at most 500 characters.' })
  .refine((r) => REFERENCE_REASON.test(r) || r.length >= REASON_MIN_CHARS, {
    error: `Give a reason: a ticket or chat reference, or at least ${REASON_MIN_CHARS} characters.`,
  })
  .meta({ description: 'Why: a ticket or chat reference (T-123456, CH-42…), or at least 10 characters' });

/** What the fraud team checked before acting (docs/product/staff.md: "each with the check made"). */
const Checked = z.object({
  reason: Reason,
  check: z
    .string({ error: 'Say what you checked (a call back on the number on file, the ID seen…).' })
    .trim()
    .min(5, { error: 'Say what you checked (a call back on the number on file, the ID seen…).' })
    .max(500),
});
const Cents = z.number({ error: 'Enter an amount in cents.' }).int({ error: 'Enter an amount in cents.' });

const StaffPerson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    permissions: z.array(z.enum(STAFF_PERMISSIONS)),
    limits: z.object({ goodwill_cents: z.number().int(), reversal_cents: z.number().int() }).nullable(),
    session_ends_at: z.string().meta({ description: 'When the session ends at the latest (8 hours from sign-in)' }),
  })
  .meta({ id: 'StaffPerson' });

const Queue = z.object({
  id: z.enum(Object.keys(STAFF_QUEUES) as [keyof typeof STAFF_QUEUES, ...(keyof typeof STAFF_QUEUES)[]]),
  title: z.string(),
  count: z.number().int(),
  oldest_at: z.string().nullable(),
  items: z.array(
    z.object({
      ref: z.string().meta({ description: 'The item, as its queue names it' }),
      summary: z.string(),
      at: z.string(),
      member_id: z.number().int().nullable(),
      taken_by: z.string().nullable().meta({ description: 'Who works on it now (one person at a time)' }),
    }),
  ),
});

const Found = z.object({
  member_id: z.number().int(),
  name: z.string(),
  email: z.string().meta({ description: 'Masked: the first letter and the domain' }),
  numbers: z.array(z.string()),
});

const LedgerRow = z.object({
  id: z.number().int(),
  ssn: z.string(),
  occurred_at: z.string(),
  kind: z.string(),
  description: z.string(),
  credit_delta_cents: z.number().int(),
  card_cents: z.number().int(),
  card_last4: z.string().nullable(),
  reference: z.string().nullable(),
  reversed_by: z.string().nullable().meta({ description: 'The staff action that reversed this charge, when one did' }),
});

const Line = z.object({
  ssn: z.string(),
  msisdn: z.string().nullable(),
  state: z.string().meta({ description: 'At the network: active, suspended (barred), lost, stolen…' }),
  credit_cents: z.number().int(),
  membership: z.string().nullable(),
  membership_ends_at: z.string().nullable(),
  data_left_mb: z.number().nullable(),
  uncharged_cents: z.number().int().meta({ description: 'Use credit could not pay (the line was barred)' }),
  number_lock: z.boolean(),
});

const Note = z.object({ id: z.number().int(), at: z.string(), by: z.string(), text: z.string() });
const Order = z.object({ id: z.number().int(), kind: z.string(), state: z.string(), at: z.string() });
const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_name: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  action: z.enum(STAFF_ACTIONS),
  member_id: z.number().int().nullable(),
  reason: z.string(),
  result: z.string(),
});

const Member360 = z
  .object({
    member_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    joined_at: z.string(),
    lines: z.array(Line),
    ledger: z.array(LedgerRow).meta({ description: 'Every movement of the last 90 days, newest first' }),
    orders: z.array(Order).meta({ description: 'Orders to the network, newest first' }),
    notes: z.array(Note),
    opened_by: z.array(AuditEntry).meta({ description: 'Who at 48 opened or changed this account, newest first' }),
    told: z
      .array(z.object({ at: z.string(), what: z.string() }))
      .meta({ description: 'The latest alerts and mails to the member (subjects, never bodies), newest first' }),
    tickets: z
      .array(
        z.object({
          reference: z.string(),
          kind: z.string(),
          topic: z.string(),
          state: z.string(),
          at: z.string(),
          due_on: z.string().nullable().meta({ description: 'A complaint’s ComReg deadline' }),
          desk_url: z
            .string()
            .nullable()
            .meta({ description: 'The ticket at the help desk (null until the desk has taken it)' }),
        }),
      )
      .meta({ description: 'Tickets and complaints, newest first (the desk holds their threads)' }),
    chats: z
      .array(
        z.object({
          reference: z.string(),
          state: z.string(),
          at: z.string(),
          ended_at: z.string().nullable(),
          desk_url: z
            .string()
            .nullable()
            .meta({ description: 'The conversation at the chat desk (null until the desk has taken it)' }),
        }),
      )
      .meta({ description: 'Live chats, newest first (the desk holds their lines)' }),
    security: z
      .array(z.object({ at: z.string(), what: z.string() }))
      .meta({ description: 'Log-ins, step-up codes, changes to a line, the number lock: newest first' }),
    household: z
      .object({ role: z.enum(['owner', 'line']), lines: z.number().int() })
      .nullable()
      .meta({ description: 'The household the member owns or a line of theirs is in' }),
  })
  .meta({ id: 'Member360' });

const StaffRequest = z
  .object({
    id: z.number().int(),
    kind: z.enum(['goodwill', 'reversal']),
    member_id: z.number().int(),
    member_name: z.string(),
    amount_cents: z.number().int(),
    ledger_id: z.number().int().nullable(),
    reason: z.string(),
    asked_by: z.string(),
    asked_at: z.string(),
    expires_at: z.string(),
    state: z.enum(['waiting', 'approved', 'declined', 'expired']),
    mine: z.boolean().meta({ description: 'The signed-in person asked for it (they may not decide it)' }),
  })
  .meta({ id: 'StaffRequest' });

const Acted = payload(
  z.object({
    message: z.string(),
    state: z.enum(['done', 'requested']),
    request_id: z.number().int().nullable(),
    credit_cents: z.number().int().nullable().meta({ description: 'The line’s credit after it (done)' }),
  }),
);

const RefundFile = z.object({
  id: z.number().int(),
  message_id: z.string(),
  made_at: z.string(),
  made_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  payments: z.number().int(),
  total_cents: z.number().int(),
});

const Builds = payload(
  z.object({
    building: z.boolean(),
    queued: z.boolean().meta({ description: 'A build follows the running one' }),
    runs: z.array(
      z.object({
        id: z.string(),
        trigger: z.string(),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        duration_ms: z.number().int().nullable(),
        result: z.enum(['ok', 'failed']).nullable(),
        error: z.string().nullable(),
      }),
    ),
    kept: z
      .array(z.object({ id: z.string(), live: z.boolean() }))
      .meta({ description: 'The builds kept on this instance, newest first: an earlier one may go live again' }),
    message: z.string().nullable(),
  }),
);

const endpoint = endpointsOf({ tag: 'Staff', access: 'staff' });

export const staffApi = {
  me: endpoint({
    id: 'staffMe',
    method: 'get',
    path: '/panda/staff/me',
    permission: 'console',
    summary: 'The signed-in person: name, role, what the role may do, the limits',
    answer: payload(StaffPerson),
    description: 'The person',
  }),
  queues: endpoint({
    id: 'staffQueues',
    method: 'get',
    path: '/panda/staff/queues',
    permission: 'console',
    summary: 'The work queues the role works, each with its count and its oldest items first',
    answer: payload(z.object({ queues: z.array(Queue) })),
    description: 'The queues',
  }),
  take: endpoint({
    id: 'staffTakeItem',
    method: 'post',
    path: '/panda/staff/queues/{queue}/take',
    permission: 'console',
    moves: 'once',
    params: z.object({ queue: z.enum(Object.keys(STAFF_QUEUES) as [string, ...string[]]) }),
    body: z.object({ ref: z.string().min(1).max(80) }),
    summary: 'Takes a queue’s item: one person works on it at a time (for 30 minutes, or until they let it go)',
    answer: payload(z.object({ message: z.string() })),
    description: 'Taken',
    errors: { 403: 'The role does not work this queue', 409: 'Someone else works on it' },
  }),
  find: endpoint({
    id: 'staffFindMembers',
    method: 'get',
    path: '/panda/staff/members',
    permission: 'members.find',
    query: z.object({
      q: z
        .string({ error: 'Enter a number, an e-mail address, a SIM serial or a name.' })
        .trim()
        .min(2, { error: 'Enter a number, an e-mail address, a SIM serial or a name.' })
        .max(120),
    }),
    summary: 'Finds members by number (any format), e-mail, SIM serial or name: names and numbers only, up to 20',
    answer: payload(z.object({ members: z.array(Found) })),
    description: 'The members found',
  }),
  open: endpoint({
    id: 'staffOpenMember',
    method: 'post',
    path: '/panda/staff/members/{member_id}/open',
    params: MemberParams,
    permission: 'members.open',
    moves: 'none',
    body: z.object({ reason: Reason }),
    summary: 'Opens a member’s 360 with a reason: audited before anything is shown',
    answer: payload(Member360),
    description: 'The member’s 360',
    errors: { 404: 'No such member' },
  }),
  note: endpoint({
    id: 'staffAddNote',
    method: 'post',
    path: '/panda/staff/members/{member_id}/notes',
    params: MemberParams,
    permission: 'members.note',
    moves: 'none',
    body: z.object({
      text: z
        .string({ error: 'Write the note.' })
        .trim()
        .min(1, { error: 'Write the note.' })
        .max(2000, { error: 'A note is at most 2,000 characters.' }),
    }),
    summary: 'Adds a note to a member',
    status: 201,
    answer: payload(Note),
    description: 'The note',
    errors: { 404: 'No such member' },
  }),
  resendVerification: endpoint({
    id: 'staffResendVerification',
    method: 'post',
    path: '/panda/staff/members/{member_id}/verification',
    params: MemberParams,
    permission: 'members.verify',
    moves: 'none',
    body: z.object({ reason: Reason }),
    summary: 'Sends the verification of the member’s e-mail address again',
    answer: payload(z.object({ message: z.string() })),
    description: 'Sent',
    errors: { 404: 'No such member', 409: 'The address is verified already' },
  }),
  goodwill: endpoint({
    id: 'staffGoodwill',
    method: 'post',
    path: '/panda/staff/members/{member_id}/goodwill',
    params: MemberParams,
    permission: 'money.goodwill',
    moves: 'money',
    body: z.object({
      ssn: z.string().regex(/^[0-9]{10,22}$/, { error: 'Choose the line.' }),
      amount_cents: Cents.min(1, { error: 'Enter an amount above €0.' }).max(GOODWILL_MAX_CENTS, {
        error: 'Goodwill is at most €500.00.',
      }),
      reason: Reason,
    }),
    summary:
      'Goodwill credit to a member’s line: done within the role’s limit (per member over 30 days); above it, a request another person approves',
    answer: Acted,
    description: 'Done, or requested',
    errors: { 404: 'No such member or line', 409: 'The line cannot take credit' },
  }),
  reverse: endpoint({
    id: 'staffReverseCharge',
    method: 'post',
    path: '/panda/staff/members/{member_id}/reversals',
    params: MemberParams,
    permission: 'money.reverse',
    moves: 'money',
    body: z.object({ ledger_id: z.number().int().positive(), reason: Reason }),
    summary:
      'Reverses one charge from credit (the ledger row named): its amount back to the line’s credit, once; above the role’s limit, a request',
    answer: Acted,
    description: 'Done, or requested',
    errors: { 404: 'No such charge of this member', 409: 'Not a charge, or reversed already' },
  }),
  blockLine: endpoint({
    id: 'staffBlockLine',
    method: 'post',
    path: '/panda/staff/members/{member_id}/lines/{ssn}/block',
    params: LineParams,
    permission: 'fraud.act',
    moves: 'once',
    body: Checked,
    summary:
      'Blocks a line as a lost or stolen SIM is (it pays for nothing and moves no data; suspended at the network); the member is told',
    answer: Said,
    description: 'Blocked (or blocked already)',
    errors: { 404: 'No such line of this member' },
  }),
  unblockLine: endpoint({
    id: 'staffUnblockLine',
    method: 'post',
    path: '/panda/staff/members/{member_id}/lines/{ssn}/unblock',
    params: LineParams,
    permission: 'fraud.act',
    moves: 'once',
    body: Checked,
    summary: 'Unblocks a line after the check made (no step-up code from the member); the member is told',
    answer: Said,
    description: 'Unblocked (or not blocked)',
    errors: { 404: 'No such line of this member' },
  }),
  endNumberLock: endpoint({
    id: 'staffEndNumberLock',
    method: 'post',
    path: '/panda/staff/members/{member_id}/number-lock/end',
    params: MemberParams,
    permission: 'fraud.act',
    moves: 'once',
    body: Checked,
    summary: 'Ends a member’s number lock at once, without the 24 hours, after the check made; the member is told',
    answer: Said,
    description: 'Ended',
    errors: { 404: 'No such member', 409: 'No number lock is on' },
  }),
  closeCase: endpoint({
    id: 'staffCloseCase',
    method: 'post',
    path: '/panda/staff/cases/{case_id}/close',
    params: CaseParams,
    permission: 'fraud.act',
    moves: 'once',
    body: Checked,
    summary: 'Closes a fraud case (a change to a line its member reported “this wasn’t me”), once, with the check made',
    answer: Said,
    description: 'Closed',
    errors: { 404: 'No such case', 409: 'Closed already' },
  }),
  builds: endpoint({
    id: 'staffBuilds',
    method: 'get',
    path: '/panda/staff/builds',
    permission: 'content.publish',
    summary: 'The published site’s builds: the one running, the latest runs and their results, the builds kept',
    answer: Builds,
    description: 'The builds',
    errors: { 503: 'Publishing is not set up on this server' },
  }),
  rebuild: endpoint({
    id: 'staffRebuild',
    method: 'post',
    path: '/panda/staff/builds',
    permission: 'content.publish',
    moves: 'once',
    status: 202,
    summary:
      'Builds the site again from the content now (a burst of asks becomes one more build after the running one)',
    answer: Builds,
    description: 'Queued',
    errors: { 503: 'Publishing is not set up on this server' },
  }),
  rollback: endpoint({
    id: 'staffRollback',
    method: 'post',
    path: '/panda/staff/builds/rollback',
    permission: 'content.publish',
    moves: 'once',
    body: z.object({
      build: z.string().regex(/^[0-9TZ-]{10,40}-[0-9]{4}$/, { error: 'Choose a build that is kept.' }),
    }),
    summary: 'Puts an earlier kept build live again, on every instance',
    answer: Builds,
    description: 'Live again',
    errors: { 404: 'No such build kept, or it is live', 409: 'A build is running', 503: 'Publishing is not set up' },
  }),
  requests: endpoint({
    id: 'staffRequests',
    method: 'get',
    path: '/panda/staff/requests',
    permission: 'requests.decide',
    summary: 'Requests waiting for approval, oldest first, and those decided in the last 7 days',
    answer: payload(z.object({ requests: z.array(StaffRequest) })),
    description: 'The requests',
  }),
  decide: endpoint({
    id: 'staffDecideRequest',
    method: 'post',
    path: '/panda/staff/requests/{request_id}/decision',
    params: RequestParams,
    permission: 'requests.decide',
    moves: 'money',
    body: z.object({
      decision: z.enum(['approve', 'decline'], { error: 'Approve or decline.' }),
      note: z.string().trim().max(500).default(''),
    }),
    summary: 'Approves (it is applied, once) or declines another person’s request; never one’s own',
    answer: Acted,
    description: 'Decided',
    errors: { 403: 'One’s own request', 404: 'No such request', 409: 'Decided already, or expired' },
  }),
  audit: endpoint({
    id: 'staffAudit',
    method: 'get',
    path: '/panda/staff/audit',
    permission: 'audit.read',
    query: z.object({
      from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }),
      to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }),
      format: z.enum(['json', 'csv']).default('json'),
    }),
    summary: 'The audit log between two Irish dates (inclusive), oldest first; csv: the same as RFC 4180 text',
    answer: payload(
      z.object({
        entries: z.array(AuditEntry),
        csv: z.string().nullable(),
        chain: z.object({ intact: z.boolean(), checked: z.number().int(), broken_at: z.number().int().nullable() }),
      }),
    ),
    description: 'The entries, and whether the chain holds',
  }),
  staff: endpoint({
    id: 'staffPeople',
    method: 'get',
    path: '/panda/staff/people',
    permission: 'staff.read',
    summary: 'The staff who signed in, with the role the identity provider last gave each (read only)',
    answer: payload(
      z.object({
        people: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            email: z.string(),
            role: z.enum(STAFF_ROLES),
            last_sign_in_at: z.string(),
          }),
        ),
      }),
    ),
    description: 'The staff',
  }),
  refundFiles: endpoint({
    id: 'staffRefundFiles',
    method: 'get',
    path: '/panda/staff/refund-files',
    permission: 'refunds.file',
    summary: 'Credit back by bank transfer: the transfers waiting for a file and the latest files',
    answer: payload(
      z.object({
        waiting: z.number().int(),
        waiting_cents: z.number().int(),
        can_make: z.boolean().meta({ description: 'A paying account is set' }),
        files: z.array(RefundFile),
      }),
    ),
    description: 'The transfers and files',
  }),
  makeRefundFile: endpoint({
    id: 'staffMakeRefundFile',
    method: 'post',
    path: '/panda/staff/refund-files',
    permission: 'refunds.file',
    moves: 'once',
    summary: 'Makes the day’s SEPA file of the waiting transfers (the maker); another person approves it',
    status: 201,
    answer: payload(z.object({ message: z.string(), file: RefundFile.nullable() })),
    description: 'Made, or nothing was waiting',
    errors: { 409: 'No paying account is set' },
  }),
  refundFile: endpoint({
    id: 'staffRefundFile',
    method: 'get',
    path: '/panda/staff/refund-files/{file_id}',
    params: FileParams,
    permission: 'refunds.file',
    summary: 'A refund file’s pain.001 XML, once approved',
    answer: payload(z.object({ message_id: z.string(), xml: z.string() })),
    description: 'The file',
    errors: { 404: 'No such file', 409: 'Not approved yet' },
  }),
  approveRefundFile: endpoint({
    id: 'staffApproveRefundFile',
    method: 'post',
    path: '/panda/staff/refund-files/{file_id}/approval',
    params: FileParams,
    permission: 'refunds.file',
    moves: 'once',
    summary: 'Approves a refund file another person made (the checker); never one’s own',
    answer: payload(z.object({ message: z.string(), file: RefundFile })),
    description: 'Approved',
    errors: { 403: 'One’s own file', 404: 'No such file', 409: 'Approved already' },
  }),
  refundFileSent: endpoint({
    id: 'staffRefundFileSent',
    method: 'post',
    path: '/panda/staff/refund-files/{file_id}/sent',
    params: FileParams,
    permission: 'refunds.file',
    moves: 'money',
    summary: 'Marks an approved file sent to the bank: its transfers are paid, each member told',
    answer: payload(z.object({ message: z.string(), file: RefundFile })),
    description: 'Marked sent',
    errors: { 404: 'No such file', 409: 'Not approved, or sent already' },
  }),
  refundReturn: endpoint({
    id: 'staffRefundReturn',
    method: 'post',
    path: '/panda/staff/refund-returns',
    permission: 'refunds.file',
    moves: 'money',
    body: z.object({
      end_to_end_id: z.string().regex(/^CB-[0-9]+-[0-9]+$/, { error: 'An end-to-end id is like CB-12-1.' }),
      reason: z.string().trim().min(2, { error: 'Enter the bank’s reason.' }).max(140),
    }),
    summary: 'Enters a transfer the bank returned: the credit is the member’s again, and they are told',
    answer: payload(z.object({ message: z.string() })),
    description: 'Entered',
    errors: { 404: 'No transfer has that end-to-end id', 409: 'Not paid, or returned already' },
  }),
};

const member = endpointsOf({ tag: 'My data', access: 'member' });
export const staffAccessApi = {
  whoOpened: member({
    id: 'whoOpenedMyAccount',
    method: 'get',
    path: '/panda/protected/users/{user_id}/staff-access',
    params: UserParams,
    summary:
      'Who at 48 opened the member’s account in the last 12 months: when, their first name and role, why, what was done',
    answer: payload(
      z.object({
        entries: z.array(
          z.object({ at: z.string(), first_name: z.string(), role: z.string(), reason: z.string(), did: z.string() }),
        ),
      }),
    ),
    description: 'The entries, newest first',
  }),
};

export const staffFailures = failures('staff', {
  signInRequired: { status: 401, message: 'Sign in to the staff console.' },
  notPermitted: { status: 403, message: 'Your role may not do this.' },
  noMember: { status: 404, message: 'No member has that id.' },
  noLine: { status: 404, message: 'That line is not this member’s.' },
  noCharge: { status: 404, message: 'That charge is not this member’s.' },
  notACharge: { status: 409, message: 'Only a charge taken from credit can be reversed.' },
  reversedAlready: { status: 409, message: 'That charge was reversed already.' },
  lineClosed: { status: 409, message: 'That line cannot take credit (its number has left 48).' },
  noRequest: { status: 404, message: 'No such request.' },
  ownRequest: { status: 403, message: 'Someone else must decide your own request.' },
  decidedAlready: { status: 409, message: 'That request was decided already.' },
  expired: { status: 409, message: 'That request has expired (72 hours).' },
  verifiedAlready: { status: 409, message: 'That address is verified already.' },
  takenByOther: { status: 409, message: 'Someone else is working on that item.' },
  noFile: { status: 404, message: 'No such refund file.' },
  noPublishing: { status: 503, message: 'Publishing is not set up on this server.' },
  noBuild: { status: 404, message: 'That build is not kept here, or it is the live one.' },
  buildRunning: { status: 409, message: 'A build is running: go back when it has finished.' },
  rollbackFailed: { status: 409, message: 'That build could not go live again; the live site is unchanged.' },
  notLocked: { status: 409, message: 'No number lock is on for this member.' },
  noCase: { status: 404, message: 'No such fraud case.' },
  caseClosedAlready: { status: 409, message: 'That case was closed already.' },
  ownFile: { status: 403, message: 'Another person must approve the file you made.' },
  fileApprovedAlready: { status: 409, message: 'That file was approved already.' },
  fileNotApproved: { status: 409, message: 'That file is not approved yet.' },
  fileSentAlready: { status: 409, message: 'That file was marked sent already.' },
  noDebtor: { status: 409, message: 'No paying account is set: no file can be made.' },
  noTransfer: { status: 404, message: 'No transfer has that end-to-end id.' },
  transferNotPaid: {
    status: 409,
    message: 'That transfer is not marked paid (its file was not sent, or it was returned already).',
  },
});
