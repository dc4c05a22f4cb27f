import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { KB_PER_GB } from '../../../contract/constants.ts';
import { type FlexiAction } from '../../../contract/flexi-data.ts';
import type { FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import { euro, shortDate } from '../../../lib/format.ts';
import { $flexiAction, ask, type Donation } from './flexi-data-store.ts';
import { amountChoices, blockedMessage, gbOf, leavesText } from './flexi-data-rules.ts';
import { say } from '../../speech.ts';

/** What the screen says while an action is on its way ("Donating…"). */
export const busyText = (action: FlexiAction): string => say(`my48.fx.busy.${action}`);

/** One feature of the screen: what it does, what the member has, and its action. */
export function Section({
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

export function Blocked({ message }: { message: string }) {
  return <p className="alert alert--info">{message}</p>;
}

/** An amount in whole GB, from 1 up to what there is (`fromKb`), what it leaves, and the button. */
export function AmountAction({
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
            <option key={n} value={n}>
              {say('my48.fx.gb', { gb: n })}
            </option>
          ))}
        </select>
      </div>
      <ActionEnd id={`${id}-leaves`} action={action} leaves={leavesText(action, o, gb)} button={button} />
    </form>
  );
}

/** The end of an action's form: what it leaves, the button (off while an action is on its way), a failure. */
export function ActionEnd({
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

export function Donations({ values }: { values: Donation[] }) {
  if (values.length === 0) return <p>{say('my48.fx.donate.none')}</p>;
  return (
    <>
      <h3>{say('my48.fx.donate.yours')}</h3>
      <ul className="plain">
        {values.map((d) => (
          <li key={`${d.occurred_at}-${d.unit}`}>
            {say('my48.fx.donate.line', {
              date: shortDate(d.occurred_at),
              amount: d.unit === 'EUR' ? euro(d.amount_cents ?? 0) : say('my48.fx.gb', { gb: gbOf(d.data_kb ?? 0) }),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

export function CarryoverAction({ o }: { o: FlexiOverview }) {
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
        {say('my48.fx.carryover.button', { gb: gbOf(unused) })}
      </button>
      <Failure action="carryover" />
    </div>
  );
}
