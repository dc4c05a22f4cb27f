import { useStore } from '@nanostores/react';
import { getPagePath } from '@nanostores/router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useMemberPage } from '../components/member/use-member-page.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { $router } from './router.ts';
import { loadAccount } from './stores/account.ts';

// Each screen is its own chunk, loaded when first opened.
const Dashboard = lazy(() => import('./features/dashboard/Dashboard.tsx'));
const Transactions = lazy(() => import('./features/transactions/Transactions.tsx'));
const Settings = lazy(() => import('./features/settings/Settings.tsx'));

const screens = {
  dashboard: { title: 'Dashboard', heading: 'Your dashboard', Screen: Dashboard },
  transactions: { title: 'Transactions', heading: 'Your transactions', Screen: Transactions },
  settings: { title: 'Settings', heading: 'Settings', Screen: Settings },
  settingsFragment: { title: 'Settings', heading: 'Settings', Screen: Settings },
} as const;

const links = [
  { route: 'dashboard', label: 'Dashboard' },
  { route: 'transactions', label: 'Transactions' },
  { route: 'settings', label: 'Settings' },
] as const;

/** The account app: one client-only island with its own router (basename /my48). */
export default function App() {
  const userId = useMemberPage();
  const page = useStore($router);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const screen = page ? screens[page.route] : undefined;

  useEffect(() => {
    if (userId) void loadAccount(userId);
  }, [userId]);

  // A new screen gets the page title and the focus, as a page load would.
  useEffect(() => {
    const suffix = document.title.split(' | ').slice(1).join(' | ');
    document.title = `${screen?.title ?? 'Not found'} | ${suffix}`;
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [screen]);

  if (userId === undefined) return null;
  const current = page?.route === 'settingsFragment' ? 'settings' : page?.route;
  return (
    <div className="my48 container">
      <nav className="my48__nav" aria-label="my48">
        <ul>
          {links.map((l) => (
            <li key={l.route}>
              <a href={getPagePath($router, l.route)} aria-current={current === l.route ? 'page' : undefined}>{l.label}</a>
            </li>
          ))}
          <li><a href="/">Back to the main site</a></li>
        </ul>
      </nav>
      <div className="my48__screen">
        <h1 ref={heading} tabIndex={-1}>{screen?.heading ?? 'Page not found'}</h1>
        {screen ? (
          <ErrorBoundary key={page!.route}>
            <Suspense fallback={<p role="status" className="loading-line">Loading…</p>}>
              <screen.Screen />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <p>There is nothing at this address in my48. <a href={getPagePath($router, 'dashboard')}>Go to your dashboard</a>.</p>
        )}
      </div>
    </div>
  );
}
