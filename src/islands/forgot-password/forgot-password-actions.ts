import { $forgotPassword, type ForgotPasswordState } from './forgot-password-state.ts';
import { emailRule, PasswordRule } from '../../contract/forms.schema.ts';
import { passwordRecoveryApi } from '../../contract/password-recovery.schema.ts';
import { call, refusalIn } from '../../lib/http.ts';
import { setLoading } from '../../stores/layout.ts';
import { withLabels } from '../../lib/form-values-light.ts';
import { $forgotPasswordSpeech, type ForgotPasswordSpeech } from './forgot-password-words.ts';

/** The island's words on this page (set as it renders, before any action can run). */
const speech = (): ForgotPasswordSpeech => $forgotPasswordSpeech.get()!;
const say = (key: keyof ForgotPasswordSpeech['words']) => speech().words[key];

async function run(work: () => Promise<Partial<ForgotPasswordState>>) {
  $forgotPassword.set({ ...$forgotPassword.get(), status: 'busy', error: undefined, fields: {} });
  setLoading(true);
  try {
    $forgotPassword.set({ ...$forgotPassword.get(), status: 'idle', ...(await work()) });
  } catch (error) {
    $forgotPassword.set({ ...$forgotPassword.get(), status: 'idle', error: refusalIn(speech().words, error) });
  } finally {
    setLoading(false);
  }
}

/** Spec section 7: authentication-removed, then password-recovery with the e-mail as a form body. */
export async function requestReset(email: string): Promise<void> {
  const parsed = emailRule().safeParse(email);
  if (!parsed.success) {
    $forgotPassword.set({
      ...$forgotPassword.get(),
      fields: { email: say('forgot.emailExample') },
    });
    return;
  }
  await run(async () => {
    await call(passwordRecoveryApi.canReset, { params: { email: parsed.data } });
    await call(passwordRecoveryApi.requestReset, { body: { email: parsed.data } });
    // The answer's words are the contract's English; the page says them in its language.
    return { status: 'sent', message: say('forgot.sent') };
  });
}

export async function setNewPassword(token: string, password: string, confirm: string): Promise<void> {
  const parsed = PasswordRule.safeParse(password);
  if (!parsed.success) {
    $forgotPassword.set({
      ...$forgotPassword.get(),
      fields: withLabels(
        { password: parsed.error.issues[0]!.message },
        { password: say('form.newPassword') },
        speech().rules,
      ),
    });
    return;
  }
  if (password !== confirm) {
    $forgotPassword.set({ ...$forgotPassword.get(), fields: { confirm: say('form.problem.passwordsDiffer') } });
    return;
  }
  await run(async () => {
    await call(passwordRecoveryApi.setPassword, { body: { token, password } });
    return { status: 'done', message: say('forgot.done') };
  });
}
