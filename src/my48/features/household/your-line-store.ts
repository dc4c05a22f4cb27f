import { atom } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { householdApi, type Household } from '../../../contract/household.schema.ts';
import { householdRequestsApi } from '../../../contract/household-requests.schema.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { showRequests } from './requests-store.ts';
import { formSpeech, say } from '../../speech.ts';

/**
 * Settings → Household (docs/product/lifelines.md): where a member answers an owner's invitation (the code
 * from the e-mail, or decline) and where a line's member sees whose household it is and leaves.
 */
export const membership = loader<Household>(
  async () => (await call(householdApi.household, { params: memberParams() }))._payload,
  () => say('my48.hh.loadFailed'),
);

/** The line's requests are in its household read: asked or withdrawn, it is read again. */
export const showLineRequests = () => showRequests({ payer: () => '', reread: () => void membership.load() });

/** What the last answer said (the invitation it answered is gone from the list then). */
export const $said = atom<string | undefined>(undefined);
const answered = (message: string) => {
  $said.set(message);
  void membership.load();
  return message;
};

export const acceptForm = formStore({
  schema: z.object({ id: z.string(), code: householdApi.accept.body.shape.code }),
  labels: { code: 'Code from the e-mail' },
  busyLabel: 'Joining…',
  send: async ({ id, code }) =>
    answered(
      (await call(householdApi.accept, { params: { ...memberParams(), id }, body: { code: code.trim() } }))._payload
        .message,
    ),
});

export const declineForm = formStore({
  schema: z.object({ id: z.string() }),
  busyLabel: 'Declining…',
  send: async ({ id }) =>
    answered((await call(householdApi.decline, { params: { ...memberParams(), id } }))._payload.message),
});

/** The line being taken out (its confirmation is open). */
export const $leaving = atom<string | undefined>(undefined);
export const leaveForm = formStore({
  schema: z.object({}),
  busyLabel: 'Leaving…',
  send: async () => {
    const ssn = $leaving.get() ?? '';
    const { _payload } = await call(householdApi.leave, { params: { ...memberParams(), ssn } });
    $leaving.set(undefined);
    return answered(_payload.message);
  },
});

/** A line marked under 18 asks to leave: the owner or a manager approves it (a request); its filters hold until then. */
export const askLeaveForm = formStore({
  schema: z.object({}),
  busyLabel: 'Asking…',
  send: async () => {
    const ssn = $leaving.get() ?? '';
    const { _payload } = await call(householdRequestsApi.ask, {
      params: { ...memberParams(), ssn },
      body: { kind: 'leave' },
    });
    $leaving.set(undefined);
    return answered(_payload.message);
  },
});

/** The line's forms in the page's language: the code's label and their busy lines. */
export function speakLineForms(): void {
  acceptForm.speak(
    formSpeech(
      { code: 'my48.stepUp.field' },
      { 'Enter the 6-digit code from the e-mail.': 'my48.hh.rule.code' },
      'my48.hh.yl.joining',
    ),
  );
  declineForm.speak(formSpeech({}, {}, 'my48.hh.req.declining'));
  leaveForm.speak(formSpeech({}, {}, 'my48.hh.yl.leaving'));
  askLeaveForm.speak(formSpeech({}, {}, 'my48.hh.ask.asking'));
}
