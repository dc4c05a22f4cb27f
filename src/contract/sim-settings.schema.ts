import { z } from './zod.ts';
import { SimSchema } from './account.schema.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { ChangeSimForm, PortInForm, ReorderSimForm } from './forms.schema.ts';
import { messages } from './messages.ts';
import { OrderSchema } from './orders.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';
import { PORT_IN_STEPS, PORT_IN_STATUSES } from './sim-settings.ts';

export { PORT_IN_STEPS, PORT_IN_STATUSES };

export type PortInStatus = (typeof PORT_IN_STATUSES)[number];
const PortInEventSchema = z.object({ status: z.enum(PORT_IN_STATUSES), at: z.string(), note: z.string().nullable() });
export const PortInSchema = z
  .object({
    id: z.number().int(),
    msisdn: z.string(),
    current_provider: z.string(),
    account_type: z.string(),
    status: z.enum(PORT_IN_STATUSES),
    created_at: z.string(),
    scheduled_for: z.string().nullable().meta({ description: 'The day the number moves (YYYY-MM-DD), once scheduled' }),
    reason: z.string().nullable().meta({ description: 'Why the donor network rejected it' }),
    events: z.array(PortInEventSchema),
    network_waiting: z
      .boolean()
      .meta({ description: 'The network holds the move back for now (TMF641 held or pending): waiting for it' }),
  })
  .meta({ id: 'PortIn' });

export const EsimForm = z.object({ password: ChangeSimForm.shape.password });
const EsimAnswer = payload(
  z.object({
    sim: SimSchema,
    activation_code: z
      .string()
      .nullable()
      .meta({ description: 'LPA:1$<SM-DP+ address>$<matching id>, from the network; null until its order completes' }),
  }),
);
export type PortIn = z.infer<typeof PortInSchema>;

const endpoint = endpointsOf({ tag: 'Settings', access: 'member' });

export const simSettingsApi = {
  openPortIn: endpoint({
    id: 'openPortIn',
    method: 'get',
    path: '/panda/protected/users/{user_id}/portin',
    summary:
      'The member’s latest request to move a number to 48 (open, or ended in the last 30 days), with its timeline',
    answer: payload(z.object({ request: PortInSchema.nullable() })),
    description: 'The request or null',
  }),
  requestPortIn: endpoint({
    id: 'requestPortIn',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/portin',
    summary: 'Ask to move a number from another network to this SIM; the member gets the PORTIN_IN_PROGRESS segment',
    body: PortInForm.meta({ id: 'PortInBody' }),
    status: 201,
    answer: payload(z.object({ request: PortInSchema, message: z.string() })),
    description: 'Requested',
    errors: { 409: 'One is open already, or the number is on 48' },
  }),
  reorderSim: endpoint({
    id: 'reorderSim',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/reorder',
    summary: 'Order a replacement SIM (status SIM_REORDERED); one may be on its way at a time',
    body: ReorderSimForm.meta({ id: 'ReorderSimBody' }),
    status: 201,
    answer: payload(z.object({ order: OrderSchema })),
    description: 'Ordered',
    errors: { 409: 'A replacement is on its way already' },
  }),
  changeSim: endpoint({
    id: 'changeSim',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/change',
    summary:
      'Move the number, credit and memberships to a new SIM card (password and step-up code); the old card ends inactive',
    body: ChangeSimForm.meta({ id: 'ChangeSimBody' }),
    stepUp: 'sim',
    answer: payload(z.object({ sim: SimSchema })),
    description: 'Changed',
    errors: {
      403: 'No good step-up code',
      404: 'No SIM card with that number',
      409: 'The card is active already, or the old SIM is not active',
      423: 'The number lock is on: ask for the change under it (askLockedChange)',
    },
  }),
  changeToEsim: endpoint({
    id: 'changeToEsim',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/esim',
    summary:
      'Change to an eSIM: a new eSIM profile for the same number, credit and memberships (password and step-up code); the old SIM stops working',
    body: EsimForm.meta({ id: 'EsimBody' }),
    stepUp: 'sim',
    status: 201,
    answer: EsimAnswer,
    description: 'The eSIM and its activation code',
    errors: {
      403: 'No good step-up code',
      409: 'The SIM is not active',
      423: 'The number lock is on: ask for the change under it (askLockedChange)',
    },
  }),
  esim: endpoint({
    id: 'esim',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/esim',
    summary: 'The activation code of an eSIM, to scan it again',
    answer: EsimAnswer,
    description: 'The eSIM',
    errors: { 404: 'Not an eSIM' },
  }),
};

export const simSettingsFailures = failures('simSettings', {
  ...stepUpFailures,
  notAnEsim: { status: 404, message: 'This SIM is not an eSIM.' },
  replacementOnItsWay: { status: 409, message: 'A replacement SIM is already on its way to you.' },
  portInOpen: { status: 409, message: 'A request to move your number is already in progress.' },
  numberAlreadyWith48: { status: 409, message: 'That number is already on 48.' },
  noActiveSim: { status: 409, message: messages.noActiveSim },
  wrongPassword: { status: 400, message: messages.wrongCurrentPassword },
  simNotFound: { status: 404, message: messages.simNotFound },
  simAlreadyActive: { status: 409, message: messages.simAlreadyActive },
  numberLocked: {
    status: 423,
    message:
      'Your number lock is on: a change of SIM needs a second code we e-mail you, and happens 24 hours later. Ask for it in Settings → Security.',
  },
});
