import { lazyForm } from '../../stores/lazy-form.ts';
export { $referrals, loadReferrals } from './refer-state.ts';

/** Refer a friend; the rule and the call load on submit (refer-actions.ts). */
export const referForm = lazyForm('Sending your invitation…', () =>
  import('./refer-actions.ts').then((m) => m.referForm),
);
