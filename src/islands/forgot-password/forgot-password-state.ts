import { map } from 'nanostores';

/* The forgot-password island's state. Its own module, so that the actions loaded later import it and not the store that loads them (no import cycle). */

export interface ForgotPasswordState {
  status: 'idle' | 'busy' | 'sent' | 'done';
  error?: string | undefined;
  fields: Record<string, string>;
  message?: string | undefined;
}

export const $forgotPassword = map<ForgotPasswordState>({ status: 'idle', fields: {} });
