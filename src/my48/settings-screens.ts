import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SettingsFragment } from './features/settings/fragments.ts';

/** A named export of a module as a screen loaded on demand. */
const load = <M>(module: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> =>
  lazy(async () => ({ default: (await module())[name] as ComponentType }));

const account = () => import('./features/settings/Account.tsx');
const controls = () => import('./features/settings/Controls.tsx');
const sim = () => import('./features/settings/SimSettings.tsx');

/**
 * Each settings fragment's screen, loaded when it is first shown. A typed registry: a fragment of
 * SETTINGS_FRAGMENTS without a screen here does not compile. It composes features (settings, and
 * the household's view of a line), so it lives beside features.ts.
 */
export const settingsScreens: Record<SettingsFragment, LazyExoticComponent<ComponentType>> = {
  'my-details': load(account, 'MyDetails'),
  permissions: load(account, 'Permissions'),
  'change-password': load(account, 'ChangePassword'),
  'payment-details': load(account, 'PaymentDetails'),
  'reorder-sim': load(sim, 'ReorderSim'),
  'move-your-number': load(sim, 'MoveYourNumber'),
  'change-my-sim': load(sim, 'ChangeMySim'),
  security: load(controls, 'Security'),
  alerts: load(controls, 'Alerts'),
  'how-we-contact-you': lazy(() => import('./features/settings/ContactPreferences.tsx')),
  household: lazy(() => import('./features/household/YourLine.tsx')),
  'my-data': load(() => import('./features/settings/MyData.tsx'), 'MyData'),
  'about-us': load(account, 'AboutUs'),
};
