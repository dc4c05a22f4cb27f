import { atom } from 'nanostores';
import { lazyForm } from '../../stores/lazy-form.ts';

/** Set when a referred member's order could not be recorded with the referral service: the service's message. */
export const $referralNote = atom<string | undefined>(undefined);

/** The free-SIM order; the rule, the captcha and the calls load on submit (order-free-sim-actions.ts, issue 27). */
export const freeSimOrder = lazyForm("Checking you're a person…", () =>
  import('./order-free-sim-actions.ts').then((m) => m.freeSimOrder),
);
