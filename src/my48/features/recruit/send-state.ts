import { recruitFailures } from '../../../contract/recruit.schema.ts';

/**
 * Spec section 4, "Send free SIM": which state a refusal shows. The spec has the client read the
 * message ('Too many mgm sims today!' is the max-limit state, 'MGM is limited to users with an
 * active SIM' the no-active-SIM state); the server still answers those texts, and the client maps
 * their codes, so rewording the copy cannot change what the screen does. Anything else
 * stays on the form with its message.
 */
export type SendState = 'form' | 'maxLimit' | 'noActiveSim';

export function sendStateOf(code: string | undefined): SendState {
  if (code === recruitFailures.tooMany.code) return 'maxLimit';
  if (code === recruitFailures.noActiveSim.code) return 'noActiveSim';
  return 'form';
}
