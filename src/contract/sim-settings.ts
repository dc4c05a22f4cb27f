import { z } from 'zod';
import { SimSchema } from './account.ts';
import { endpoint, failures } from './endpoint.ts';
import { payload, SimParams, UserParams } from './schemas.ts';
import { ChangeSimForm, PortInForm, ReorderSimForm } from './forms.ts';
import { messages } from './messages.ts';
import { OrderSchema } from './orders.ts';

/** Settings that change the SIM: move your number (port-in), a replacement SIM, change my SIM. */
export const PortInSchema = z
  .object({ id: z.number().int(), msisdn: z.string(), current_provider: z.string(), account_type: z.string(), status: z.string(), created_at: z.string() })
  .meta({ id: 'PortIn' });
export type PortIn = z.infer<typeof PortInSchema>;

export const simSettingsApi = {
  openPortIn: endpoint({
    id: 'openPortIn', method: 'get', path: '/panda/protected/users/{user_id}/portin', access: 'member', tag: 'Settings', summary: 'The member’s open request to move a number to 48, if any',
    params: UserParams, answer: payload(z.object({ request: PortInSchema.nullable() })), description: 'The open request or null',
  }),
  requestPortIn: endpoint({
    id: 'requestPortIn', method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/portin', access: 'member', tag: 'Settings',
    summary: 'Ask to move a number from another network to this SIM; the member gets the PORTIN_IN_PROGRESS segment',
    params: SimParams, body: PortInForm.meta({ id: 'PortInBody' }), status: 201,
    answer: payload(z.object({ request: PortInSchema, message: z.string() })), description: 'Requested', errors: { 409: 'One is open already, or the number is on 48' },
  }),
  reorderSim: endpoint({
    id: 'reorderSim', method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/reorder', access: 'member', tag: 'Settings',
    summary: 'Order a replacement SIM (status SIM_REORDERED); one may be on its way at a time',
    params: SimParams, body: ReorderSimForm.meta({ id: 'ReorderSimBody' }), status: 201,
    answer: payload(z.object({ order: OrderSchema })), description: 'Ordered', errors: { 409: 'A replacement is on its way already' },
  }),
  changeSim: endpoint({
    id: 'changeSim', method: 'post', path: '/panda/protected/users/{user_id}/sims/{ssn}/change', access: 'member', tag: 'Settings',
    summary: 'Move the number, credit and memberships to a new SIM card (password required); the old card ends inactive',
    params: SimParams, body: ChangeSimForm.meta({ id: 'ChangeSimBody' }),
    answer: payload(z.object({ sim: SimSchema })), description: 'Changed',
    errors: { 404: 'No SIM card with that number', 409: 'The card is active already, or the old SIM is not active' },
  }),
};

export const simSettingsFailures = failures({
  replacementOnItsWay: { status: 409, message: 'A replacement SIM is already on its way to you.' },
  portInOpen: { status: 409, message: 'A request to move your number is already in progress.' },
  numberAlreadyWith48: { status: 409, message: 'That number is already on 48.' },
  noActiveSim: { status: 409, message: messages.noActiveSim },
  wrongPassword: { status: 400, message: messages.wrongCurrentPassword },
  simNotFound: { status: 404, message: messages.simNotFound },
  simAlreadyActive: { status: 409, message: messages.simAlreadyActive },
});
