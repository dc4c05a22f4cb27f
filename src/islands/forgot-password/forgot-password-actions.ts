import { $forgotPassword, type ForgotPasswordState } from './forgot-password-state.ts';
import { emailRule, PasswordRule } from '../../contract/forms.schema.ts';
import { passwordRecoveryApi } from '../../contract/password-recovery.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { setLoading } from '../../stores/layout.ts';

async function run(work: () => Promise<Partial<ForgotPasswordState>>) {
  $forgotPassword.set({ ...$forgotPassword.get(), status: 'busy', error: undefined, fields: {} });
  setLoading(true);
  try {
    $forgotPassword.set({ ...$forgotPassword.get(), status: 'idle', ...(await work()) });
  } catch (error) {
    $forgotPassword.set({ ...$forgotPassword.get(), status: 'idle', error: errorMessage(error) });
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
      fields: { email: 'Enter the e-mail address of your account, like name@example.com.' },
    });
    return;
  }
  await run(async () => {
    await call(passwordRecoveryApi.canReset, { params: { email: parsed.data } });
    const { _payload } = await call(passwordRecoveryApi.requestReset, { body: { email: parsed.data } });
    return { status: 'sent', message: _payload.message };
  });
}

export async function setNewPassword(token: string, password: string, confirm: string): Promise<void> {
  const parsed = PasswordRule.safeParse(password);
  if (!parsed.success) {
    $forgotPassword.set({
      ...$forgotPassword.get(),
      fields: { password: `Password ${parsed.error.issues[0]!.message.replace(/^password /, '')}` },
    });
    return;
  }
  if (password !== confirm) {
    $forgotPassword.set({ ...$forgotPassword.get(), fields: { confirm: 'The two passwords are not the same.' } });
    return;
  }
  await run(async () => {
    const { _payload } = await call(passwordRecoveryApi.setPassword, { body: { token, password } });
    return { status: 'done', message: _payload.message };
  });
}
