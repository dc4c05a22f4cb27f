import type { Category } from './consent.ts';

/**
 * Every cookie and storage key the site and my48 use, for /cookies-details (docs/product/operations.md): spec
 * section 3's, ours, and the tag manager's once a visitor agrees. A test holds it to the names the
 * code uses, and a browser test to what a journey actually leaves behind. What each is for and how
 * long it lasts are said in the message catalogue, in every language (`purposeKey`, `lifetimeKey`).
 */
export interface StoredItem {
  name: string;
  where: 'cookie' | 'local storage' | 'session storage';
  category: Category;
  /** Who writes it: 48 itself, or Google's tags (only after consent). */
  by: '48' | 'Google';
  lifetime: Lifetime;
}

/** How long an item lasts, by its catalogue key (`cookies.lifetime.<lifetime>`). */
export type Lifetime =
  | 'session'
  | 'eightHours'
  | 'sixMonths'
  | 'oneYear'
  | 'twoYears'
  | 'ninetyDays'
  | 'untilCleared'
  | 'untilSignOut'
  | 'untilSignOutOrOrder'
  | 'untilTabClosed';

/** What an item is for, in the catalogue. */
export const purposeKey = (item: StoredItem) => `cookies.purpose.${item.name}` as const;
/** How long an item lasts, in the catalogue. */
export const lifetimeKey = (item: StoredItem) => `cookies.lifetime.${item.lifetime}` as const;

const cookie = (name: string, lifetime: Lifetime = 'session'): StoredItem => ({
  name,
  where: 'cookie',
  category: 'necessary',
  by: '48',
  lifetime,
});
const google = (name: string, category: 'analytics' | 'marketing', lifetime: Lifetime): StoredItem => ({
  name,
  where: 'cookie',
  category,
  by: 'Google',
  lifetime,
});
const stored = (where: 'local storage' | 'session storage', name: string, lifetime: Lifetime): StoredItem => ({
  name,
  where,
  category: 'necessary',
  by: '48',
  lifetime,
});

export const inventory: StoredItem[] = [
  cookie('authCode'),
  cookie('userId'),
  cookie('userEmail'),
  cookie('isCompliant'),
  cookie('rolename'),
  cookie('dashboardNotification'),
  cookie('signupVerification'),
  cookie('zendeskUser'),
  cookie('zendeskUserName'),
  cookie('ugi'),
  cookie('ugl'),
  cookie('rrfriend'),
  cookie('recruiterId'),
  cookie('simType'),
  cookie('ggTransaction'),
  cookie('XSRF-TOKEN', 'eightHours'),
  cookie('gg_bind', 'eightHours'),
  cookie('cc_cookie', 'sixMonths'),
  cookie('lang', 'oneYear'),
  google('_ga', 'analytics', 'twoYears'),
  google('_ga_<id>', 'analytics', 'twoYears'),
  google('_gcl_au', 'marketing', 'ninetyDays'),
  stored('local storage', 'splash', 'untilCleared'),
  stored('local storage', 'marketingCarouselFlag', 'untilSignOut'),
  stored('local storage', 'refferedUser', 'untilSignOut'),
  stored('local storage', 'recruiterURL', 'untilSignOutOrOrder'),
  stored('session storage', 'lastLoggedInUrl', 'untilTabClosed'),
  stored('session storage', 'lastFlexibleUrl', 'untilTabClosed'),
  stored('session storage', 'my48SettingsFragment', 'untilTabClosed'),
  stored('session storage', 'langOffered', 'untilTabClosed'),
  stored('session storage', 'signupFromStore', 'untilTabClosed'),
  stored('session storage', 'sessionUsedAt', 'untilTabClosed'),
  stored('session storage', 'headerBackButtonClicked', 'untilTabClosed'),
];

/** Whether a name seen in a browser is one the inventory lists (a `<id>` part stands for any text). */
export function listed(name: string, items: readonly StoredItem[] = inventory): boolean {
  return items.some((item) =>
    item.name.includes('<') ? new RegExp(`^${item.name.replace(/<[^>]+>/g, '.+')}$`).test(name) : item.name === name,
  );
}
