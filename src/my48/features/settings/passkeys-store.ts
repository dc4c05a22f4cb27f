import { atom } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { AddPasskeyForm, passkeysApi, type Passkey } from '../../../contract/passkeys.schema.ts';
import { call, ShownError } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { stepUpCodeOf } from '../../stores/step-up.ts';
import { say } from '../../speech.ts';

/**
 * Passkeys in settings → security (docs/product/phone.md): the list, adding one (the password or a step-up
 * code, then the browser's own passkey prompt) and removing one (the password or a code again).
 */
export const passkeyList = loader<Passkey[]>(
  async () => (await call(passkeysApi.list, { params: memberParams() }))._payload.values,
  () => say('my48.sec.pk.loadFailed'),
);

/** Whether this browser can make and use passkeys at all (no WebAuthn: the section says so, no form). */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** The password, or else a 6-digit code from the e-mail: one of the two is needed. */
const Proof = z
  .object({
    password: z.string().max(200).optional().default(''),
    step_up_code: z.string().optional().default(''),
  })
  .transform((v) => ({ password: v.password, code: stepUpCodeOf(v.step_up_code) }))
  .refine((v) => v.password !== '' || /^\d{6}$/.test(v.code), {
    error: () => say('my48.sec.pk.proof'),
    path: ['password'],
  });
const proofOptions = (proof: { password: string; code: string }) => ({
  body: proof.password ? { password: proof.password } : {},
  ...(proof.password ? {} : { stepUpCode: proof.code }),
});

export const addPasskeyForm = formStore({
  schema: z.intersection(AddPasskeyForm, Proof),
  labels: { name: 'Name of this passkey', password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Waiting for your device…',
  send: async ({ name, ...proof }) => {
    const { _payload } = await call(passkeysApi.registrationOptions, {
      params: memberParams(),
      ...proofOptions(proof),
    });
    const { startRegistration } = await import('@simplewebauthn/browser');
    let credential;
    try {
      credential = await startRegistration({ optionsJSON: _payload.options as never });
    } catch (error) {
      // The browser said no (the member closed its prompt, or it timed out): said plainly, not as our failure.
      throw new ShownError(
        error instanceof Error && error.name === 'InvalidStateError'
          ? say('my48.sec.pk.held')
          : say('my48.sec.pk.cancelled'),
      );
    }
    await call(passkeysApi.register, {
      params: memberParams(),
      body: { name, credential: credential as never },
    });
    void passkeyList.load();
    return say('my48.sec.pk.addedDone');
  },
});

/** The passkey being removed (its dialog is open), if any. */
export const $removing = atom<Passkey | undefined>(undefined);

export const removePasskeyForm = formStore({
  schema: Proof,
  labels: { password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Removing…',
  send: async (proof) => {
    const passkey = $removing.get();
    if (!passkey) return '';
    await call(passkeysApi.remove, {
      params: { ...memberParams(), passkey_id: passkey.id },
      ...proofOptions(proof),
    });
    $removing.set(undefined);
    void passkeyList.load();
    return say('my48.sec.pk.removedDone');
  },
});
