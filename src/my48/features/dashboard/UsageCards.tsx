import { useId, type ReactNode } from 'react';
import { Gauge } from '../../components/Gauge.tsx';
import { OnlineAction } from '../../components/Offline.tsx';
import { decimal } from '../../../lib/format.ts';
import { say, sayCount, type My48Key } from '../../speech.ts';
import type { CountFigures, DataFigures, UsageSummary } from './usage-summary.ts';
import { NO_ACTIVE_MEMBERSHIP, UNLIMITED } from './usage-summary.ts';

/** The dashboard's cards of what is left: data, minutes and texts, the membership and the extras, in the page's language. */

export function DataCard({
  title,
  figures,
  unlimitedText,
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
        <p className="tile__figure">{unlimitedText ?? say('my48.dash.unlimited')}</p>
      ) : (
        <>
          <p className="tile__figure">
            {decimal(figures.left ?? '0')} <small>{say('my48.dash.gbLeftOf', { max: decimal(figures.max) })}</small>
          </p>
          <Gauge
            label={say('my48.dash.left', { title })}
            value={Number(figures.left)}
            max={Number(figures.max)}
            text={say('my48.dash.gbLeftOfMax', { left: decimal(figures.left ?? '0'), max: decimal(figures.max) })}
          />
        </>
      )}
      <p className="tile__note">{say('my48.dash.gbUsed', { used: decimal(figures.used) })}</p>
      {children && <p className="tile__note">{children}</p>}
    </section>
  );
}

/** A count's words by its unit: the figure left (its plural), the gauge's text, what was used. */
const COUNT_WORDS: Record<'minutes' | 'texts', { leftOf: My48Key; text: My48Key; used: My48Key }> = {
  minutes: { leftOf: 'my48.dash.minutesLeftOf', text: 'my48.dash.minutesLeftText', used: 'my48.dash.minutesUsed' },
  texts: { leftOf: 'my48.dash.textsLeftOf', text: 'my48.dash.textsLeftText', used: 'my48.dash.textsUsed' },
};

export function CountCard({
  title,
  unit,
  figures,
}: {
  title: string;
  unit: 'minutes' | 'texts';
  figures: CountFigures;
}) {
  const id = useId();
  const words = COUNT_WORDS[unit];
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {figures.max === UNLIMITED || figures.left === UNLIMITED ? (
        <p className="tile__figure">{say('my48.dash.unlimited')}</p>
      ) : (
        <>
          <p className="tile__figure">
            {figures.left} <small>{sayCount(words.leftOf, figures.left, { max: figures.max })}</small>
          </p>
          <Gauge
            label={say('my48.dash.left', { title })}
            value={Number(figures.left)}
            max={figures.max}
            text={sayCount(words.text, figures.left, { max: figures.max })}
          />
        </>
      )}
      <p className="tile__note">{sayCount(words.used, figures.used)}</p>
    </section>
  );
}

export function Membership({ u }: { u: UsageSummary }) {
  return (
    <section className="tile tile--wide" aria-labelledby="tile-membership">
      <h2 id="tile-membership">{say('my48.dash.membership')}</h2>
      <p className="tile__figure">
        {u.membershipPlan === NO_ACTIVE_MEMBERSHIP ? say('my48.spec.noActiveMembership') : u.membershipPlan}
      </p>
      {u.isActiveMembership && (
        <>
          <p className="days">
            <strong className="days__number">{u.daysLeftInNumber}</strong>{' '}
            {sayCount('my48.dash.daysLeft', u.daysLeftInNumber)}
          </p>
          <dl className="facts">
            {u.membershipEnd && (
              <div>
                <dt>{say(u.membershipEnd.label === 'Renews on' ? 'my48.dash.renewsOn' : 'my48.dash.endsOn')}</dt>
                <dd>{u.membershipEnd.date}</dd>
              </div>
            )}
            <div>
              <dt>{say('my48.dash.autoRenew')}</dt>
              <dd>
                {u.enabledAutoRenew ? (
                  say('my48.dash.on')
                ) : (
                  <>
                    {say('my48.dash.off')}{' '}
                    <OnlineAction href="/my48/memberships">{say('my48.dash.turnAutoRenewOn')}</OnlineAction>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>{say('my48.dash.nextMembership')}</dt>
              <dd>
                {u.hasQueuedMembership
                  ? say('my48.dash.queuedStarts', { date: u.queuedStartDate ?? '' })
                  : say('my48.dash.noneQueued')}
              </dd>
            </div>
          </dl>
        </>
      )}
      {!u.isActiveMembership && (
        <OnlineAction className="btn btn--primary" href="/my48/memberships">
          {say('my48.buyMembership')}
        </OnlineAction>
      )}
    </section>
  );
}

export function Extras({ u }: { u: UsageSummary }) {
  return (
    <section className="tile tile--wide" aria-labelledby="tile-extras">
      <h2 id="tile-extras">{say('my48.dash.extras')}</h2>
      <dl className="facts">
        <div>
          <dt>{say('my48.dash.carryover')}</dt>
          <dd>
            {u.carryForwardData
              ? say('my48.dash.carryoverAndKept', {
                  gb: decimal(u.carryoverData),
                  kept: decimal(u.carryForwardData),
                })
              : say('my48.dash.gb', { gb: decimal(u.carryoverData) })}
          </dd>
        </div>
        <div>
          <dt>{say('my48.dash.safe')}</dt>
          <dd>
            {say('my48.dash.gb', { gb: decimal(u.safeData) })}{' '}
            <OnlineAction href="/my48/flexi-data#the-safe">{say('my48.dash.openSafe')}</OnlineAction>
          </dd>
        </div>
        <div>
          <dt>{say('my48.dash.spotted')}</dt>
          <dd>{say('my48.dash.gb', { gb: decimal(u.spottedData) })}</dd>
        </div>
        <div>
          <dt>{say('my48.dash.addonData')}</dt>
          <dd>
            {say('my48.dash.gb', { gb: decimal(u.addonData) })}{' '}
            <OnlineAction href="/my48/addons">{say('my48.dash.topUp')}</OnlineAction>
          </dd>
        </div>
        {/* Before a membership the onboard data is the data card; with one, what is left of it is an extra. */}
        {!u.onboardData && (
          <div>
            <dt>{say('my48.dash.onboardBundle')}</dt>
            <dd>
              {u.onBoardBundle
                ? sayCount('my48.dash.bundleLeft', u.onBoardBundle.daysLeft, {
                    left: decimal(u.onBoardBundle.left),
                    max: decimal(u.onBoardBundle.max),
                  })
                : say('my48.dash.empty')}
            </dd>
          </div>
        )}
        <div>
          <dt>{say('my48.dash.goodyBags')}</dt>
          <dd>
            {u.goodyBagsList.length === 0 ? (
              say('my48.dash.none')
            ) : (
              <ul className="plain">
                {u.goodyBagsList.map((g, i) => (
                  <li key={`${g.sku}-${i}`}>
                    {sayCount('my48.dash.bundleLeft', g.daysLeft, { left: decimal(g.left), max: decimal(g.max) })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
