import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { ADVANCE_CENTS, ADVANCE_CREDIT_BELOW_CENTS } from '../../../contract/advance.ts';
import { decimal, euro, formatMsisdn, formatTag } from '../../../lib/format.ts';
import { getSessionCookie, setSessionCookie } from '../../../lib/session-cookies.ts';
import { $offlineAsOf, $workerTookOver } from '../../../stores/offline.ts';
import { Gauge } from '../../components/Gauge.tsx';
import { slotted } from '../../../lib/slotted.tsx';
import { localHref } from '../../../contract/i18n/routes.ts';
import { locale, say, sayCount } from '../../speech.ts';
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
      <p>{say('my48.spec.retrievingAccount')}</p>
      {overdue && (
        <p>
          {slotted(say('my48.dash.activationLate'), {
            link: <a href="/contact-us">{say('my48.dash.contactSupport')}</a>,
          })}
        </p>
      )}
    </div>
  );
}

const noted = (iso: string) =>
  new Intl.DateTimeFormat(formatTag(), { day: 'numeric', month: 'short', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );

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
      <h2 id="notes-title">
        {fresh.size > 0 ? sayCount('my48.dash.notificationsNew', fresh.size) : say('my48.dash.notifications')}
      </h2>
      <ul className="alerts-list">
        {latest.map((x) => (
          <li key={x.id}>
            <strong>{x.title}</strong>
            {fresh.has(x.id) && <span className="alerts-list__new">{say('my48.dash.new')}</span>}{' '}
            <span className="field__hint">{noted(x.created_at)}</span>
            <p>{x.body}</p>
          </li>
        ))}
      </ul>
      <p>
        <OnlineAction href="/my48/settings/alerts">{say('my48.dash.chooseAlerts')}</OnlineAction>
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
        <section
          key={b.msisdn}
          className="card stack"
          aria-label={say('my48.noSim.claimFrom', { number: formatMsisdn(b.msisdn) })}
        >
          <p className="alert alert--info">
            {say('my48.noSim.moved', { number: formatMsisdn(b.msisdn), amount: euro(b.amountCents) })}
          </p>
          <p>
            <a className="btn btn--primary" href="/my48/credit-back">
              {say('my48.noSim.askBack', { amount: euro(b.amountCents) })}
            </a>
          </p>
        </section>
      ))}
      <div className="alert alert--info" role="status">
        <p>{say('my48.noSim.none')}</p>
        <p>
          {slotted(say('my48.noSim.getOne'), {
            activate: <a href={localHref(locale(), '/activate-sim')}>{say('my48.noSim.activate')}</a>,
            order: <a href="/order-free-sim">{say('my48.noSim.order')}</a>,
          })}
        </p>
        {left.length === 0 && (
          <p>
            {slotted(say('my48.noSim.movedAway'), {
              link: <a href="/my48/credit-back">{say('my48.noSim.askCreditBack')}</a>,
            })}
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
        {say('my48.loadingAccount')}
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
            <strong>{say('my48.dash.blocked')}</strong> {say('my48.dash.blockedWhy')}
          </p>
          <p>
            <a href="/my48/settings/reorder-sim">{say('my48.dash.reorderSim')}</a> ·{' '}
            <a href="/my48/settings/change-my-sim#esim">{say('my48.dash.toEsim')}</a> ·{' '}
            <a href="/my48/settings/security">{say('my48.dash.unblock')}</a>
          </p>
        </div>
      )}
      {account.portInInProgress && (
        <div className="alert alert--info" role="status">
          <strong>{say('my48.spec.portinInProgress')}</strong> {say('my48.dash.portIn')}
        </div>
      )}
      {!account.serviceAvailable && (
        <div className="alert alert--error" role="alert">
          {say('my48.spec.serviceUnavailable')}
        </div>
      )}
      {account.accountDetailsMissing && (
        <div className="alert alert--error" role="alert">
          {say('my48.dash.detailsMissing')}
        </div>
      )}
      {account.sim && (
        <p className="sim-line">
          {say('my48.dash.number')}{' '}
          <strong>{account.sim.msisdn ? formatMsisdn(account.sim.msisdn) : say('my48.dash.numberComing')}</strong>
        </p>
      )}
      {u && (
        <>
          <div className="tiles">
            <section className="tile" aria-labelledby="tile-credit">
              <h2 id="tile-credit">{say('my48.dash.credit')}</h2>
              <p className="tile__figure">{u.credit}</p>
              <OnlineAction href="/my48/memberships/add-credit">{say('my48.screen.addCredit.title')}</OnlineAction>
              {account.sim && mayOweOrTake(account.summary?.main) && <AdvanceSlot ssn={account.sim.ssn} />}
            </section>
            <Membership u={u} />
            {u.isActiveMembership && <DataCard title={say('my48.dash.data')} figures={u.data} />}
            {u.onboardData && (
              <DataCard title={say('my48.dash.onboardData')} figures={u.onboardData}>
                {sayCount('my48.dash.onboardDays', u.onboardData.daysLeft)}
              </DataCard>
            )}
            {u.fairUsage && (
              <section className="tile" aria-labelledby="tile-fair-usage">
                <h2 id="tile-fair-usage">{say('my48.dash.fairUsage')}</h2>
                <p className="tile__figure">
                  {decimal(u.fairUsage.left ?? '0')}{' '}
                  <small>{say('my48.dash.gbLeftOf', { max: decimal(u.fairUsage.max ?? '0') })}</small>
                </p>
                <Gauge
                  label={say('my48.dash.fairUsageLeft')}
                  value={Number(u.fairUsage.left)}
                  max={Number(u.fairUsage.max)}
                  text={say('my48.dash.gbLeftOfMax', {
                    left: decimal(u.fairUsage.left ?? '0'),
                    max: decimal(u.fairUsage.max ?? '0'),
                  })}
                />
                <p className="tile__note">{say('my48.dash.fairUsageText', { max: decimal(u.fairUsage.max ?? '0') })}</p>
              </section>
            )}
            {u.isActiveMembership && (
              <CountCard title={say('my48.dash.mobileMinutes')} unit="minutes" figures={u.mobileMinutes} />
            )}
            {u.isActiveMembership && (
              <CountCard title={say('my48.dash.landlineMinutes')} unit="minutes" figures={u.landlineMinutes} />
            )}
            {u.isActiveMembership && <CountCard title={say('my48.dash.texts')} unit="texts" figures={u.texts} />}
            {u.isActiveMembership && (
              <DataCard title={say('my48.dash.roamingData')} figures={u.roaming}>
                <a href="/my48/roaming">{say('my48.dash.yourRoaming')}</a>
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
