import { useId, type ReactNode } from 'react';
import { Gauge } from '../../components/Gauge.tsx';
import { OnlineAction } from '../../components/Offline.tsx';
import type { CountFigures, DataFigures, UsageSummary } from './usage-summary.ts';
import { UNLIMITED } from './usage-summary.ts';

/** The dashboard's cards of what is left: data, minutes and texts, the membership and the extras. */

export function DataCard({
  title,
  figures,
  unlimitedText = UNLIMITED,
  children,
}: {
  title: string;
  figures: DataFigures;
  unlimitedText?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {figures.max === null ? (
        <p className="tile__figure">{unlimitedText}</p>
      ) : (
        <>
          <p className="tile__figure">
            {figures.left} <small>GB left of {figures.max} GB</small>
          </p>
          <Gauge
            label={`${title} left`}
            value={Number(figures.left)}
            max={Number(figures.max)}
            text={`${figures.left} GB left of ${figures.max} GB`}
          />
        </>
      )}
      <p className="tile__note">{figures.used} GB used</p>
      {children && <p className="tile__note">{children}</p>}
    </section>
  );
}

export function CountCard({ title, unit, figures }: { title: string; unit: string; figures: CountFigures }) {
  const id = useId();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {figures.max === UNLIMITED ? (
        <p className="tile__figure">{UNLIMITED}</p>
      ) : (
        <>
          <p className="tile__figure">
            {figures.left}{' '}
            <small>
              {unit} left of {figures.max}
            </small>
          </p>
          <Gauge
            label={`${title} left`}
            value={Number(figures.left)}
            max={figures.max}
            text={`${figures.left} ${unit} left of ${figures.max}`}
          />
        </>
      )}
      <p className="tile__note">
        {figures.used} {unit} used
      </p>
    </section>
  );
}

export function Membership({ u }: { u: UsageSummary }) {
  return (
    <section className="tile tile--wide" aria-labelledby="tile-membership">
      <h2 id="tile-membership">Membership</h2>
      <p className="tile__figure">{u.membershipPlan}</p>
      {u.isActiveMembership && (
        <>
          <p className="days">
            <strong className="days__number">{u.daysLeftInNumber}</strong> {u.expiryDate}
          </p>
          <dl className="facts">
            {u.membershipEnd && (
              <div>
                <dt>{u.membershipEnd.label}</dt>
                <dd>{u.membershipEnd.date}</dd>
              </div>
            )}
            <div>
              <dt>Auto-renew</dt>
              <dd>
                {u.enabledAutoRenew ? (
                  'On'
                ) : (
                  <>
                    Off <OnlineAction href="/my48/memberships">Turn auto-renew on</OnlineAction>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>Next membership</dt>
              <dd>{u.hasQueuedMembership ? `Queued, starts ${u.queuedStartDate}` : 'None queued'}</dd>
            </div>
          </dl>
        </>
      )}
      {!u.isActiveMembership && (
        <OnlineAction className="btn btn--primary" href="/my48/memberships">
          Buy a membership
        </OnlineAction>
      )}
    </section>
  );
}

export function Extras({ u }: { u: UsageSummary }) {
  return (
    <section className="tile tile--wide" aria-labelledby="tile-extras">
      <h2 id="tile-extras">Extras</h2>
      <dl className="facts">
        <div>
          <dt>Carry-over data</dt>
          <dd>
            {u.carryoverData} GB{u.carryForwardData && `, and ${u.carryForwardData} GB kept for your next membership`}
          </dd>
        </div>
        <div>
          <dt>The Safe</dt>
          <dd>
            {u.safeData} GB <OnlineAction href="/my48/flexi-data#the-safe">Open The Safe</OnlineAction>
          </dd>
        </div>
        <div>
          <dt>Spotted data</dt>
          <dd>{u.spottedData} GB</dd>
        </div>
        <div>
          <dt>Add-on data</dt>
          <dd>
            {u.addonData} GB <OnlineAction href="/my48/addons">Top up</OnlineAction>
          </dd>
        </div>
        {/* Before a membership the onboard data is the data card; with one, what is left of it is an extra. */}
        {!u.onboardData && (
          <div>
            <dt>Onboard bundle</dt>
            <dd>
              {u.onBoardBundle
                ? `${u.onBoardBundle.left} GB left of ${u.onBoardBundle.max} GB, ${u.onBoardBundle.daysLeft} days to use it`
                : 'Empty'}
            </dd>
          </div>
        )}
        <div>
          <dt>Goody bags</dt>
          <dd>
            {u.goodyBagsList.length === 0 ? (
              'None'
            ) : (
              <ul className="plain">
                {u.goodyBagsList.map((g, i) => (
                  <li
                    key={`${g.sku}-${i}`}
                  >{`${g.left} GB left of ${g.max} GB, ${g.daysLeft} ${g.daysLeft === 1 ? 'day' : 'days'} to use it`}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
