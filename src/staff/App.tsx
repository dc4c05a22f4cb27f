import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { ROLE_WORDS } from '../contract/staff.ts';
import { $me, $router, $said, catchScreenLinks, closeMember, loadMe, may, SCREENS } from './console-store.ts';
import { Home } from './screens/Home.tsx';
import { FindMember } from './screens/FindMember.tsx';
import { MemberScreen } from './screens/Member.tsx';
import { RequestsScreen } from './screens/Requests.tsx';
import { RefundsScreen } from './screens/Refunds.tsx';
import { AuditScreen, PeopleScreen } from './screens/Admin.tsx';
import { BuildsScreen } from './screens/Builds.tsx';
import './staff.css';

/**
 * The staff console (docs/product/staff.md): one client-only island with its own router, reading and
 * acting only through the contract's /panda/staff endpoints. Keyboard first: a skip link, the
 * screen's heading takes the focus when the screen changes, every action a button or a form.
 */
export default function App() {
  const me = useStore($me);
  const page = useStore($router);
  const said = useStore($said);
  const main = useRef<HTMLElement>(null);
  const route = page?.route;
  const memberId = page?.route === 'member' ? page.params.id : '';
  useEffect(() => {
    void loadMe();
    return catchScreenLinks();
  }, []);
  useEffect(() => {
    $said.set({});
    if (route !== 'member') closeMember();
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route, memberId]);

  if (me.status === 'loading')
    return (
      <p role="status" className="staff__boot">
        Loading the staff console…
      </p>
    );
  if (me.status !== 'in')
    return (
      <main className="staff__signin container" id="main">
        <h1>48 staff console</h1>
        {me.status === 'error' ? <p role="alert">{me.error}</p> : <p>Sign in with your work account to continue.</p>}
        <p>
          <a className="btn btn--primary" href="/staff-sign-in">
            Sign in
          </a>
        </p>
      </main>
    );

  const screens = SCREENS.filter((s) => may(s.permission));
  const current = screens.find((s) => s.route === page?.route) ?? (page?.route === 'member' ? screens[1] : undefined);
  return (
    <div className="staff">
      <a className="staff__skip" href="#main">
        Skip to the screen
      </a>
      <header className="staff__bar">
        <p className="staff__brand">48 staff</p>
        <p className="staff__who">
          {me.me.name} <span className="staff__role">{ROLE_WORDS[me.me.role]}</span>
        </p>
        <form method="post" action="/staff-sign-out">
          <button type="submit" className="btn btn--outline">
            Sign out
          </button>
        </form>
      </header>
      <nav className="staff__nav" aria-label="Console">
        <ul>
          {screens.map((s) => (
            <li key={s.route}>
              <a href={s.path} aria-current={current?.route === s.route ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="staff__main" id="main" ref={main}>
        {said.text && (
          <p className={`staff__said staff__said--${said.tone}`} role={said.tone === 'error' ? 'alert' : 'status'}>
            {said.text}
          </p>
        )}
        <Screen route={page?.route} id={page?.route === 'member' ? page.params.id : undefined} />
      </main>
    </div>
  );
}

function Screen({ route, id }: { route: string | undefined; id: string | undefined }) {
  if (route === 'home') return <Home />;
  if (route === 'find' && may('members.find')) return <FindMember />;
  if (route === 'member' && id && may('members.open')) return <MemberScreen id={id} />;
  if (route === 'requests' && may('requests.decide')) return <RequestsScreen />;
  if (route === 'refunds' && may('refunds.file')) return <RefundsScreen />;
  if (route === 'audit' && may('audit.read')) return <AuditScreen />;
  if (route === 'people' && may('staff.read')) return <PeopleScreen />;
  if (route === 'builds' && may('content.publish')) return <BuildsScreen />;
  return (
    <>
      <h1 tabIndex={-1}>Not here</h1>
      <p>This screen does not exist, or your role does not open it.</p>
    </>
  );
}
