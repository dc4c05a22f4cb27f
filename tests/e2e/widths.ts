import { basename } from 'node:path';

/** The two widths every page and screen is checked at (the phone width is the mobile project's). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;

/**
 * Journeys whose subject is a rule of the server or a flow that is the same at every width (money,
 * flexible data, log-in, settings…). They run once, at 1280, and every axe check in them looks at
 * the screen at 375 too, in the same state (fixtures.ts `expectNoAxeViolations`): the page's CSS
 * is its only answer to the width (no script reads it), so a resized page is what a phone shows.
 * Running these journeys a second time on the phone-sized project cost a third of the browser
 * suite on the 2-core CI machine and found nothing the resized checks do not.
 *
 * What changes with the width is tested at both: the visitor pages (routes), the menus
 * (navigation, a11y), the consent banner, the installable app and its phone bar (manifest, offline),
 * when islands wake (islands: `client:visible` depends on what is in view), and the live chat (its
 * dialog is the whole screen on a phone).
 */
export const ONE_WIDTH_FILES = [
  'staff.spec.ts',
  'advance.spec.ts',
  'alerts.spec.ts',
  'contact.spec.ts',
  'coverage-and-phones.spec.ts',
  'dashboard.spec.ts',
  'flexi-data.spec.ts',
  'gift-shop.spec.ts',
  'household.spec.ts',
  'log-in.spec.ts',
  'log-out.spec.ts',
  'memberships.spec.ts',
  'my-data.spec.ts',
  'my48-languages.spec.ts',
  'offers.spec.ts',
  'orders.spec.ts',
  'passkeys.spec.ts',
  'payments.spec.ts',
  'push.spec.ts',
  'recruit.spec.ts',
  'reflow.spec.ts',
  'roaming.spec.ts',
  'security.spec.ts',
  'settings.spec.ts',
  'sign-up.spec.ts',
  'sim-settings.spec.ts',
  'support.spec.ts',
  'this-wasnt-me.spec.ts',
  'transactions.spec.ts',
] as const;

/** True for a test file that runs at one width (its axe checks then look at both). */
export const runsAtOneWidth = (file: string): boolean =>
  (ONE_WIDTH_FILES as readonly string[]).includes(basename(file));
