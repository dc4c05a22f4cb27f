import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import { SPOT_ME_MAX_DAYS, SPOT_ME_MIN_DAYS, type FlexiAction } from '../../../contract/flexi-data.ts';
import type { FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import { euro, formatMsisdn, gb as gbOf, shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useFragmentFocus } from '../../components/use-fragment.ts';
import { $account } from '../../stores/account.ts';
import {
  flexi,
  $flexiAction,
  $pending,
  ask,
  cancel,
  closeDone,
  confirmPending,
  confirmText,
  friendForms,
  type Donation,
} from './flexi-data-store.ts';
import { amountChoices, blockedMessage, leavesText, monthText } from './rules.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import './flexi-data.css';

const BUSY: Record<FlexiAction, string> = {
  carryover: 'Carrying over…',
  donate: 'Donating…',
  save: 'Saving to The Safe…',
  unlock: 'Unlocking…',
  swap: 'Swapping…',
  spotme: 'Spotting…',
  share: 'Sharing…',
};

/** One feature of the screen: what it does, what the member has, and its action. */
function Section({
  id,
  title,
  intro,
  has,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  has: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="card stack flexi" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{intro}</p>
      {has && (
        <p>
          <strong>{has}</strong>
        </p>
      )}
      {children}
    </section>
  );
}

function Failure({ action }: { action: FlexiAction }) {
  const { failed } = useStore($flexiAction);
  return failed?.action === action ? (
    <div className="alert alert--error" role="alert">
      {failed.message}
    </div>
  ) : null;
}

function Blocked({ message }: { message: string }) {
  return <p className="alert alert--info">{message}</p>;
}

/** An amount in whole GB, from 1 up to what there is (`fromKb`), what it leaves, and the button. */
function AmountAction({
  action,
  o,
  fromKb,
  label,
  button,
}: {
  action: FlexiAction;
  o: FlexiOverview;
  fromKb: number;
  label: string;
  button: string;
}) {
  const id = useId();
  const choices = amountChoices(fromKb);
  const [chosen, setChosen] = useState(1);
  const blocked = blockedMessage(action, o);
  if (blocked) return <Blocked message={blocked} />;
  const gb = Math.min(chosen, choices.at(-1) ?? 1);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask({ action, amountGb: gb });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={button}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={gb}
          onChange={(e) => setChosen(Number(e.target.value))}
          aria-describedby={`${id}-leaves`}
        >
          {choices.map((n) => (
            <option key={n} value={n}>{`${n} GB`}</option>
          ))}
        </select>
      </div>
      <ActionEnd id={`${id}-leaves`} action={action} leaves={leavesText(action, o, gb)} button={button} />
    </form>
  );
}

/** The end of an action's form: what it leaves, the button (off while an action is on its way), a failure. */
function ActionEnd({
  id,
  action,
  leaves,
  button,
}: {
  id?: string;
  action: FlexiAction;
  leaves: string;
  button: string;
}) {
  const { busy } = useStore($flexiAction);
  return (
    <>
      <p id={id} className="flexi__leaves">
        {leaves}
      </p>
      <div>
        <button type="submit" className="btn btn--primary" disabled={Boolean(busy)}>
          {button}
        </button>
      </div>
      <Failure action={action} />
    </>
  );
}

/** Spot me and Share: a friend's number, an amount, and for Spot me the days. */
function FriendAction({ action, o }: { action: 'spotme' | 'share'; o: FlexiOverview }) {
  const id = useId();
  const choices = amountChoices(o.membership?.unused_kb ?? 0);
  const [msisdn, setMsisdn] = useState('');
  const [chosen, setChosen] = useState(1);
  const [days, setDays] = useState('3');
  const form = friendForms[action];
  const problems = useStore(form.$state).fields;
  useEffect(() => form.reset, [form]);
  const blocked = blockedMessage(action, o);
  if (blocked) return <Blocked message={blocked} />;
  const gb = Math.min(chosen, choices.at(-1) ?? 1);
  const problem = (field: string) =>
    problems[field] && (
      <p id={`${id}-${field}-error`} className="field__error">
        {problems[field]}
      </p>
    );
  const described = (field: string) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const button = action === 'spotme' ? 'Spot data' : 'Share data';
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-label={button}>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-msisdn`}>{"Friend's 48 number"}</label>
          <input
            id={`${id}-msisdn`}
            name="msisdn"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={msisdn}
            onChange={(e) => setMsisdn(e.target.value)}
            {...described('msisdn')}
          />
          {problem('msisdn')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount</label>
          <select id={`${id}-amount`} name="amount_gb" value={gb} onChange={(e) => setChosen(Number(e.target.value))}>
            {choices.map((n) => (
              <option key={n} value={n}>{`${n} GB`}</option>
            ))}
          </select>
        </div>
        {action === 'spotme' && (
          <div className="field">
            <label htmlFor={`${id}-days`}>For how many days</label>
            <input
              id={`${id}-days`}
              name="days"
              type="number"
              min={SPOT_ME_MIN_DAYS}
              max={SPOT_ME_MAX_DAYS}
              step={1}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              {...described('days')}
            />
            {problem('days')}
          </div>
        )}
      </div>
      <ActionEnd action={action} leaves={leavesText(action, o, gb)} button={button} />
    </form>
  );
}

/** Spot me's loans of one direction, each with its friend's number and end date; nothing when there are none. */
function Loans<L extends { msisdn: string; ends_at: string }>({
  label,
  loans,
  text,
}: {
  label: string;
  loans: L[];
  text: (loan: L) => string;
}) {
  if (loans.length === 0) return null;
  return (
    <ul className="plain" aria-label={label}>
      {loans.map((l) => (
        <li key={`${l.msisdn}-${l.ends_at}`}>{text(l)}</li>
      ))}
    </ul>
  );
}

function Donations({ values }: { values: Donation[] }) {
  if (values.length === 0) return <p>You have not donated yet.</p>;
  return (
    <>
      <h3>Your donations</h3>
      <ul className="plain">
        {values.map((d) => (
          <li
            key={`${d.occurred_at}-${d.unit}`}
          >{`${shortDate(d.occurred_at)}: ${d.unit === 'EUR' ? euro(d.amount_cents ?? 0) : `${gbOf(d.data_kb ?? 0)} GB`}`}</li>
        ))}
      </ul>
    </>
  );
}

/** The popups: confirmation before anything that cannot be undone, and the outcome (carryover: the follow-up). */
function Popups() {
  const pending = useStore($pending);
  const { done } = useStore($flexiAction);
  if (pending) {
    const text = confirmText(pending);
    return (
      <Dialog
        title={text.title}
        onClose={cancel}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => void confirmPending()}>
              {text.yes}
            </button>
            <button type="button" className="btn btn--outline" onClick={cancel}>
              Cancel
            </button>
          </>
        }
      >
        <p>{text.body}</p>
      </Dialog>
    );
  }
  if (!done) return null;
  if (done.action === 'carryover' && done.needsMembershipBy) {
    return (
      <Dialog
        title="Carried over"
        onClose={closeDone}
        actions={
          <>
            <a className="btn btn--primary" href="/my48/memberships" onClick={closeDone}>
              Buy Membership
            </a>
            <a className="btn btn--outline" href="/my48" onClick={closeDone}>
              Ok
            </a>
          </>
        }
      >
        <p>{done.message}</p>
        <p>{`To keep your carried-over data you need a membership by ${shortDate(done.needsMembershipBy)}: buy your next membership or turn on auto-renew before then, or the data is lost.`}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Done"
      onClose={closeDone}
      actions={
        <button type="button" className="btn btn--primary" onClick={closeDone}>
          Ok
        </button>
      }
    >
      <p>{done.message}</p>
    </Dialog>
  );
}

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

function CarryoverAction({ o }: { o: FlexiOverview }) {
  const { busy } = useStore($flexiAction);
  const blocked = blockedMessage('carryover', o);
  if (blocked) return <Blocked message={blocked} />;
  const unused = o.membership?.unused_kb ?? 0;
  return (
    <div className="stack">
      <p className="flexi__leaves">{leavesText('carryover', o, 0)}</p>
      <button
        type="button"
        className="btn btn--primary"
        disabled={Boolean(busy)}
        onClick={() => ask({ action: 'carryover', amountGb: unused / KB_PER_GB })}
      >
        {`Carry over ${gbOf(unused)} GB`}
      </button>
      <Failure action="carryover" />
    </div>
  );
}
