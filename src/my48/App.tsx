import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useMemberPage } from '../components/member/use-member-page.ts';
import { $offlineAsOf, $workerTookOver } from '../stores/offline.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { OfflineBanner } from './components/Offline.tsx';
import { features, preloadScreen } from './features.ts';
import { $router, BASE, featureOf, here } from './router.ts';
import { say, speak, type My48Speech } from './speech.ts';
import { registerWorker, watchReconnect } from './offline.ts';
import { sayUnexplained } from '../lib/http.ts';
import { $accountFailed, loadAccount } from './stores/account.ts';
import './my48.css';

// The screen of the address the app opens on starts loading with the app's own code.
preloadScreen(featureOf($router.get()?.route));

/** The account app: one client-only island with its own router (basename /my48, under the page's language prefix). */
export default function App({ speech }: { speech: My48Speech }) {
  // The shell's words, in its language, before anything renders (speech.ts); a failure nothing explains too.
  speak(speech);
  sayUnexplained(say('my48.failed'));
  const userId = useMemberPage();
  const page = useStore($router);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const screen = featureOf(page?.route);
  const offline = Boolean(useStore($offlineAsOf));
  const tookOver = useStore($workerTookOver);
  const stranded = useStore($accountFailed);

  useEffect(() => {
    if (userId) void loadAccount(userId);
  }, [userId]);
  // The worker's first visit: the account is read once more through it, so it keeps the last balance.
  useEffect(() => {
    if (userId && tookOver > 0) void loadAccount(userId, { force: true, quiet: true });
  }, [userId, tookOver]);
  // The worker keeps the last balance for offline (docs/product/phone.md); registered once the member is known.
  useEffect(() => {
    if (userId) registerWorker();
  }, [userId]);
  // Offline, the figures are read again when the connection comes back: a network answer ends the banner.
  // So too when the account could not be read at all (offline with no copy kept yet, or the service down).
  useEffect(() => {
    if (!userId || (!offline && !stranded)) return;
    return watchReconnect(() => void loadAccount(userId, { force: true, quiet: true }));
  }, [userId, offline, stranded]);

  // A new screen gets the page title and the focus, as a page load would.
  useEffect(() => {
    const suffix = document.title.split(' | ').slice(1).join(' | ');
    document.title = `${say(screen?.title ?? 'my48.notFound.title')} | ${suffix}`;
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [screen]);

  if (userId === undefined) return null;
  return (
    <div className="my48 container">
      <nav className="my48__nav" aria-label={say('my48.nav')}>
        <ul className="my48__menu">
          {features
            .filter((f) => f.menu)
            .map((f) => (
              <li key={f.route}>
                <a href={here(f.path)} aria-current={screen === f ? 'page' : undefined}>
                  {say(f.menu!)}
                </a>
              </li>
            ))}
          <li>
            <a href={home()}>{say('my48.backToSite')}</a>
          </li>
        </ul>
      </nav>
      <div className="my48__screen">
        <h1 ref={heading} tabIndex={-1}>
          {say(screen?.heading ?? 'my48.notFound.heading')}
        </h1>
        <OfflineBanner />
        {screen && offline && screen.route !== 'dashboard' ? (
          <p>
            {say('my48.offline.needsConnection')}{' '}
            <a href={here(features[0]!.path)}>{say('my48.offline.lastBalance')}</a>
          </p>
        ) : screen ? (
          <ErrorBoundary key={screen.route}>
            <screen.Screen
              page={{
                route: page!.route,
                params: (page!.params ?? {}) as Record<string, string>,
                search: page!.search ?? {},
              }}
            />
          </ErrorBoundary>
        ) : (
          <p>
            {say('my48.notFound.text')} <a href={here(features[0]!.path)}>{say('my48.notFound.link')}</a>
          </p>
        )}
      </div>
      <TabBar current={screen} />
    </div>
  );
}

/** The main site's home in the page's language. */
const home = () => (BASE ? `${BASE}/` : '/');

/** Each tab's icon (beside its label, so never its only name): simple line drawings in the text's colour. */
const TAB_ICONS: Record<string, string> = {
  dashboard: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  memberships: 'M3 6h18v12H3zM3 10h18M7 15h4',
  addons: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 8v8M8 12h8',
  flexiData: 'M4 8h13l-3-3M20 16H7l3 3',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};
function TabIcon({ route }: { route: string }) {
  const d = TAB_ICONS[route];
  if (!d) return null;
  return (
    <svg className="my48__tab-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/**
 * On a phone (and in the installed app, which has no browser buttons), my48's menu is a bar at the
 * bottom: four tabs and "More" for the rest, so each screen starts with its heading. It
 * comes after the screen in the page, as it does on screen; wide screens keep the side menu (CSS
 * shows one of the two, and a hidden one is out of the accessibility tree).
 */
function TabBar({ current }: { current: (typeof features)[number] | undefined }) {
  // The list is open for the screen it was opened on: going to another screen closes it.
  const [openOn, setOpenOn] = useState<string | null | undefined>(undefined);
  const on = current?.route ?? null;
  const open = openOn === on;
  const setOpen = (value: boolean) => setOpenOn(value ? on : undefined);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open list and gives the focus back to More (a listener only while it is open).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const link = (f: (typeof features)[number]) => (
    <li key={f.route}>
      <a href={here(f.path)} aria-current={current === f ? 'page' : undefined}>
        {f.tab && <TabIcon route={f.route} />}
        {say(f.tab ?? f.menu!)}
      </a>
    </li>
  );
  const more = features.filter((f) => f.menu && !f.tab);
  return (
    <nav className="my48__bar" aria-label={say('my48.nav')}>
      <ul id="my48-more" className="my48__more" hidden={!open}>
        {more.map(link)}
        <li>
          <a href={home()}>{say('my48.backToSite')}</a>
        </li>
      </ul>
      <ul className="my48__tabs">
        {features.filter((f) => f.tab).map(link)}
        <li>
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls="my48-more"
            className={current && more.includes(current) ? 'is-current' : undefined}
            onClick={() => setOpen(!open)}
          >
            <TabIcon route="more" />
            {say('my48.more')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
