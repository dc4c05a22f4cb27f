import { FeelsmugForm, offersApi, StudentApplyForm, StudentCodeForm } from '../../contract/offers.schema.ts';
import { call } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formOptions } from '../../stores/form.ts';
import { $studentEmail, loadOffers } from './offers-state.ts';

/** Student offer, step 1: the code to the college address; step 2: the code back. */
export const studentCodeForm = formOptions({
  schema: StudentCodeForm,
  labels: { email: 'College e-mail address' },
  busyLabel: 'Sending your code…',
  send: async (body) => {
    const { _payload } = await call(offersApi.studentCode, { params: memberParams(), body });
    $studentEmail.set(_payload.sent_to);
    return _payload;
  },
});
export const studentApplyForm = formOptions({
  schema: StudentApplyForm,
  labels: { code: 'Code from the e-mail' },
  busyLabel: 'Checking your code…',
  send: async (body) => {
    const { _payload } = await call(offersApi.applyStudent, { params: memberParams(), body });
    void loadOffers(true);
    return _payload;
  },
});

/** feelsmug: the code from the cup, for a goody bag. */
export const feelsmugForm = formOptions({
  schema: FeelsmugForm,
  labels: { code: 'Code from your cup' },
  busyLabel: 'Checking your code…',
  send: async (body) => (await call(offersApi.feelsmug, { params: memberParams(), body }))._payload,
});
