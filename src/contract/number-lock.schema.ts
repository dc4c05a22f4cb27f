import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, MessageAnswer, payload, SimParams, UserParams } from './shared.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';
import { ssnRule } from './forms.schema.ts';
import { messages } from './messages.ts';
import { LOCK_OFF_HOURS, LOCKED_CHANGE_HOURS, LOCKED_CHANGE_KINDS, LOCKED_CHANGE_STATES } from './number-lock.ts';

/**
 * The number lock (docs/product/member-controls.md): switched on or off with a step-up code. While it
 * is on, a change of SIM (a new card or an eSIM) is only asked for: a second code mailed to the
 * member confirms it, and it happens 24 hours later (cancel any time until then); a port-out another
 * network asks for is flagged to the member and the desk (never refused: the law lets nobody refuse
 * a legitimate port).
 */

export const LockedChangeSchema = z
  .object({
    id: z.number().int(),
    ssn: z.string().meta({ description: 'The SIM the number moves from' }),
    kind: z.enum(LOCKED_CHANGE_KINDS),
    new_ssn: z.string().nullable().meta({ description: 'The new card (a physical SIM); null for an eSIM' }),
    state: z.enum(LOCKED_CHANGE_STATES),
    requested_at: z.string(),
    due_at: z.string().nullable().meta({ description: 'When the change is ordered (confirmed changes)' }),
    message: z.string(),
  })
  .meta({ id: 'LockedChange' });

const NumberLockSchema = z
  .object({
    on: z.boolean(),
    since: z.string().nullable(),
    ends_at: z
      .string()
      .nullable()
      .meta({
        description: `Asked off: when it goes off (${LOCK_OFF_HOURS} hours after it was asked; until then it holds). Null: not asked off`,
      }),
    changes: z
      .array(LockedChangeSchema)
      .meta({ description: 'Changes of SIM asked for and not done or cancelled yet' }),
  })
  .meta({ id: 'NumberLock' });

export const LockedChangeForm = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('physical'),
      new_ssn: ssnRule,
      password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(200),
    }),
    z.object({
      kind: z.literal('esim'),
      password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(200),
    }),
  ],
  { error: 'kind must be physical or esim' },
);

const endpoint = endpointsOf({ tag: 'Number lock', access: 'member' });
const changePath = '/panda/protected/users/{user_id}/sims/{ssn}/locked-change';

export const numberLockApi = {
  state: endpoint({
    id: 'numberLock',
    method: 'get',
    path: '/panda/protected/users/{user_id}/number-lock',
    summary: 'Whether the number lock is on, and the changes of SIM waiting under it',
    params: UserParams,
    answer: payload(NumberLockSchema),
    description: 'The lock',
  }),
  set: endpoint({
    id: 'setNumberLock',
    moves: 'once',
    method: 'put',
    path: '/panda/protected/users/{user_id}/number-lock',
    summary: `Switches the number lock on at once, or asks it off (step-up code in X-Step-Up-Code, purpose numberLock): it goes off ${LOCK_OFF_HOURS} hours later, the member told at once by mail and push, and holds until then. On again while asked off keeps it on`,
    params: UserParams,
    body: z.object({ on: z.boolean({ error: 'on must be true or false' }) }),
    answer: payload(NumberLockSchema),
    description: 'Switched',
    stepUp: 'numberLock',
    errors: { 403: 'No good step-up code' },
  }),
  keep: endpoint({
    id: 'keepNumberLock',
    moves: 'once',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/number-lock/switch-off',
    summary: 'Keeps the number lock on when it was asked off (no code needed: keeping a protection is always safe)',
    params: UserParams,
    answer: payload(NumberLockSchema),
    description: 'Kept on',
    errors: { 409: 'The lock was not asked off' },
  }),
  ask: endpoint({
    id: 'askLockedChange',
    moves: 'once',
    method: 'post',
    path: changePath,
    summary: `While the number lock is on: asks for a change of SIM with the password and a step-up code (purpose sim). A second code (purpose lockedChange) is mailed to confirm it; it happens ${LOCKED_CHANGE_HOURS} hours after that`,
    params: SimParams,
    body: LockedChangeForm,
    status: 202,
    answer: payload(LockedChangeSchema),
    description: 'Asked: confirm with the mailed code',
    stepUp: 'sim',
    errors: {
      403: 'No good step-up code',
      404: 'Not an active SIM of yours',
      409: 'The lock is off, or a change is already asked for',
    },
  }),
  confirm: endpoint({
    id: 'confirmLockedChange',
    moves: 'once',
    method: 'post',
    path: `${changePath}/confirm`,
    summary: `Confirms the change asked for with the mailed code (X-Step-Up-Code, purpose lockedChange): it is ordered ${LOCKED_CHANGE_HOURS} hours later`,
    params: SimParams,
    answer: payload(LockedChangeSchema),
    description: 'Confirmed: waiting',
    stepUp: 'lockedChange',
    errors: { 403: 'No good step-up code', 404: 'No change waiting for its code' },
  }),
  cancel: endpoint({
    id: 'cancelLockedChange',
    moves: 'once',
    method: 'delete',
    path: changePath,
    summary: 'Cancels the change of SIM asked for under the lock (no code needed: stopping a change is always safe)',
    params: SimParams,
    answer: MessageAnswer,
    description: 'Cancelled',
    errors: { 404: 'No change asked for' },
  }),
};

export const numberLockFailures = failures('numberLock', {
  ...stepUpFailures,
  wrongPassword: { status: 400, message: messages.wrongCurrentPassword },
  noActiveSim: { status: 404, message: 'That is not an active SIM of yours.' },
  simNotFound: { status: 404, message: messages.simNotFound },
  simAlreadyActive: { status: 409, message: messages.simAlreadyActive },
  lockOff: { status: 409, message: 'Your number lock is off: change your SIM straight away instead.' },
  changeAsked: {
    status: 409,
    message: 'A change of this SIM is already asked for. Cancel it first to ask for another.',
  },
  noChange: { status: 404, message: 'There is no change of SIM waiting here.' },
  notGoingOff: { status: 409, message: 'Your number lock is not going off: nothing to keep.' },
});

export const numberLockMessages = {
  asked: (email: string) =>
    `We have e-mailed a code to ${email}. Enter it to confirm the change: it happens ${LOCKED_CHANGE_HOURS} hours later.`,
  cancelled: 'The change of SIM is cancelled. Your SIM keeps your number.',
  on: `Your number lock is on. A change of SIM now needs a second code and waits ${LOCKED_CHANGE_HOURS} hours.`,
  off: 'Your number lock is off.',
  goingOff: (when: string) =>
    `Your number lock goes off on ${when}. Until then it holds: a change of SIM still waits ${LOCKED_CHANGE_HOURS} hours.`,
  kept: 'Your number lock stays on.',
} as const;
