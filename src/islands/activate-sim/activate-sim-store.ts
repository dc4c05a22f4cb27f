import { lazyForm } from '../../stores/lazy-form.ts';

/** Linking a SIM card; the rule and the call load on submit (activate-sim-actions.ts). */
export const activation = lazyForm('Activating…', () => import('./activate-sim-actions.ts').then((m) => m.activation));
