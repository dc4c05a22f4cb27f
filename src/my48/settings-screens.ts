import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SettingsFragment } from './features/settings/fragments.ts';
import { loadWords } from './screen-words.ts';
import type { My48WordGroup } from './speech.ts';

/**
 * A named export of a module as a screen loaded on demand, with the words it says (in the page's
 * language): each fragment brings its own group, so a screen weighs only its fragment's words.
 */
const load = <M>(module: () => Promise<M>, name: keyof M, words: My48WordGroup): LazyExoticComponent<ComponentType> =>
  lazy(async () => {
    const [m] = await Promise.all([module(), loadWords(words)]);
    return { default: m[name] as ComponentType };
  });

const account = () => import('./features/settings/Account.tsx');
const controls = () => import('./features/settings/Controls.tsx');
const sim = () => import('./features/settings/SimSettings.tsx');

/**
 * Each settings fragment's screen, loaded when it is first shown. A typed registry: a fragment of
 * SETTINGS_FRAGMENTS without a screen here does not compile. It composes features (settings, and
 * the household's view of a line), so it lives beside features.ts.
 */
export const settingsScreens: Record<SettingsFragment, LazyExoticComponent<ComponentType>> = {
  'my-details': load(account, 'MyDetails', 'account'),
  permissions: load(account, 'Permissions', 'account'),
  'change-password': load(account, 'ChangePassword', 'account'),
  'payment-details': load(account, 'PaymentDetails', 'account'),
  'reorder-sim': load(sim, 'ReorderSim', 'sim'),
  'move-your-number': load(sim, 'MoveYourNumber', 'sim'),
  'change-my-sim': load(sim, 'ChangeMySim', 'sim'),
  security: load(controls, 'Security', 'controls'),
  alerts: load(controls, 'Alerts', 'controls'),
  'how-we-contact-you': load(() => import('./features/settings/ContactPreferences.tsx'), 'default', 'account'),
  household: load(() => import('./features/household/YourLine.tsx'), 'default', 'household'),
  'my-data': load(() => import('./features/settings/MyData.tsx'), 'MyData', 'controls'),
  'about-us': load(account, 'AboutUs', 'account'),
};
