import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { createElement, useEffect, type ComponentType, type FunctionComponent } from 'react';
import { SETTINGS_FRAGMENTS } from './features/settings/fragments.ts';
import type { ScreenProps } from './screen-props.ts';

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
  /** Page title (before " | 48 …") and the screen's heading. */
  title: string;
  heading: string;
  /** Label in the menus, in sentence case as the rest of the site ("Top Up" is the spec's own); none keeps it out of them. */
  menu?: string;
  /** On a phone, one of the bottom bar's four tabs (the other menu entries are under "More"), with its short label. */
  tab?: string;
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
): FunctionComponent<P> {
  const $loaded = atom<{ Component: ComponentType<P> } | { error: unknown } | undefined>(undefined);
  let loading: Promise<unknown> | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => $loaded.set({ Component: m.default }),
      (error: unknown) => $loaded.set({ error }),
    ));
  function Screen(props: P) {
    const loaded = useStore($loaded);
    useEffect(() => void once(), []);
    if (loaded && 'error' in loaded) throw loaded.error;
    if (!loaded) return createElement('p', { role: 'status', className: 'loading-line' }, 'Loading…');
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
    title: 'Dashboard',
    heading: 'Your dashboard',
    menu: 'Dashboard',
    tab: 'Home',
    Screen: screen(() => import('./features/dashboard/Dashboard.tsx')),
  },
  {
    route: 'transactions',
    path: '/my48/transactions',
    title: 'Transactions',
    heading: 'Your transactions',
    menu: 'Transactions',
    Screen: screen(() => import('./features/transactions/Transactions.tsx')),
    // Receipts (docs/product/member-controls.md): one per transaction id, so none is pre-rendered; the server answers them with the shell.
    children: { route: 'receipt', pattern: '/my48/transactions/:id', values: [] },
  },
  {
    // docs/product/money.md "Where credit goes": use by day and month, money by kind, exports.
    route: 'usage',
    path: '/my48/usage',
    title: 'Usage',
    heading: 'Where your data and credit go',
    menu: 'Usage',
    Screen: screen(() => import('./features/usage/Usage.tsx')),
  },
  {
    route: 'statement',
    path: '/my48/usage/statement',
    title: 'Statement',
    heading: 'Your statement',
    Screen: screen(() => import('./features/usage/Statement.tsx')),
  },
  {
    route: 'memberships',
    path: '/my48/memberships',
    title: 'Memberships',
    heading: 'Memberships',
    menu: 'Memberships',
    // The spec's word for a membership on sale ("Our Plan", "Buy Plan"): short enough for a phone's tab.
    tab: 'Plans',
    Screen: screen(() => import('./features/memberships/Memberships.tsx')),
  },
  {
    route: 'addCredit',
    path: '/my48/memberships/add-credit',
    title: 'Add credit',
    heading: 'Add credit',
    Screen: screen(() => import('./features/memberships/AddCredit.tsx')),
  },
  {
    route: 'addons',
    path: '/my48/addons',
    title: 'Top up',
    heading: 'Top up with data',
    menu: 'Top Up',
    tab: 'Top Up',
    Screen: AddonsScreen,
  },
  {
    route: 'flexiData',
    path: '/my48/flexi-data',
    title: 'Flexi data',
    heading: 'Flexi data',
    menu: 'Flexi data',
    tab: 'Flexi data',
    Screen: screen<ScreenProps>(async () => {
      const { default: FlexiData } = await import('./features/flexi-data/FlexiData.tsx');
      return { default: () => createElement(FlexiData, { addons: AddonsScreen }) };
    }),
  },
  {
    route: 'recruit',
    path: '/my48/recruit-and-reward',
    title: 'Recruit and reward',
    heading: 'Recruit and reward',
    menu: 'Recruit & reward',
    Screen: screen(() => import('./features/recruit/Recruit.tsx')),
    children: { route: 'recruitFragment', pattern: '/my48/recruit-and-reward/:fragment', values: ['send-free-sim'] },
  },
  {
    route: 'household',
    path: '/my48/household',
    title: 'Household',
    heading: 'Your household',
    menu: 'Household',
    Screen: screen(() => import('./features/household/Household.tsx')),
  },
  {
    route: 'offers',
    path: '/my48/offers',
    title: 'Offers',
    heading: 'Offers',
    menu: 'Offers',
    Screen: screen(() => import('./features/offers/Offers.tsx')),
  },
  {
    route: 'phones',
    path: '/my48/need-a-device',
    title: 'Need a device',
    heading: 'Refurbished phones',
    menu: 'Need a device',
    Screen: screen(() => import('./features/phones/Phones.tsx')),
  },
  {
    route: 'support',
    path: '/my48/support',
    title: 'Support',
    heading: 'Support',
    menu: 'Support',
    Screen: screen(() => import('./features/support/Support.tsx')),
    // A ticket's timeline: one per reference, so none is pre-rendered; the server answers them with the shell.
    children: { route: 'supportTicket', pattern: '/my48/support/:reference', values: [] },
  },
  {
    // docs/product/roaming.md: in my48's menus, and reached from the dashboard's roaming figure, the help
    // page and the notices; the public menus' "Roaming" stays as the spec sets it.
    route: 'roaming',
    path: '/my48/roaming',
    title: 'Roaming',
    heading: 'Roaming',
    menu: 'Roaming',
    Screen: screen(() => import('./features/roaming/Roaming.tsx')),
  },
  {
    // docs/product/money.md "Credit back": reached from the dashboard of a member whose number left, and the mails.
    route: 'creditBack',
    path: '/my48/credit-back',
    title: 'Credit back',
    heading: 'Your credit back',
    Screen: screen(() => import('./features/credit-back/CreditBack.tsx')),
  },
  {
    route: 'settings',
    path: '/my48/settings',
    title: 'Settings',
    heading: 'Settings',
    menu: 'Settings',
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
