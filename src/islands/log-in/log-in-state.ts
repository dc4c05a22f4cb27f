import { map } from 'nanostores';

/* The log-in island's state. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

export interface Slide {
  heading: string;
  body: string;
  image_alt?: string;
}

export interface LogInState {
  step: 'form' | 'submitting' | 'carousel' | 'leaving';
  /** Spec section 8: the gateway-error or the invalid-login flag, as the message to show. */
  error?: string | undefined;
  fields: Record<string, string>;
  slides: Slide[];
}

export const $logIn = map<LogInState>({ step: 'form', fields: {}, slides: [] });
