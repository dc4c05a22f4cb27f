import type { Category } from './consent.ts';

/**
 * Every cookie and storage key the site and my48 use, for /cookies-details (docs/product/operations.md): spec
 * section 3's, ours, and the tag manager's once a visitor agrees. A test holds it to the names the
 * code uses, and a browser test to what a journey actually leaves behind.
 */
export interface StoredItem {
  name: string;
  where: 'cookie' | 'local storage' | 'session storage';
  category: Category;
  /** Who writes it: 48 itself, or Google's tags (only after consent). */
  by: '48' | 'Google';
  purpose: string;
  lifetime: string;
}

const SESSION = '30 minutes';
const cookie = (name: string, purpose: string, lifetime = SESSION): StoredItem => ({
  name,
  where: 'cookie',
  category: 'necessary',
  by: '48',
  purpose,
  lifetime,
});
const google = (name: string, category: 'analytics' | 'marketing', purpose: string, lifetime: string): StoredItem => ({
  name,
  where: 'cookie',
  category,
  by: 'Google',
  purpose,
  lifetime,
});
const stored = (
  where: 'local storage' | 'session storage',
  name: string,
  purpose: string,
  lifetime: string,
): StoredItem => ({ name, where, category: 'necessary', by: '48', purpose, lifetime });
const TAB = 'Until you close the tab';

export const inventory: StoredItem[] = [
  cookie('authCode', 'Keeps you signed in to my48: the code of your session.'),
  cookie('userId', 'Your account number, encrypted, so my48 asks for your own details.'),
  cookie('userEmail', 'Your e-mail address, encrypted, for the help desk and forms you fill in.'),
  cookie('isCompliant', 'Whether your password meets our current rules, so my48 can ask you to change it.'),
  cookie('rolename', 'The kind of account you have, which decides the screens my48 shows.'),
  cookie(
    'dashboardNotification',
    'The newest notification the dashboard has shown you, encrypted, so it is announced as new once a visit and not again on every return.',
  ),
  cookie('signupVerification', 'A sign-up waiting for its e-mail address to be confirmed.'),
  cookie(
    'zendeskUser',
    'Your help-desk account (your e-mail address), encrypted: set when my48 signs you in to the help desk.',
  ),
  cookie('zendeskUserName', 'Your name, encrypted, as the help desk greets you.'),
  cookie('ugi', "Your connection's IP address, encrypted, sent with a mates-rates SIM order as the spec asks."),
  cookie(
    'ugl',
    'Where your connection is (town and area from the geolocation lookup), encrypted, so it is looked up once a visit.',
  ),
  cookie('rrfriend', "Your friend's name and your nickname during a recruit-and-reward order, encrypted."),
  cookie('recruiterId', 'The member who sent you a free SIM link, for their reward.'),
  cookie('simType', "The kind of SIM ordered through a friend's link."),
  cookie('ggTransaction', 'A random code that ties the requests of one visit together, to trace a payment problem.'),
  cookie('XSRF-TOKEN', 'Protects forms and payments against requests made by other sites.', '8 hours at most'),
  cookie(
    'gg_bind',
    'Binds your session to this browser, so a copied sign-in code is useless elsewhere. Not readable by scripts.',
    '8 hours at most',
  ),
  cookie('cc_cookie', 'Your cookie choice, so we do not ask again. Kept when you sign out.', '6 months'),
  cookie('lang', 'The language you chose for the site (English, Irish or Polish). Kept when you sign out.', '1 year'),
  google('_ga', 'analytics', 'Google Analytics: tells one visitor from another, without your name.', '2 years'),
  google('_ga_<id>', 'analytics', 'Google Analytics: keeps the state of a visit.', '2 years'),
  google('_gcl_au', 'marketing', 'Google Ads: counts sign-ups that came from an ad.', '90 days'),
  stored(
    'local storage',
    'splash',
    'Remembers that you have seen the welcome screen. Kept when you sign out.',
    'Until you clear it',
  ),
  stored(
    'local storage',
    'marketingCarouselFlag',
    "Remembers that the log-in page's carousel has been shown.",
    'Until you sign out',
  ),
  stored(
    'local storage',
    'refferedUser',
    'The member whose link brought you here, for their reward.',
    'Until you sign out',
  ),
  stored(
    'local storage',
    'recruiterURL',
    "The friend's link you came from, to take you back to it after you log in.",
    'Until you sign out or order',
  ),
  stored('session storage', 'lastLoggedInUrl', 'The my48 page you asked for, to open it after you log in.', TAB),
  stored('session storage', 'lastFlexibleUrl', 'The flexible-data screen you were on, to return to it.', TAB),
  stored('session storage', 'my48SettingsFragment', 'The settings section you had open.', TAB),
  stored('session storage', 'langOffered', 'That this tab has offered you the site in your browser’s language.', TAB),
  stored('session storage', 'signupFromStore', 'Whether a sign-up started with a SIM bought in a shop.', TAB),
  stored(
    'session storage',
    'sessionUsedAt',
    'When the server last answered for your session, so activity keeps it alive without asking more than every 5 minutes.',
    TAB,
  ),
  stored(
    'session storage',
    'headerBackButtonClicked',
    "Whether the header's back button was used, to go back the right way.",
    TAB,
  ),
];

/** Whether a name seen in a browser is one the inventory lists (a `<id>` part stands for any text). */
export function listed(name: string, items: readonly StoredItem[] = inventory): boolean {
  return items.some((item) =>
    item.name.includes('<') ? new RegExp(`^${item.name.replace(/<[^>]+>/g, '.+')}$`).test(name) : item.name === name,
  );
}
