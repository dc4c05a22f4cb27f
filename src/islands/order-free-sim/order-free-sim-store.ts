import { lazyForm } from '../../stores/lazy-form.ts';
export { $referralNote } from './order-free-sim-state.ts';

/** The free-SIM order; the rule, the captcha and the calls load on submit (order-free-sim-actions.ts). */
export const freeSimOrder = lazyForm("Checking you're a person…", () =>
  import('./order-free-sim-actions.ts').then((m) => m.freeSimOrder),
);
