import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { SPOT_ME_MAX_DAYS, SPOT_ME_MIN_DAYS } from '../../../contract/flexi-data.ts';
import type { FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import { friendForms, speakFriendForms } from './flexi-data-store.ts';
import { say } from '../../speech.ts';
import { amountChoices, blockedMessage, leavesText } from './flexi-data-rules.ts';
import { ActionEnd, Blocked } from './flexi-parts.tsx';

/** Spot me and Share: a friend's number, an amount, and for Spot me the days. */
export function FriendAction({ action, o }: { action: 'spotme' | 'share'; o: FlexiOverview }) {
  const id = useId();
  const choices = amountChoices(o.membership?.unused_kb ?? 0);
  const [msisdn, setMsisdn] = useState('');
  const [chosen, setChosen] = useState(1);
  const [days, setDays] = useState('3');
  const form = friendForms[action];
  speakFriendForms();
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
  const button = say(action === 'spotme' ? 'my48.fx.spotMe.button' : 'my48.fx.share.button');
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-label={button}>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-msisdn`}>{say('my48.fx.friendNumber')}</label>
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
          <label htmlFor={`${id}-amount`}>{say('my48.fx.amount')}</label>
          <select id={`${id}-amount`} name="amount_gb" value={gb} onChange={(e) => setChosen(Number(e.target.value))}>
            {choices.map((n) => (
              <option key={n} value={n}>
                {say('my48.fx.gb', { gb: n })}
              </option>
            ))}
          </select>
        </div>
        {action === 'spotme' && (
          <div className="field">
            <label htmlFor={`${id}-days`}>{say('my48.fx.days')}</label>
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
export function Loans<L extends { msisdn: string; ends_at: string }>({
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
