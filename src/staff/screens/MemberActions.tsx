import { useStore } from '@nanostores/react';
import { type FormEvent } from 'react';
import {
  $said,
  addNote,
  blockLine,
  endNumberLock,
  giveGoodwill,
  may,
  resendVerification,
  reverse,
  unblockLine,
  type Member,
} from '../console-store.ts';
import { euro, when } from './format.ts';

const field = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '').trim();

/** What the role may do to a member, each a form that gives its reason (audited with it). */
export function MemberActions({ m, reason }: { m: Member; reason: string }) {
  const said = useStore($said);
  const charges = m.ledger.filter((l) => l.credit_delta_cents < 0 && !l.reversed_by);
  return (
    <div className="staff__actions">
      {may('money.reverse') && (
        <form
          className="form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void reverse(Number(field(e, 'ledger_id')), field(e, 'reason'));
          }}
        >
          <h2>Reverse a charge</h2>
          {charges.length === 0 ? (
            <p className="meta">No charge from credit in the last 90 days is left to reverse.</p>
          ) : (
            <>
              <label htmlFor="reverse-charge">Charge</label>
              <select id="reverse-charge" name="ledger_id">
                {charges.map((l) => (
                  <option key={l.id} value={l.id}>
                    {when(l.occurred_at)}: {l.description} ({euro(-l.credit_delta_cents)})
                  </option>
                ))}
              </select>
              <label htmlFor="reverse-reason">Reason</label>
              <input id="reverse-reason" name="reason" defaultValue={reason} autoComplete="off" required />
              <button type="submit" className="btn btn--primary" disabled={said.busy !== undefined}>
                {said.busy?.startsWith('reverse') ? 'Reversing…' : 'Reverse the charge'}
              </button>
            </>
          )}
        </form>
      )}
      {may('money.goodwill') && m.lines.some((l) => l.msisdn) && (
        <form
          className="form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void giveGoodwill(field(e, 'ssn'), field(e, 'amount'), field(e, 'reason'));
          }}
        >
          <h2>Goodwill credit</h2>
          <label htmlFor="goodwill-line">Line</label>
          <select id="goodwill-line" name="ssn">
            {m.lines
              .filter((l) => l.msisdn)
              .map((l) => (
                <option key={l.ssn} value={l.ssn}>
                  {l.msisdn}
                </option>
              ))}
          </select>
          <label htmlFor="goodwill-amount">Amount in euro</label>
          <input
            id="goodwill-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-describedby="goodwill-hint"
          />
          <p className="meta" id="goodwill-hint">
            Above your limit it waits for a supervisor’s approval.
          </p>
          <label htmlFor="goodwill-reason">Reason</label>
          <input id="goodwill-reason" name="reason" defaultValue={reason} autoComplete="off" required />
          <button type="submit" className="btn btn--primary" disabled={said.busy !== undefined}>
            {said.busy === 'goodwill' ? 'Giving…' : 'Give goodwill credit'}
          </button>
        </form>
      )}
      {may('members.note') && (
        <form
          className="form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            void addNote(field(e, 'text')).then(() => form.reset());
          }}
        >
          <h2>Add a note</h2>
          <label htmlFor="note-text">Note</label>
          <textarea id="note-text" name="text" rows={3} required />
          <button type="submit" className="btn btn--outline" disabled={said.busy !== undefined}>
            Add the note
          </button>
        </form>
      )}
      {may('fraud.act') && (
        <form
          className="form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            const body = { reason: field(e, 'reason'), check: field(e, 'check') };
            const [what, ssn] = (submitter?.value ?? '').split(':');
            if (what === 'block') void blockLine(ssn!, body);
            else if (what === 'unblock') void unblockLine(ssn!, body);
            else if (what === 'end-lock') void endNumberLock(body);
          }}
        >
          <h2>Fraud</h2>
          <label htmlFor="fraud-reason">Reason</label>
          <input id="fraud-reason" name="reason" defaultValue={reason} autoComplete="off" required />
          <label htmlFor="fraud-check">The check you made</label>
          <input id="fraud-check" name="check" autoComplete="off" required aria-describedby="fraud-check-hint" />
          <p className="meta" id="fraud-check-hint">
            For example: called back on the number on file; saw the ID in the shop.
          </p>
          {m.lines.map((l) =>
            l.state.startsWith('blocked') ? (
              <button
                key={l.ssn}
                type="submit"
                value={`unblock:${l.ssn}`}
                className="btn btn--outline"
                disabled={said.busy !== undefined}
              >
                Unblock {l.msisdn ?? l.ssn}
              </button>
            ) : (
              <button
                key={l.ssn}
                type="submit"
                value={`block:${l.ssn}`}
                className="btn btn--outline"
                disabled={said.busy !== undefined}
              >
                Block {l.msisdn ?? l.ssn}
              </button>
            ),
          )}
          {m.lines.some((l) => l.number_lock) && (
            <button type="submit" value="end-lock" className="btn btn--outline" disabled={said.busy !== undefined}>
              End the number lock now
            </button>
          )}
        </form>
      )}
      {may('members.verify') && !m.email_verified && (
        <div className="card">
          <h2>E-mail address not verified</h2>
          <button
            type="button"
            className="btn btn--outline"
            disabled={said.busy !== undefined}
            onClick={() => void resendVerification(reason)}
          >
            Send the verification again
          </button>
        </div>
      )}
    </div>
  );
}
