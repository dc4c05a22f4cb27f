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

export const fragmentTitles: Record<SettingsFragment, string> = {
  'my-details': 'My details',
  'payment-details': 'Payment details',
  permissions: 'Marketing permissions',
  'change-password': 'Change password',
  'reorder-sim': 'Replacement SIM',
  'move-your-number': 'Move your number',
  'change-my-sim': 'Change my SIM',
  security: 'Security',
  alerts: 'Alerts',
  'how-we-contact-you': 'How we contact you',
  household: 'Household',
  'my-data': 'My data',
  'about-us': 'About 48',
};
