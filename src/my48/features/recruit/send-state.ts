import { messages } from '../../../contract/messages.ts';

/**
 * Spec section 4, "Send free SIM": which state a refusal's message shows. A message containing
 * 'Too many mgm sims today!' is the max-limit state; exactly 'MGM is limited to users with an
 * active SIM' is the no-active-SIM state; anything else stays on the form with its message.
 */
export type SendState = 'form' | 'maxLimit' | 'noActiveSim';

export function sendStateOf(message: string | undefined): SendState {
  if (message?.includes(messages.tooManyMgmSims)) return 'maxLimit';
  if (message === messages.mgmNeedsActiveSim) return 'noActiveSim';
  return 'form';
}
