import { creditBackApi, type CreditBack } from '../../../contract/port-out-credit.schema.ts';
import { call, newIdempotencyKey } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, say } from '../../speech.ts';

/** The ask's words in the page's language: its fields, the rules it checks before sending, its busy line. */
export const askSpeech = () =>
  formSpeech(
    { iban: 'my48.cb.iban', account_name: 'my48.cb.name', bic: 'my48.cb.bicShort' },
    {
      'Enter the name on the bank account.': 'my48.cb.rule.nameMissing',
      'The name on the account is at most 70 characters.': 'my48.cb.rule.nameLong',
      'Write the name on the account in letters, as your bank has it.': 'my48.cb.rule.nameLetters',
      'Enter the IBAN of your bank account.': 'my48.cb.rule.ibanMissing',
      'That IBAN is too long.': 'my48.cb.rule.ibanLong',
      'A BIC is 8 or 11 letters and digits, like BARCGB22.': 'my48.cb.rule.bic',
    },
    'my48.cb.asking',
  );

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"): the
 * member's numbers that left with their status, and the request for one (what cards paid for goes
 * back to them, the rest by bank transfer). The server decides; the list is read again after a request.
 */
export type NumberThatLeft = CreditBack & { ssn: string };

export const creditBacks = loader<NumberThatLeft[]>(
  async () => (await call(creditBackApi.list, { params: memberParams() }))._payload.values,
  () => say('my48.cb.loadFailed'),
);

export const askForm = formStore({
  schema: creditBackApi.request.body.and(
    // The SIM whose number left (a hidden field of the form).
    creditBackApi.status.params.pick({ ssn: true }),
  ),
  labels: { iban: 'IBAN', account_name: 'Name on the account', bic: 'BIC' },
  busyLabel: 'Asking…',
  // The server says what happened in the member's language (the status of the credit back).
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
