import { atom } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { CREDIT_AMOUNTS_CENTS } from '../../../contract/constants.ts';
import { householdRequestsApi, type HouseholdRequest } from '../../../contract/household-requests.schema.ts';
import { REQUEST_NOTE_MAX, type RequestKind } from '../../../contract/household.ts';
import { membershipsApi, type Offer } from '../../../contract/memberships.schema.ts';
import { euro } from '../../../lib/format.ts';
import { call, newIdempotencyKey } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, say, type My48Key } from '../../speech.ts';

/**
 * Requests to a household (docs/product/lifelines.md "Requests"): the line asks from Settings →
 * Household and sees each request's state; the owner and managers answer on Household. Every
 * answer is the server's: the household (which carries the requests) is read again after each.
 */
/**
 * The screen showing requests (Household for those who run it, Settings → Household for a line): the
 * SIM an approval pays from, and how it reads the household again (its read carries the requests).
 */
let screen: { payer: () => string; reread: () => void } = { payer: () => '', reread: () => undefined };
export const showRequests = (shown: typeof screen) => {
  screen = shown;
};
const reload = () => screen.reread();

/** What the line may ask for: the add-ons and memberships on sale to it. */
export const choices = loader<{ addons: Offer[]; memberships: Offer[] }, string>(
  async (ssn) => {
    const { _payload } = await call(membershipsApi.allowed, { params: { ...memberParams(), ssn } });
    return { addons: _payload.addons, memberships: _payload.values };
  },
  () => say('my48.hh.req.loadFailed'),
);

/** What a kind of request is called in the form ("A data add-on"). */
export const kindLabel = (kind: RequestKind): string => say(`my48.hh.kind.${kind}`);
export const CREDIT_CHOICES = CREDIT_AMOUNTS_CENTS.map((a) => euro(a));

/** The kind chosen in the form (its other fields follow it). */
export const $kind = atom<RequestKind>('addon');

const required = (what: string) => z.string({ error: `Choose ${what}.` }).min(1, { error: `Choose ${what}.` });

/** The line asks: the fields that its kind needs are checked here as on the server. */
export const askForm = formStore({
  schema: z.discriminatedUnion(
    'kind',
    [
      z.object({ ssn: z.string(), kind: z.literal('addon'), addon: required('an add-on') }),
      z.object({ ssn: z.string(), kind: z.literal('membership'), membership: required('a membership') }),
      z.object({
        ssn: z.string(),
        kind: z.literal('credit'),
        amount: z.enum(CREDIT_CHOICES as [string, ...string[]], { error: 'Choose an amount.' }),
      }),
      z.object({ ssn: z.string(), kind: z.literal('roaming') }),
      z.object({
        ssn: z.string(),
        kind: z.literal('dataCap'),
        gb: z.coerce
          .number({ error: 'Enter a whole number of GB from 2 to 100.' })
          .int({ error: 'Enter a whole number of GB from 2 to 100.' })
          .min(2, { error: 'A higher cap is at least 2 GB.' })
          .max(100, { error: 'A cap is at most 100 GB.' }),
      }),
    ],
    { error: 'Choose what you need.' },
  ),
  labels: { kind: 'What you need', addon: 'Add-on', membership: 'Membership', amount: 'Amount', gb: 'Cap in GB' },
  busyLabel: 'Asking…',
  send: async (form) => {
    const body =
      form.kind === 'addon'
        ? { kind: form.kind, sku: form.addon }
        : form.kind === 'membership'
          ? { kind: form.kind, sku: form.membership }
          : form.kind === 'credit'
            ? { kind: form.kind, amount_cents: CREDIT_AMOUNTS_CENTS[CREDIT_CHOICES.indexOf(form.amount)]! }
            : form.kind === 'dataCap'
              ? { kind: form.kind, gb: form.gb }
              : { kind: form.kind };
    const { _payload } = await call(householdRequestsApi.ask, {
      params: { ...memberParams(), ssn: form.ssn },
      body: body as z.input<typeof householdRequestsApi.ask.body>,
    });
    reload();
    return _payload.message;
  },
});

/** The request being answered, and how. */
export const $answering = atom<{ request: HouseholdRequest; action: 'approve' | 'decline' } | undefined>(undefined);
/** What the last answer said (shown above the requests once its dialog closed). */
export const $answered = atom<string | undefined>(undefined);

const answered = (message: string) => {
  $answering.set(undefined);
  $answered.set(message);
  reload();
  return message;
};

export const approveForm = formStore({
  schema: z.object({
    id: z.string(),
    payment_type: z.enum(['BALANCE_BEFORE_SC', 'STORED_CARD'], { error: 'Choose how to pay.' }).optional(),
  }),
  labels: { payment_type: 'Pay with' },
  busyLabel: 'Approving…',
  send: async ({ id, payment_type }) => {
    const { _payload } = await call(householdRequestsApi.approve, {
      params: { ...memberParams(), id },
      body: { from_ssn: screen.payer(), payment_type: payment_type ?? 'BALANCE_BEFORE_SC' },
      idempotencyKey: newIdempotencyKey(),
    });
    return answered(_payload.message);
  },
});

const NOTE_TOO_LONG = `A note is at most ${REQUEST_NOTE_MAX} characters.`;
export const declineForm = formStore({
  schema: z.object({
    id: z.string(),
    note: z.string().trim().max(REQUEST_NOTE_MAX, { error: NOTE_TOO_LONG }).optional(),
  }),
  labels: { note: 'A note for the line (optional)' },
  busyLabel: 'Declining…',
  send: async ({ id, note }) => {
    const { _payload } = await call(householdRequestsApi.decline, {
      params: { ...memberParams(), id },
      body: note ? { note } : {},
    });
    return answered(_payload.message);
  },
});

export const withdrawForm = formStore({
  schema: z.object({ id: z.string() }),
  busyLabel: 'Withdrawing…',
  send: async ({ id }) => {
    const { _payload } = await call(householdRequestsApi.withdraw, { params: { ...memberParams(), id } });
    reload();
    return _payload.message;
  },
});

export function openAnswer(request: HouseholdRequest, action: 'approve' | 'decline') {
  approveForm.reset();
  declineForm.reset();
  $answered.set(undefined);
  $answering.set({ request, action });
}

/** A request's state in words, as the line and the household see it. */
export const stateWords = (state: HouseholdRequest['state']): string =>
  say(state === 'open' ? 'my48.hh.waiting' : `my48.hh.req.state.${state}`);

/** The rules the requests' forms say whole, by their English. */
const REQUEST_RULES = {
  'Choose an add-on.': 'my48.hh.rule.addon',
  'Choose a membership.': 'my48.hh.rule.membership',
  'Choose an amount.': 'my48.hh.rule.amount',
  'Enter a whole number of GB from 2 to 100.': 'my48.hh.rule.gbWhole',
  'A higher cap is at least 2 GB.': 'my48.hh.rule.gbMin',
  'A cap is at most 100 GB.': 'my48.hh.rule.gbMax',
  'Choose what you need.': 'my48.hh.rule.kind',
  'Choose how to pay.': 'my48.hh.rule.pay',
} as const satisfies Record<string, My48Key>;

/** The requests' forms in the page's language: their fields, their rules (the note's with its length), their busy lines. */
export function speakRequestForms(): void {
  askForm.speak(
    formSpeech(
      {
        kind: 'my48.hh.ask.what',
        addon: 'my48.hh.ask.addon',
        membership: 'my48.hh.fig.membership',
        amount: 'my48.hh.credit.amount',
        gb: 'my48.hh.ask.gb',
      },
      REQUEST_RULES,
      'my48.hh.ask.asking',
    ),
  );
  approveForm.speak(formSpeech({ payment_type: 'my48.hh.payWith' }, REQUEST_RULES, 'my48.hh.req.approving'));
  const declining = formSpeech({ note: 'my48.hh.req.note' }, {}, 'my48.hh.req.declining');
  declineForm.speak({
    ...declining,
    rules: { ...declining.rules, [NOTE_TOO_LONG]: say('my48.hh.rule.note', { max: REQUEST_NOTE_MAX }) },
  });
  withdrawForm.speak(formSpeech({}, {}, 'my48.hh.withdrawing'));
}
