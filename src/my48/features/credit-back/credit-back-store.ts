import { creditBackApi, type CreditBack } from '../../../contract/port-out-credit.schema.ts';
import { call, newIdempotencyKey } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"): the
 * member's numbers that left with their status, and the request for one (what cards paid for goes
 * back to them, the rest by bank transfer). The server decides; the list is read again after a request.
 */
export type NumberThatLeft = CreditBack & { ssn: string };

export const creditBacks = loader<NumberThatLeft[]>(
  async () => (await call(creditBackApi.list, { params: memberParams() }))._payload.values,
  'Your credit back could not be loaded. Please try again.',
);

export const askForm = formStore({
  schema: creditBackApi.request.body.and(
    // The SIM whose number left (a hidden field of the form).
    creditBackApi.status.params.pick({ ssn: true }),
  ),
  labels: { iban: 'IBAN', account_name: 'Name on the account', bic: 'BIC' },
  busyLabel: 'Asking…',
  send: async ({ ssn, ...how }) => {
    const { _payload } = await call(creditBackApi.request, {
      params: { ...memberParams(), ssn },
      body: how,
      idempotencyKey: newIdempotencyKey(),
    });
    void creditBacks.load();
    return _payload.message;
  },
});
