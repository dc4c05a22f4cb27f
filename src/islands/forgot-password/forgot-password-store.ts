import { $forgotPassword } from './forgot-password-state.ts';
export { $forgotPassword, type ForgotPasswordState } from './forgot-password-state.ts';
import { lazyAction } from '../../stores/lazy-action.ts';
import { $forgotPasswordSpeech } from './forgot-password-words.ts';

const unavailable = (english: string) =>
  $forgotPassword.set({
    ...$forgotPassword.get(),
    status: 'idle',
    error: $forgotPasswordSpeech.get()?.words['form.unavailable'] ?? english,
  });
// The rules and calls load when the visitor sends the form (forgot-password-actions.ts).
export const requestReset = lazyAction<[email: string], void>(
  () => import('./forgot-password-actions.ts').then((m) => m.requestReset),
  unavailable,
);
export const setNewPassword = lazyAction<[token: string, password: string, confirm: string], void>(
  () => import('./forgot-password-actions.ts').then((m) => m.setNewPassword),
  unavailable,
);
