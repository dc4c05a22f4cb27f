import { route } from './endpoint.ts';
import type { passkeysApi } from './passkeys.schema.ts';

/** The passkey sign-in as the log-in page calls it: routes typed by their endpoints, zod-free (the page loads no schemas). */
export const passkeySignInRoutes = {
  signInOptions: route<typeof passkeysApi.signInOptions>('post', '/panda/public/passkeys/options'),
  signIn: route<typeof passkeysApi.signIn>('post', '/panda/public/passkeys/current'),
};
