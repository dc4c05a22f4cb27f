import { useStore } from '@nanostores/react';
import { useEffect, type ComponentType } from 'react';
import { MINUTES_PER_GB } from '../../../contract/constants.ts';
import { SPOT_ME_MAX_DAYS, SPOT_ME_MIN_DAYS } from '../../../contract/flexi-data.ts';
import { formatMsisdn, gb as gbOf, shortDate } from '../../../lib/format.ts';
import { useFragmentFocus } from '../../components/use-fragment.ts';
import { $account } from '../../stores/account.ts';
import { flexi, $flexiAction } from './flexi-data-store.ts';
import { blockedMessage, monthText } from './flexi-data-rules.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import './flexi-data.css';
import { Popups } from './FlexiPopups.tsx';
import { FriendAction, Loans } from './FriendAction.tsx';
import { AmountAction, BUSY, CarryoverAction, Donations, Section } from './flexi-parts.tsx';

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
        Loading…
      </p>
    );
  if (!ssn)
    return (
      <div className="card">
        <p>
          You need an active SIM to use flexible data. <a href="/activate-sim">Activate your SIM</a>.
        </p>
      </div>
    );
  if (mine?.status === 'error')
    return <LoadFailed error={mine.error} retry={mine.retryable ? () => void flexi.retry() : undefined} />;
  if (!o)
    return (
      <p role="status" className="loading-line">
        Loading your flexible data…
      </p>
    );

  const m = o.membership;
  const unused = m?.unused_kb ?? 0;
  // An add-on bought in the Add-on section refreshes the account's summary: its figure is the newer one.
  const addonKb = account.summary?.addon_data ?? o.addon_kb;
  const unusedText = m
    ? m.unlimited
      ? 'Your membership has unlimited data.'
      : `You have ${gbOf(unused)} GB of unused data in your ${m.name}, which ends ${shortDate(m.ends_at)}.`
    : 'You have no active membership.';
  return (
    <div className="stack">
      {busy && (
        <p role="status" className="loading-line">
          {BUSY[busy]}
        </p>
      )}
      <Popups />
      <section className="card stack" aria-labelledby="flexi-now">
        <h2 id="flexi-now">Your data now</h2>
        <p>{unusedText}</p>
        <p>{monthText(o)}</p>
        <dl className="facts">
          <div>
            <dt>The Safe</dt>
            <dd>{o.safe_kb === null ? 'Not available right now' : `${gbOf(o.safe_kb)} GB`}</dd>
          </div>
          <div>
            <dt>Carried over for your next membership</dt>
            <dd>{`${gbOf(o.carry_forward_kb)} GB`}</dd>
          </div>
          <div>
            <dt>Carry-over data in this membership</dt>
            <dd>{`${gbOf(o.carryover_kb)} GB`}</dd>
          </div>
          <div>
            <dt>Add-on data</dt>
            <dd>{`${gbOf(addonKb)} GB`}</dd>
          </div>
          <div>
            <dt>Spotted to you</dt>
            <dd>{`${gbOf(o.spotted_in.reduce((s, l) => s + l.left_kb, 0))} GB`}</dd>
          </div>
        </dl>
      </section>

      <Section
        id="the-safe"
        title="The Safe"
        intro="The Safe keeps data for later, with no end date. Save unused data in it (that is this month's carryover, save or donate), and unlock it into your membership whenever you need it."
        has={o.safe_kb === null ? '' : `The Safe holds ${gbOf(o.safe_kb)} GB.`}
      >
        {o.safe_kb === null ? (
          <p className="alert alert--error" role="alert">
            {blockedMessage('unlock', o)}
          </p>
        ) : (
          <>
            <h3>Save to The Safe</h3>
            <AmountAction action="save" o={o} fromKb={unused} label="Amount to save" button="Save to The Safe" />
            <h3>Unlock from The Safe</h3>
            <AmountAction action="unlock" o={o} fromKb={o.safe_kb} label="Amount to unlock" button="Unlock" />
          </>
        )}
      </Section>

      <Section
        id="carryover"
        title="Carryover"
        intro="Carry all your unused data over to your next membership, so none of it goes to waste. It joins the next membership when it starts: keep auto-renew on, or buy your next membership before this one ends."
        has={m && !m.unlimited ? `You have ${gbOf(unused)} GB unused.` : ''}
      >
        <CarryoverAction o={o} />
      </Section>

      <Section
        id="donate"
        title="Donate"
        intro="Give unused data to the 48 community pool, for members in need. Donating is this month's carryover, save or donate."
        has={m && !m.unlimited ? `You have ${gbOf(unused)} GB unused.` : ''}
      >
        <AmountAction action="donate" o={o} fromKb={unused} label="Amount to donate" button="Donate" />
        <Donations values={donations ?? []} />
      </Section>

      <Section
        id="swap"
        title="Swap"
        intro={`Swap unused data for landline minutes: ${MINUTES_PER_GB} minutes for each GB. Any time, as often as you like.`}
        has={
          m
            ? `You have ${gbOf(unused)} GB unused and ${m.landline_minutes.left === null ? 'unlimited' : m.landline_minutes.left} landline minutes left.`
            : ''
        }
      >
        <AmountAction action="swap" o={o} fromKb={unused} label="Amount to swap" button="Swap" />
      </Section>

      <Section
        id="spot-me"
        title="Spot me"
        intro={`Lend unused data to a friend on 48 for ${SPOT_ME_MIN_DAYS} to ${SPOT_ME_MAX_DAYS} days. What they have not used when the days end comes back to you.`}
        has={m && !m.unlimited ? `You have ${gbOf(unused)} GB unused.` : ''}
      >
        <FriendAction action="spotme" o={o} />
        <Loans
          label="Data you have spotted"
          loans={o.spotted_out}
          text={(l) => `${gbOf(l.data_kb)} GB to ${formatMsisdn(l.msisdn)} until ${shortDate(l.ends_at)}`}
        />
        <Loans
          label="Data spotted to you"
          loans={o.spotted_in}
          text={(l) => `${gbOf(l.left_kb)} GB from ${formatMsisdn(l.msisdn)} until ${shortDate(l.ends_at)}`}
        />
      </Section>

      <Section
        id="share"
        title="Share"
        intro="Give unused data to a friend on 48 for good: it joins their membership."
        has={m && !m.unlimited ? `You have ${gbOf(unused)} GB unused.` : ''}
      >
        <FriendAction action="share" o={o} />
      </Section>

      <Section
        id="addons"
        title="Add-on"
        intro="Need more data? An add-on joins your current membership and ends with it."
        has={`You have ${gbOf(addonKb)} GB of add-on data in this membership.`}
      >
        {Addons ? <Addons /> : <a href="/my48/addons">Top up with a data add-on</a>}
      </Section>
    </div>
  );
}
