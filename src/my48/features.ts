import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { createElement, useEffect, type ComponentType, type FunctionComponent } from 'react';
import { SETTINGS_FRAGMENTS } from './features/settings/fragments.ts';
import type { ScreenProps } from './screen-props.ts';
import { say, type My48Key, type My48WordGroup } from './speech.ts';
import { loadWords } from './screen-words.ts';

/**
 * The one list of my48's screens. The router (router.ts), the pre-rendered shell paths
 * (src/pages/my48/[...path].astro), the menus (the side menu; on a phone the bottom bar and its
 * More) and the page titles are all made from it:
 * a new screen is its folder under features/ and one entry here.
 */
export interface My48Feature {
  /** The router's name for the screen. */
  route: string;
  /** Its address (the router's pattern). */
  path: `/my48${string}`;
  /** Page title (before " | 48 …") and the screen's heading: catalogue keys, said in the page's language (speech.ts). */
  title: My48Key;
  heading: My48Key;
  /** Label in the menus, in sentence case as the rest of the site ("Top Up" is the spec's own); none keeps it out of them. */
  menu?: My48Key;
  /** On a phone, one of the bottom bar's four tabs (the other menu entries are under "More"), with its short label. */
  tab?: My48Key;
  /** The screen, loaded as its own chunk when first opened. */
  Screen: ComponentType<ScreenProps>;
  /** Addresses below this one that show the same screen (a :param pattern and its known values, pre-rendered). */
  children?: { route: string; pattern: `/my48${string}`; values: readonly string[] };
}

const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * A screen loaded as its own chunk when first opened, or sooner when asked to (preloadScreen).
 * Not React.lazy: a lazy screen suspends on its first render even when its chunk has arrived, and
 * React then holds the reveal of a Suspense boundary's content at least 300 ms after its fallback
 * showed; measured on the dashboard, the figures came ~200 ms after their answer (log-in click →
 * dashboard 528 ms, budget 500). Here the screen shows the loading line itself until its chunk is
 * in, then renders at once; a chunk that fails to load throws in render, to the ErrorBoundary.
 */
function screen<P extends object = ScreenProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
  /** The words it brings with its chunk, in the page's language (screen-words.ts). */
  words?: My48WordGroup,
): FunctionComponent<P> {
  const $loaded = atom<{ Component: ComponentType<P> } | { error: unknown } | undefined>(undefined);
  let loading: Promise<unknown> | undefined;
  const once = () =>
    (loading ??= Promise.all([load(), words && loadWords(words)]).then(
      ([m]) => $loaded.set({ Component: m.default }),
      (error: unknown) => $loaded.set({ error }),
    ));
  function Screen(props: P) {
    const loaded = useStore($loaded);
    useEffect(() => void once(), []);
    if (loaded && 'error' in loaded) throw loaded.error;
    if (!loaded) return createElement('p', { role: 'status', className: 'loading-line' }, say('my48.loading'));
    return createElement(loaded.Component, props);
  }
  loaders.set(Screen, once);
  return Screen;
}

/**
 * Starts loading a screen's chunk at once: the app asks for the screen of the address it opens on
 * as soon as its own code runs, so the chunk comes beside the guard and the account's first read
 * instead of after them (log-in click → dashboard).
 */
export function preloadScreen(feature: My48Feature | undefined): void {
  if (feature) void loaders.get(feature.Screen)?.();
}

/** The add-on purchase (memberships feature), shown on its own page and in the flexi-data screen's Add-on section. */
const AddonsScreen = screen<object>(() => import('./features/memberships/Addons.tsx'));

export const features: My48Feature[] = [
  {
    route: 'dashboard',
    path: '/my48',
    title: 'my48.screen.dashboard.title',
    heading: 'my48.screen.dashboard.heading',
    menu: 'my48.screen.dashboard.menu',
    tab: 'my48.screen.dashboard.tab',
    Screen: screen(() => import('./features/dashboard/Dashboard.tsx')),
  },
  {
    route: 'transactions',
    path: '/my48/transactions',
    title: 'my48.screen.transactions.title',
    heading: 'my48.screen.transactions.heading',
    menu: 'my48.screen.transactions.menu',
    Screen: screen(() => import('./features/transactions/Transactions.tsx'), 'transactions'),
    // Receipts (docs/product/member-controls.md): one per transaction id, so none is pre-rendered; the server answers them with the shell.
    children: { route: 'receipt', pattern: '/my48/transactions/:id', values: [] },
  },
  {
    // docs/product/money.md "Where credit goes": use by day and month, money by kind, exports.
    route: 'usage',
    path: '/my48/usage',
    title: 'my48.screen.usage.title',
    heading: 'my48.screen.usage.heading',
    menu: 'my48.screen.usage.menu',
    Screen: screen(() => import('./features/usage/Usage.tsx'), 'usage'),
  },
  {
    route: 'statement',
    path: '/my48/usage/statement',
    title: 'my48.screen.statement.title',
    heading: 'my48.screen.statement.heading',
    Screen: screen(() => import('./features/usage/Statement.tsx'), 'usage'),
  },
  {
    route: 'memberships',
    path: '/my48/memberships',
    title: 'my48.screen.memberships.title',
    heading: 'my48.screen.memberships.heading',
    menu: 'my48.screen.memberships.menu',
    // The spec's word for a membership on sale ("Our Plan", "Buy Plan"): short enough for a phone's tab.
    tab: 'my48.screen.memberships.tab',
    Screen: screen(() => import('./features/memberships/Memberships.tsx')),
  },
  {
    route: 'addCredit',
    path: '/my48/memberships/add-credit',
    title: 'my48.screen.addCredit.title',
    heading: 'my48.screen.addCredit.heading',
    Screen: screen(() => import('./features/memberships/AddCredit.tsx')),
  },
  {
    route: 'addons',
    path: '/my48/addons',
    title: 'my48.screen.addons.title',
    heading: 'my48.screen.addons.heading',
    menu: 'my48.screen.addons.menu',
    tab: 'my48.screen.addons.tab',
    Screen: AddonsScreen,
  },
  {
    route: 'flexiData',
    path: '/my48/flexi-data',
    title: 'my48.screen.flexiData.title',
    heading: 'my48.screen.flexiData.heading',
    menu: 'my48.screen.flexiData.menu',
    tab: 'my48.screen.flexiData.tab',
    Screen: screen<ScreenProps>(async () => {
      const { default: FlexiData } = await import('./features/flexi-data/FlexiData.tsx');
      return { default: () => createElement(FlexiData, { addons: AddonsScreen }) };
    }, 'flexi'),
  },
  {
    route: 'recruit',
    path: '/my48/recruit-and-reward',
    title: 'my48.screen.recruit.title',
    heading: 'my48.screen.recruit.heading',
    menu: 'my48.screen.recruit.menu',
    Screen: screen(() => import('./features/recruit/Recruit.tsx'), 'recruit'),
    children: { route: 'recruitFragment', pattern: '/my48/recruit-and-reward/:fragment', values: ['send-free-sim'] },
  },
  {
    route: 'household',
    path: '/my48/household',
    title: 'my48.screen.household.title',
    heading: 'my48.screen.household.heading',
    menu: 'my48.screen.household.menu',
    Screen: screen(() => import('./features/household/Household.tsx'), 'household'),
  },
  {
    route: 'offers',
    path: '/my48/offers',
    title: 'my48.screen.offers.title',
    heading: 'my48.screen.offers.heading',
    menu: 'my48.screen.offers.menu',
    Screen: screen(() => import('./features/offers/Offers.tsx'), 'offers'),
  },
  {
    route: 'phones',
    path: '/my48/need-a-device',
    title: 'my48.screen.phones.title',
    heading: 'my48.screen.phones.heading',
    menu: 'my48.screen.phones.menu',
    Screen: screen(() => import('./features/phones/Phones.tsx'), 'phones'),
  },
  {
    route: 'support',
    path: '/my48/support',
    title: 'my48.screen.support.title',
    heading: 'my48.screen.support.heading',
    menu: 'my48.screen.support.menu',
    Screen: screen(() => import('./features/support/Support.tsx'), 'support'),
    // A ticket's timeline: one per reference, so none is pre-rendered; the server answers them with the shell.
    children: { route: 'supportTicket', pattern: '/my48/support/:reference', values: [] },
  },
  {
    // docs/product/roaming.md: in my48's menus, and reached from the dashboard's roaming figure, the help
    // page and the notices; the public menus' "Roaming" stays as the spec sets it.
    route: 'roaming',
    path: '/my48/roaming',
    title: 'my48.screen.roaming.title',
    heading: 'my48.screen.roaming.heading',
    menu: 'my48.screen.roaming.menu',
    Screen: screen(() => import('./features/roaming/Roaming.tsx'), 'roaming'),
  },
  {
    // docs/product/money.md "Credit back": reached from the dashboard of a member whose number left, and the mails.
    route: 'creditBack',
    path: '/my48/credit-back',
    title: 'my48.screen.creditBack.title',
    heading: 'my48.screen.creditBack.heading',
    Screen: screen(() => import('./features/credit-back/CreditBack.tsx'), 'creditBack'),
  },
  {
    route: 'settings',
    path: '/my48/settings',
    title: 'my48.screen.settings.title',
    heading: 'my48.screen.settings.heading',
    menu: 'my48.screen.settings.menu',
    Screen: screen(() => import('./features/settings/Settings.tsx')),
    children: { route: 'settingsFragment', pattern: '/my48/settings/:fragment', values: SETTINGS_FRAGMENTS },
  },
];

/** Every path the shell is pre-rendered for, relative to /my48 ('' is /my48 itself). */
export const MY48_PATHS = features.flatMap((f) => {
  const own = f.path.replace(/^\/my48\/?/, '');
  const children = f.children
    ? f.children.values.map((v) => f.children!.pattern.replace(/^\/my48\//, '').replace(/:\w+/, v))
    : [];
  return [own, ...children];
});
