import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { ADVANCE_CENTS, ADVANCE_CREDIT_BELOW_CENTS } from '../../../contract/advance.ts';
import { messages } from '../../../contract/messages.ts';
import { euro, formatMsisdn } from '../../../lib/format.ts';
import { getSessionCookie, setSessionCookie } from '../../../lib/session-cookies.ts';
import { $offlineAsOf, $workerTookOver } from '../../../stores/offline.ts';
import { Gauge } from '../../components/Gauge.tsx';
import { OnlineAction } from '../../components/Offline.tsx';
import { $account } from '../../stores/account.ts';
import { DailyUsage } from './DailyUsage.tsx';
import { CountCard, DataCard, Extras, Membership } from './UsageCards.tsx';
import {
  $activationOverdue,
  $usage,
  creditToClaim,
  notifications,
  watchActivation,
  watchBalance,
} from './dashboard-store.ts';
import { newNotifications, readShown, shownUpTo } from './new-notifications.ts';
import './dashboard.css';
/**
 * Activation in progress (spec sections 4, 8, 9): the retrieval message, the account checked
 * again every 30 seconds, and the hint to contact support once 15 minutes have passed.
 */
function Activating() {
  const overdue = useStore($activationOverdue);
  useEffect(watchActivation, []);
  return (
    <div className="alert alert--info" role="status">
      <p>{messages.retrievingAccount}</p>
      {overdue && (
        <p>
          It's taking longer than it should. Please <a href="/contact-us">contact support</a> and we'll sort it out.
        </p>
      )}
    </div>
  );
}

const noted = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'Europe/Dublin' });

/** The latest notifications: alerts, gifts, renewals. */
function Notifications() {
  const n = useStore(notifications.$state);
  const offline = Boolean(useStore($offlineAsOf));
  const tookOver = useStore($workerTookOver);
  // Announced as new once a session (the dashboardNotification cookie): read before this render marks them shown.
  const [shownBefore] = useState(() => readShown(getSessionCookie('dashboardNotification')));
  // Read on arrival, again through the worker on its first visit (it keeps them), and when the
  // connection comes back after figures shown offline.
  useEffect(() => {
    if (!offline) void notifications.load();
  }, [offline, tookOver]);
  const latest = useMemo(() => n.data?.latest ?? [], [n]);
  useEffect(() => {
    if (latest.length > 0) setSessionCookie('dashboardNotification', String(shownUpTo(latest, shownBefore)));
  }, [latest, shownBefore]);
  if (latest.length === 0) return null;
  const fresh = new Set(newNotifications(latest, shownBefore).map((x) => x.id));
  return (
    <section className="card stack" aria-labelledby="notes-title">
      <h2 id="notes-title">{`Notifications${fresh.size > 0 ? ` (${fresh.size} new)` : ''}`}</h2>
      <ul className="alerts-list">
        {latest.map((x) => (
          <li key={x.id}>
            <strong>{x.title}</strong>
            {fresh.has(x.id) && <span className="alerts-list__new">New</span>}{' '}
            <span className="field__hint">{noted.format(new Date(x.created_at))}</span>
            <p>{x.body}</p>
          </li>
        ))}
      </ul>
      <p>
        <OnlineAction href="/my48/settings/alerts">Choose your alerts</OnlineAction>
      </p>
    </section>
  );
}

/**
 * Whether the member may owe or take a top-up advance (docs/product/lifelines.md), from the credit alone: an
 * advance is for credit under €2.00, it adds €5.00, and while anything is owed every credit that
 * comes in repays first, so owing means credit under €7.00. Others load nothing for it.
 */
const mayOweOrTake = (creditCents: number | undefined) =>
  creditCents !== undefined && creditCents < ADVANCE_CREDIT_BELOW_CENTS + ADVANCE_CENTS;

/**
 * What is owed from a top-up advance and its offer (docs/product/lifelines.md), loaded after the figures show:
 * its code is not on the way to the dashboard (its budget).
 */
function AdvanceSlot({ ssn }: { ssn: string }) {
  const [Loaded, setLoaded] = useState<ComponentType<{ ssn: string }> | null>(null);
  useEffect(() => {
    let on = true;
    const load = () =>
      void import('../../components/Advance.tsx').then(
        (m) => on && setLoaded(() => m.default),
        () => undefined, // no offer this time; the credit still shows
      );
    load();
    return () => void (on = false);
  }, []);
  return Loaded ? <Loaded ssn={ssn} /> : null;
}

/** No active SIM: how to get one, and the credit a number that moved away left to ask back, with its amount. */
function NoSim() {
  const claim = useStore(creditToClaim.$state);
  useEffect(() => void creditToClaim.load(), []);
  const left = claim.data ?? [];
  return (
    <div className="stack">
      {left.map((b) => (
        <section key={b.msisdn} className="card stack" aria-label={`Credit to claim from ${formatMsisdn(b.msisdn)}`}>
          <p className="alert alert--info">
            {`${formatMsisdn(b.msisdn)} moved to another network with ${euro(b.amountCents)} of credit. It is yours to claim.`}
          </p>
          <p>
            <a className="btn btn--primary" href="/my48/credit-back">{`Ask for ${euro(b.amountCents)} back`}</a>
          </p>
        </section>
      ))}
      <div className="alert alert--info" role="status">
        <p>You have no active SIM yet.</p>
        <p>
          <a href="/activate-sim">Activate your SIM</a> or <a href="/order-free-sim">order a free SIM</a>.
        </p>
        {left.length === 0 && (
          <p>
            Moved your number to another network? <a href="/my48/credit-back">Ask for your credit back</a>.
          </p>
        )}
      </div>
    </div>
  );
}

/** The member's home: what they have left, per spec section 2 "Dashboard". */
export default function Dashboard() {
  const account = useStore($account);
  // Offline (docs/product/phone.md), the day-by-day use is not kept: only the figures the worker keeps show.
  const offline = Boolean(useStore($offlineAsOf));
  const u = useStore($usage);
  // Use paid from credit moves the credit: the figures are read again while the dashboard is shown.
  useEffect(watchBalance, []);
  if (account.status === 'loading')
    return (
      <p role="status" className="loading-line">
        Loading your account…
      </p>
    );
  if (account.status === 'activating') return <Activating />;
  if (account.status === 'no-sim') return <NoSim />;
  if (account.status === 'error')
    return (
      <div className="alert alert--error" role="alert">
        {account.error}
      </div>
    );
  return (
    <div className="stack">
      {account.sim?.blocked && (
        <div className="alert alert--error" role="alert">
          <p>
            <strong>Your SIM is blocked</strong> because it was reported lost or stolen: nothing can be bought or moved
            with it.
          </p>
          <p>
            <a href="/my48/settings/reorder-sim">Order a replacement SIM</a> ·{' '}
            <a href="/my48/settings/change-my-sim#esim">Change to an eSIM</a> ·{' '}
            <a href="/my48/settings/security">Unblock it</a>
          </p>
        </div>
      )}
      {account.portInInProgress && (
        <div className="alert alert--info" role="status">
          <strong>{messages.portinInProgress}</strong> Your number is on its way to 48; we'll let you know when it's
          done.
        </div>
      )}
      {!account.serviceAvailable && (
        <div className="alert alert--error" role="alert">
          {messages.serviceUnavailable}
        </div>
      )}
      {account.accountDetailsMissing && (
        <div className="alert alert--error" role="alert">
          We can't find all of your account details right now. Please try again later, or contact us if this stays.
        </div>
      )}
      {account.sim && (
        <p className="sim-line">
          Your number: <strong>{account.sim.msisdn ? formatMsisdn(account.sim.msisdn) : 'being assigned'}</strong>
        </p>
      )}
      {u && (
        <>
          <div className="tiles">
            <section className="tile" aria-labelledby="tile-credit">
              <h2 id="tile-credit">Credit</h2>
              <p className="tile__figure">{u.credit}</p>
              <OnlineAction href="/my48/memberships/add-credit">Add credit</OnlineAction>
              {account.sim && mayOweOrTake(account.summary?.main) && <AdvanceSlot ssn={account.sim.ssn} />}
            </section>
            <Membership u={u} />
            {u.isActiveMembership && <DataCard title="Data" figures={u.data} />}
            {u.onboardData && (
              <DataCard title="Onboard data" figures={u.onboardData}>
                {`${u.onboardData.daysLeft} ${u.onboardData.daysLeft === 1 ? 'day' : 'days'} to use it, until a membership starts.`}
              </DataCard>
            )}
            {u.fairUsage && (
              <section className="tile" aria-labelledby="tile-fair-usage">
                <h2 id="tile-fair-usage">Fair usage</h2>
                <p className="tile__figure">
                  {u.fairUsage.left} <small>GB left of {u.fairUsage.max} GB</small>
                </p>
                <Gauge
                  label="Fair-usage data left"
                  value={Number(u.fairUsage.left)}
                  max={Number(u.fairUsage.max)}
                  text={`${u.fairUsage.left} GB left of ${u.fairUsage.max} GB`}
                />
                <p className="tile__note">{u.fairUsage.text}</p>
              </section>
            )}
            {u.isActiveMembership && <CountCard title="Mobile minutes" unit="min" figures={u.mobileMinutes} />}
            {u.isActiveMembership && <CountCard title="Landline minutes" unit="min" figures={u.landlineMinutes} />}
            {u.isActiveMembership && <CountCard title="Texts" unit="texts" figures={u.texts} />}
            {u.isActiveMembership && (
              <DataCard title="Roaming data" figures={u.roaming}>
                <a href="/my48/roaming">Your roaming</a>
              </DataCard>
            )}
            <Extras u={u} />
          </div>
          {u.isActiveMembership && account.sim && !offline && <DailyUsage ssn={account.sim.ssn} />}
        </>
      )}
      <Notifications />
    </div>
  );
}
