import { ADDRESS_LABELS, ChangeSimForm, PortInForm, ReorderSimForm } from '../../../contract/forms.schema.ts';
import { EsimForm, simSettingsApi, type PortIn } from '../../../contract/sim-settings.schema.ts';
import { StepUpCodeField } from '../../stores/step-up.ts';
import { call } from '../../../lib/http.ts';
import { formatMsisdn } from '../../../lib/format.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { $account, loadAccount } from '../../stores/account.ts';

const simParams = () => ({ ...memberParams(), ssn: $account.get().sim?.ssn ?? '' });
const reloadAccount = () => {
  const userId = currentUserId();
  if (userId) void loadAccount(userId, { force: true });
};

const addressLabels = { ...ADDRESS_LABELS, reason: 'Reason' };

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
  'Your number move could not be loaded. Please try again.',
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
    return `Done: your number ${sim.msisdn ? formatMsisdn(sim.msisdn) : ''} is moving to the SIM ending ${sim.ssn.slice(-4)}; the network switches it over in a minute or two. Put it in your phone; the old SIM stops working then.`;
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
