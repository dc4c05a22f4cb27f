import { ADDRESS_LABELS, ChangeSimForm, PortInForm, ReorderSimForm } from '../../../contract/forms.schema.ts';
import { EsimForm, simSettingsApi, type PortIn } from '../../../contract/sim-settings.schema.ts';
import { StepUpCodeField } from '../../stores/step-up.ts';
import { call } from '../../../lib/http.ts';
import { formatMsisdn } from '../../../lib/format.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { formSpeech, say, type My48Key } from '../../speech.ts';
import { addressWordsOf, type AddressKeys } from '../../address-words.ts';

const simParams = () => ({ ...memberParams(), ssn: $account.get().sim?.ssn ?? '' });
const reloadAccount = () => {
  const userId = currentUserId();
  if (userId) void loadAccount(userId, { force: true });
};

const addressLabels = { ...ADDRESS_LABELS, reason: 'Reason' };

/** The member's address fields, each with its words' key. */
const ADDRESS_FIELDS: AddressKeys = {
  firstname: 'my48.sim.field.firstname',
  lastname: 'my48.sim.field.lastname',
  s_line1: 'my48.sim.field.s_line1',
  s_line2: 'my48.sim.field.s_line2',
  s_city: 'my48.sim.field.s_city',
  s_county: 'my48.sim.field.s_county',
  s_postcode: 'my48.sim.field.s_postcode',
};

/** The address's words in the page's language, for its fields (AddressFields). */
export const addressWords = () => addressWordsOf(ADDRESS_FIELDS, 'my48.sim.optional', 'my48.sim.choose');

/** The rules the SIM forms say whole or with their field's label, by their English. */
const SIM_RULES = {
  ' must be at most 80 characters': 'my48.sim.rule.max80',
  ' must be a county of Ireland': 'my48.sim.rule.county',
  'Enter an Eircode like D02 X285, or leave it empty.': 'my48.sim.rule.eircode',
  ' must be lost, stolen, damaged or wrong size': 'my48.sim.rule.reason',
  ' must be one of the listed networks': 'my48.sim.rule.network',
  ' must be at most 40 characters': 'my48.sim.rule.max40',
  ' may contain letters, digits and hyphens only': 'my48.sim.rule.accountCharacters',
  ' is required for a bill-pay account': 'my48.sim.rule.accountNeeded',
  'Enter an Irish mobile number like 087 123 4567.': 'my48.sim.rule.mobile',
} as const satisfies Record<string, My48Key>;

/** The SIM forms' words in the page's language: their fields, their rules, their busy lines. */
export function speakSimForms(): void {
  reorderForm.speak(
    formSpeech({ ...ADDRESS_FIELDS, reason: 'my48.sim.reorder.reason' }, SIM_RULES, 'my48.sim.reorder.ordering'),
  );
  portInForm.speak(
    formSpeech(
      {
        msisdn: 'my48.sim.port.numberShort',
        current_provider: 'my48.sim.port.network',
        account_type: 'my48.sim.port.accountType',
        account_number: 'my48.sim.port.accountNumber',
      },
      SIM_RULES,
      'my48.sim.port.sending',
    ),
  );
  const proof = { password: 'my48.stepUp.password', step_up_code: 'my48.stepUp.field' } as const;
  changeSimForm.speak(formSpeech({ new_ssn: 'my48.sim.change.ssnShort', ...proof }, {}, 'my48.sim.change.changing'));
  esimForm.speak(formSpeech(proof, {}, 'my48.sim.esim.making'));
}

/** A replacement SIM (status SIM_REORDERED), posted to the address given. */
export const reorderForm = formStore({
  schema: ReorderSimForm,
  labels: addressLabels,
  busyLabel: 'Ordering…',
  send: async (body) => (await call(simSettingsApi.reorderSim, { params: simParams(), body }))._payload.order,
});

/** The open port-in request (null when there is none); a failed read is shown as such, not as "none". */
export const openPortIn = loader<PortIn | null>(
  async () => (await call(simSettingsApi.openPortIn, { params: memberParams() }))._payload.request,
  () => say('my48.sim.port.loadFailed'),
);
export const loadOpenPortIn = () => openPortIn.load();

/** Move your number: once sent, the request is open and the dashboard shows it in progress. */
export const portInForm = formStore({
  schema: PortInForm,
  labels: {
    msisdn: 'Number',
    current_provider: 'Current network',
    account_type: 'Account type',
    account_number: 'Account number',
  },
  busyLabel: 'Sending…',
  send: async (body) => {
    const { request } = (await call(simSettingsApi.requestPortIn, { params: simParams(), body }))._payload;
    openPortIn.$state.set({ status: 'ready', data: request });
    reloadAccount();
    return request;
  },
});

/** Change my SIM: the number moves to a new card after the password and a security code. */
export const changeSimForm = formStore({
  schema: ChangeSimForm.extend({ step_up_code: StepUpCodeField }),
  labels: { new_ssn: 'New SIM number', password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Changing…',
  send: async ({ step_up_code, ...body }) => {
    const { sim } = (await call(simSettingsApi.changeSim, { params: simParams(), body, stepUpCode: step_up_code }))
      ._payload;
    reloadAccount();
    return say('my48.sim.change.done', {
      number: sim.msisdn ? formatMsisdn(sim.msisdn) : '',
      last4: sim.ssn.slice(-4),
    });
  },
});

/**
 * The eSIM's activation code, which the network sends when the profile is made: read again every
 * few seconds (two minutes at most) until it is there; returns the stop.
 */
export function followEsimCode(ssn: string, found: (code: string) => void): () => void {
  let left = 40;
  const timer = setInterval(() => {
    if (--left < 0) return clearInterval(timer);
    void call(simSettingsApi.esim, { params: { ...memberParams(), ssn } }).then(
      ({ _payload }) => {
        if (!_payload.activation_code) return;
        clearInterval(timer);
        found(_payload.activation_code);
      },
      () => undefined,
    );
  }, 3000);
  return () => clearInterval(timer);
}

/** Change to an eSIM: after the password and a security code, the activation code to scan (QR) or type. */
export const esimForm = formStore({
  schema: EsimForm.extend({ step_up_code: StepUpCodeField }),
  labels: { password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Making your eSIM…',
  pageLoader: true,
  send: async ({ step_up_code, ...body }) => {
    const answer = (await call(simSettingsApi.changeToEsim, { params: simParams(), body, stepUpCode: step_up_code }))
      ._payload;
    reloadAccount();
    return answer;
  },
});
