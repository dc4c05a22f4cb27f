import { createRouter } from '@nanostores/router';

/**
 * The routes of the account app (basename /my48). Links to these paths are caught by the router
 * and change the screen without a page load; every path is also pre-rendered as the same shell
 * (src/pages/my48/[...path].astro), so a reload or a shared link works with no server rewrites.
 */
export const $router = createRouter({
  dashboard: '/my48',
  transactions: '/my48/transactions',
  settings: '/my48/settings',
  settingsFragment: '/my48/settings/:fragment',
});

/**
 * Settings fragments and sub-pages (spec section 2: my-details, payment-details, permissions,
 * reorder-sim, move-your-number, about-us; sub-pages move-your-number, change-my-sim,
 * payment-details), plus change-password.
 */
export const SETTINGS_FRAGMENTS = ['my-details', 'permissions', 'change-password', 'payment-details', 'reorder-sim', 'move-your-number', 'change-my-sim', 'about-us'] as const;
export type SettingsFragment = (typeof SETTINGS_FRAGMENTS)[number];

/** Every path the shell is pre-rendered for, relative to /my48. */
export const MY48_PATHS = ['', 'transactions', 'settings', ...SETTINGS_FRAGMENTS.map((f) => `settings/${f}`)];
