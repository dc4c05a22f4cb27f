import type { My48Key } from '../../speech.ts';

/**
 * Settings fragments and sub-pages (spec section 2: my-details, payment-details, permissions,
 * reorder-sim, move-your-number, about-us; sub-pages move-your-number, change-my-sim,
 * payment-details), plus change-password, and docs/product/member-controls.md's security, alerts and my-data, docs/product/lifelines.md's household (where a line's member answers an invitation or leaves), and
 * docs/product/customer-care.md's how we contact you.
 */
export const SETTINGS_FRAGMENTS = [
  'my-details',
  'permissions',
  'change-password',
  'payment-details',
  'reorder-sim',
  'move-your-number',
  'change-my-sim',
  'security',
  'alerts',
  'how-we-contact-you',
  'household',
  'my-data',
  'about-us',
] as const;
export type SettingsFragment = (typeof SETTINGS_FRAGMENTS)[number];

/** Each fragment's title: a key of the catalogue, said in the page's language. */
export const fragmentTitles: Record<SettingsFragment, My48Key> = {
  'my-details': 'my48.settings.fragment.myDetails',
  'payment-details': 'my48.settings.fragment.paymentDetails',
  permissions: 'my48.settings.fragment.permissions',
  'change-password': 'my48.settings.fragment.changePassword',
  'reorder-sim': 'my48.settings.fragment.reorderSim',
  'move-your-number': 'my48.settings.fragment.moveYourNumber',
  'change-my-sim': 'my48.settings.fragment.changeMySim',
  security: 'my48.settings.fragment.security',
  alerts: 'my48.settings.fragment.alerts',
  'how-we-contact-you': 'my48.settings.fragment.howWeContactYou',
  household: 'my48.settings.fragment.household',
  'my-data': 'my48.settings.fragment.myData',
  'about-us': 'my48.settings.fragment.aboutUs',
};
