import { onboardingApi } from '../../contract/onboarding.schema.ts';
import { ActivateSimForm } from '../../contract/forms.schema.ts';
import { call } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formOptions } from '../../stores/form.ts';

/** Linking a SIM card by the number printed on it; the result is the activated SIM. */
export const activation = formOptions({
  schema: ActivateSimForm,
  busyLabel: 'Activating…',
  pageLoader: true,
  send: async (body) => (await call(onboardingApi.activateSim, { params: memberParams(), body }))._payload.sim,
});
