import { useStore } from '@nanostores/react';
import { useEffect, type ComponentType } from 'react';
import { MINUTES_PER_GB } from '../../../contract/constants.ts';
import { SPOT_ME_MAX_DAYS, SPOT_ME_MIN_DAYS } from '../../../contract/flexi-data.ts';
import { formatMsisdn, shortDate } from '../../../lib/format.ts';
import { localHref } from '../../../contract/i18n/routes.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { locale, say, sayCount } from '../../speech.ts';
import { useFragmentFocus } from '../../components/use-fragment.ts';
import { $account } from '../../stores/account.ts';
import { flexi, $flexiAction } from './flexi-data-store.ts';
import { blockedMessage, gbOf, monthText } from './flexi-data-rules.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import './flexi-data.css';
import { Popups } from './FlexiPopups.tsx';
import { FriendAction, Loans } from './FriendAction.tsx';
import { AmountAction, busyText, CarryoverAction, Donations, Section } from './flexi-parts.tsx';

/** A figure in GB, as the page's language writes it. */
const gbText = (kb: number) => say('my48.fx.gb', { gb: gbOf(kb) });

/**
 * Flexi data (docs/product/flexible-data.md): The Safe, Carryover, Donate, Swap, Spot me, Share and Add-on, one
 * section each (#the-safe … #addons). The add-on purchase is the memberships feature's screen,
 * put in the Add-on section by the registry (features.ts).
 */
export default function FlexiData({ addons: Addons }: { addons?: ComponentType | undefined }) {
  const account = useStore($account);
  const loaded = useStore(flexi.$state);
  const ssn = account.sim?.ssn;
  const mine = loaded.key === ssn ? loaded : undefined;
  const o = mine?.data?.overview;
  const donations = mine?.data?.donations;
  const { busy } = useStore($flexiAction);
  useEffect(() => {
    if (ssn) void flexi.load(ssn);
  }, [ssn]);
  useFragmentFocus(Boolean(o));

  if (account.status === 'loading')
    return (
      <p role="status" className="loading-line">
        {say('my48.loading')}
      </p>
    );
  if (!ssn)
    return (
      <div className="card">
        <p>
          {slotted(say('my48.fx.noSim'), {
            link: <a href={localHref(locale(), '/activate-sim')}>{say('my48.fx.activate')}</a>,
          })}
        </p>
      </div>
    );
  if (mine?.status === 'error')
    return <LoadFailed error={mine.error} retry={mine.retryable ? () => void flexi.retry() : undefined} />;
  if (!o)
    return (
      <p role="status" className="loading-line">
        {say('my48.fx.loading')}
      </p>
    );

  const m = o.membership;
  const unused = m?.unused_kb ?? 0;
  // An add-on bought in the Add-on section refreshes the account's summary: its figure is the newer one.
  const addonKb = account.summary?.addon_data ?? o.addon_kb;
  const unusedText = m
    ? m.unlimited
      ? say('my48.fx.unlimited')
      : say('my48.fx.unused', { gb: gbOf(unused), name: m.name, date: shortDate(m.ends_at) })
    : say('my48.fx.noMembership');
  const hasUnused = m && !m.unlimited ? say('my48.fx.hasUnused', { gb: gbOf(unused) }) : '';
  return (
    <div className="stack">
      {busy && (
        <p role="status" className="loading-line">
          {busyText(busy)}
        </p>
      )}
      <Popups />
      <section className="card stack" aria-labelledby="flexi-now">
        <h2 id="flexi-now">{say('my48.fx.now')}</h2>
        <p>{unusedText}</p>
        <p>{monthText(o)}</p>
        <dl className="facts">
          <div>
            <dt>{say('my48.flexi.safe.name')}</dt>
            <dd>{o.safe_kb === null ? say('my48.fx.safeUnavailable') : gbText(o.safe_kb)}</dd>
          </div>
          <div>
            <dt>{say('my48.fx.carriedForward')}</dt>
            <dd>{gbText(o.carry_forward_kb)}</dd>
          </div>
          <div>
            <dt>{say('my48.fx.carryoverData')}</dt>
            <dd>{gbText(o.carryover_kb)}</dd>
          </div>
          <div>
            <dt>{say('my48.fx.addonData')}</dt>
            <dd>{gbText(addonKb)}</dd>
          </div>
          <div>
            <dt>{say('my48.fx.spottedToYou')}</dt>
            <dd>{gbText(o.spotted_in.reduce((s, l) => s + l.left_kb, 0))}</dd>
          </div>
        </dl>
      </section>

      <Section
        id="the-safe"
        title={say('my48.flexi.safe.name')}
        intro={say('my48.fx.safe.intro')}
        has={o.safe_kb === null ? '' : say('my48.fx.safe.has', { gb: gbOf(o.safe_kb) })}
      >
        {o.safe_kb === null ? (
          <p className="alert alert--error" role="alert">
            {blockedMessage('unlock', o)}
          </p>
        ) : (
          <>
            <h3>{say('my48.fx.safe.saveTitle')}</h3>
            <AmountAction
              action="save"
              o={o}
              fromKb={unused}
              label={say('my48.fx.safe.saveAmount')}
              button={say('my48.fx.safe.saveButton')}
            />
            <h3>{say('my48.fx.safe.unlockTitle')}</h3>
            <AmountAction
              action="unlock"
              o={o}
              fromKb={o.safe_kb}
              label={say('my48.fx.safe.unlockAmount')}
              button={say('my48.fx.safe.unlockButton')}
            />
          </>
        )}
      </Section>

      <Section
        id="carryover"
        title={say('my48.flexi.carryover.name')}
        intro={say('my48.fx.carryover.intro')}
        has={hasUnused}
      >
        <CarryoverAction o={o} />
      </Section>

      <Section id="donate" title={say('my48.flexi.donate.name')} intro={say('my48.fx.donate.intro')} has={hasUnused}>
        <AmountAction
          action="donate"
          o={o}
          fromKb={unused}
          label={say('my48.fx.donate.amount')}
          button={say('my48.fx.donate.button')}
        />
        <Donations values={donations ?? []} />
      </Section>

      <Section
        id="swap"
        title={say('my48.flexi.swap.name')}
        intro={sayCount('my48.fx.swap.intro', MINUTES_PER_GB)}
        has={
          m
            ? m.landline_minutes.left === null
              ? say('my48.fx.swap.hasUnlimited', { gb: gbOf(unused) })
              : sayCount('my48.fx.swap.has', m.landline_minutes.left, { gb: gbOf(unused) })
            : ''
        }
      >
        <AmountAction
          action="swap"
          o={o}
          fromKb={unused}
          label={say('my48.fx.swap.amount')}
          button={say('my48.fx.swap.button')}
        />
      </Section>

      <Section
        id="spot-me"
        title={say('my48.flexi.spotMe.name')}
        intro={sayCount('my48.fx.spotMe.intro', SPOT_ME_MAX_DAYS, { min: SPOT_ME_MIN_DAYS })}
        has={hasUnused}
      >
        <FriendAction action="spotme" o={o} />
        <Loans
          label={say('my48.fx.spotMe.out')}
          loans={o.spotted_out}
          text={(l) =>
            say('my48.fx.spotMe.outLine', {
              gb: gbOf(l.data_kb),
              number: formatMsisdn(l.msisdn),
              date: shortDate(l.ends_at),
            })
          }
        />
        <Loans
          label={say('my48.fx.spotMe.in')}
          loans={o.spotted_in}
          text={(l) =>
            say('my48.fx.spotMe.inLine', {
              gb: gbOf(l.left_kb),
              number: formatMsisdn(l.msisdn),
              date: shortDate(l.ends_at),
            })
          }
        />
      </Section>

      <Section id="share" title={say('my48.flexi.share.name')} intro={say('my48.fx.share.intro')} has={hasUnused}>
        <FriendAction action="share" o={o} />
      </Section>

      <Section
        id="addons"
        title={say('my48.fx.addon.name')}
        intro={say('my48.fx.addon.intro')}
        has={say('my48.fx.addon.has', { gb: gbOf(addonKb) })}
      >
        {Addons ? <Addons /> : <a href="/my48/addons">{say('my48.fx.addon.link')}</a>}
      </Section>
    </div>
  );
}
