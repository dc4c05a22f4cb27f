import { atom } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import type { Answer } from '../../../contract/endpoint.ts';
import { ssnRule } from '../../../contract/forms.schema.ts';
import { numberLockApi } from '../../../contract/number-lock.schema.ts';
import { LOCKED_CHANGE_HOURS } from '../../../contract/number-lock.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { actionStore } from '../../../stores/action.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { $account } from '../../stores/account.ts';
import { StepUpCodeField } from '../../stores/step-up.ts';
import { say, sayCount } from '../../speech.ts';

/** Settings → Security → Number lock (docs/product/member-controls.md): its state, switching it, and a change of SIM under it. */
type NumberLock = Answer<typeof numberLockApi.state>['_payload'];

export const numberLock = loader<NumberLock>(
  async () => (await call(numberLockApi.state, { params: memberParams() }))._payload,
  () => say('my48.sec.lock.loadFailed'),
);
const show = (data: NumberLock) => numberLock.$state.set({ status: 'ready', data });
const simParams = () => ({ ...memberParams(), ssn: $account.get().sim?.ssn ?? '' });

export const switchLockForm = formStore({
  schema: z.object({ on: z.enum(['on', 'off']), step_up_code: StepUpCodeField }),
  labels: { step_up_code: 'Code from the e-mail' },
  busyLabel: 'Saving…',
  send: async ({ on, step_up_code }) => {
    const { _payload } = await call(numberLockApi.set, {
      params: memberParams(),
      body: { on: on === 'on' },
      stepUpCode: step_up_code,
    });
    show(_payload);
    // Asked off: it still holds, and the screen says until when.
    return _payload.ends_at
      ? undefined
      : _payload.on
        ? sayCount('my48.sec.lock.on', LOCKED_CHANGE_HOURS)
        : say('my48.sec.lock.off');
  },
});

/** Which SIM the member asks to move to: an eSIM, or a new card (its serial asked). */
export const $changeKind = atom<'esim' | 'physical'>('esim');

export const askChangeForm = formStore({
  schema: z.union([
    z.object({
      kind: z.literal('physical'),
      new_ssn: ssnRule,
      password: z.string().min(1, { error: () => say('my48.sec.enterPassword') }),
      step_up_code: StepUpCodeField,
    }),
    z.object({
      kind: z.literal('esim'),
      password: z.string().min(1, { error: () => say('my48.sec.enterPassword') }),
      step_up_code: StepUpCodeField,
    }),
  ]),
  labels: { new_ssn: 'New SIM number', password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Asking…',
  send: async ({ step_up_code, ...body }) => {
    const { _payload } = await call(numberLockApi.ask, { params: simParams(), body, stepUpCode: step_up_code });
    await numberLock.load();
    return _payload.message;
  },
});

export const confirmChangeForm = formStore({
  schema: z.object({ step_up_code: StepUpCodeField }),
  labels: { step_up_code: 'Code from the e-mail' },
  busyLabel: 'Confirming…',
  send: async ({ step_up_code }) => {
    const { _payload } = await call(numberLockApi.confirm, { params: simParams(), stepUpCode: step_up_code });
    await numberLock.load();
    return _payload.message;
  },
});

const cancel = actionStore<'cancel'>();
export const $cancelChange = cancel.$state;
export const cancelChange = () =>
  cancel.run('cancel', async () => {
    const { _payload } = await call(numberLockApi.cancel, { params: simParams() });
    await numberLock.load();
    return _payload.message;
  });

/** Keeps the lock on while it is going off: no code (keeping a protection is always safe). */
const keep = actionStore<'keep'>();
export const $keepLock = keep.$state;
export const keepLockOn = () =>
  keep.run('keep', async () => {
    const { _payload } = await call(numberLockApi.keep, { params: memberParams() });
    show(_payload);
    return say('my48.sec.lock.kept');
  });

/** What the screen says while the lock is going off (the contract's words in English). */
export const goingOffMessage = (when: string) => sayCount('my48.sec.lock.goingOff', LOCKED_CHANGE_HOURS, { when });
