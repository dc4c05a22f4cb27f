import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent } from 'react';
import {
  $member,
  $said,
  addNote,
  blockLine,
  closeMember,
  endNumberLock,
  giveGoodwill,
  may,
  openMember,
  resendVerification,
  reverse,
  unblockLine,
  type Member,
} from '../console-store.ts';
import { euro, when } from './format.ts';

const field = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '').trim();

/** A member: a reason first (audited before anything is shown), then the 360 and what the role may do. */
export function MemberScreen({ id }: { id: string }) {
  const state = useStore($member);
  useEffect(() => closeMember(id), [id]);
  if (!state.data)
    return (
      <>
        <h1 tabIndex={-1}>Open member {id}</h1>
        <form
          className="form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void openMember(id, field(e, 'reason'));
          }}
        >
          <p>
            Say why you open this account: a ticket or chat reference (T-123456, CH-42), or at least 10 characters. The
            member can read it.
          </p>
          <label htmlFor="open-reason">Reason</label>
          <input
            id="open-reason"
            name="reason"
            autoComplete="off"
            required
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? 'open-error' : undefined}
          />
          {state.error && (
            <p className="field__error" id="open-error" role="alert">
              {state.error}
            </p>
          )}
          <button type="submit" className="btn btn--primary" aria-busy={state.busy}>
            {state.busy ? 'Opening…' : 'Open the account'}
          </button>
        </form>
      </>
    );
  return <Member360 m={state.data} reason={state.reason ?? ''} />;
}

function Member360({ m, reason }: { m: Member; reason: string }) {
  const said = useStore($said);
  const charges = m.ledger.filter((l) => l.credit_delta_cents < 0 && !l.reversed_by);
  return (
    <>
      <h1 tabIndex={-1}>{m.name}</h1>
      <p className="meta">
        Member {m.member_id} · {m.email} ({m.email_verified ? 'verified' : 'not verified'}) · joined {when(m.joined_at)}
      </p>

      <section aria-labelledby="lines-title">
        <h2 id="lines-title">Lines</h2>
        <div className="table-wrap" role="region" aria-labelledby="lines-caption" tabIndex={0}>
          <table className="cards">
            <caption id="lines-caption">Each line: its state at the network, credit and membership</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Credit
                </th>
                <th scope="col">Membership</th>
                <th scope="col" className="num">
                  Unpaid use
                </th>
              </tr>
            </thead>
            <tbody>
              {m.lines.map((l) => (
                <tr key={l.ssn}>
                  <td data-label="Number">
                    {l.msisdn ?? 'no number'} <span className="meta">SIM {l.ssn}</span>
                  </td>
                  <td data-label="State">
                    {l.state}
                    {l.number_lock ? ' · number lock on' : ''}
                  </td>
                  <td data-label="Credit" className="num">
                    {euro(l.credit_cents)}
                  </td>
                  <td data-label="Membership">
                    {l.membership ? `${l.membership} until ${when(l.membership_ends_at)}` : 'none'}
                    {l.data_left_mb !== null ? ` · ${l.data_left_mb} MB left` : ''}
                  </td>
                  <td data-label="Unpaid use" className="num">
                    {euro(l.uncharged_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

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

      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title">Money, last 90 days</h2>
        <div className="table-wrap" role="region" aria-labelledby="ledger-caption" tabIndex={0}>
          <table className="cards">
            <caption id="ledger-caption">Every movement of credit and card, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col" className="num">
                  Credit
                </th>
                <th scope="col" className="num">
                  Card
                </th>
                <th scope="col">Cause</th>
              </tr>
            </thead>
            <tbody>
              {m.ledger.length === 0 && (
                <tr>
                  <td colSpan={5}>No movement in 90 days.</td>
                </tr>
              )}
              {m.ledger.map((l) => (
                <tr key={l.id}>
                  <td data-label="When">{when(l.occurred_at)}</td>
                  <td data-label="What">
                    {l.description}
                    {l.reversed_by ? ` (reversed: ${l.reversed_by})` : ''}
                  </td>
                  <td data-label="Credit" className="num">
                    {l.credit_delta_cents ? euro(l.credit_delta_cents) : ''}
                  </td>
                  <td data-label="Card" className="num">
                    {l.card_cents ? `${euro(l.card_cents)}${l.card_last4 ? ` ••${l.card_last4}` : ''}` : ''}
                  </td>
                  <td data-label="Cause">
                    <span className="meta">
                      {l.id} {l.reference ?? l.kind}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="notes-title">
        <h2 id="notes-title">Notes</h2>
        {m.notes.length === 0 ? (
          <p className="meta">No note yet.</p>
        ) : (
          <ul className="staff__list">
            {m.notes.map((n) => (
              <li key={n.id}>
                <span className="meta">
                  {when(n.at)}, {n.by}:
                </span>{' '}
                {n.text}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="orders-title">
        <h2 id="orders-title">Orders to the network</h2>
        {m.orders.length === 0 ? (
          <p className="meta">None.</p>
        ) : (
          <ul className="staff__list">
            {m.orders.map((o) => (
              <li key={o.id}>
                {when(o.at)}: {o.kind}, <strong>{o.state}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="told-title">
        <h2 id="told-title">Alerts and mails</h2>
        {m.told.length === 0 ? (
          <p className="meta">None.</p>
        ) : (
          <ul className="staff__list">
            {m.told.map((t) => (
              <li key={`${t.at}-${t.what}`}>
                {when(t.at)}: {t.what}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="tickets-title">
        <h2 id="tickets-title">Tickets, complaints and chats</h2>
        {m.tickets.length === 0 && m.chats.length === 0 ? (
          <p className="meta">None.</p>
        ) : (
          <ul className="staff__list">
            {m.tickets.map((t) => (
              <li key={t.reference}>
                <DeskLink href={t.desk_url} label={t.reference} /> ({t.kind}, {t.topic}): <strong>{t.state}</strong>,
                opened {when(t.at)}
                {t.due_on ? `, due ${t.due_on}` : ''}
              </li>
            ))}
            {m.chats.map((ch) => (
              <li key={ch.reference}>
                <DeskLink href={ch.desk_url} label={ch.reference} /> (live chat): <strong>{ch.state}</strong>, started{' '}
                {when(ch.at)}
                {ch.ended_at ? `, ended ${when(ch.ended_at)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        {m.household && (
          <p>
            {m.household.role === 'owner' ? 'Owns a household' : 'A line in a household'} of {m.household.lines}{' '}
            {m.household.lines === 1 ? 'line' : 'lines'}.
          </p>
        )}
        {m.security.length === 0 ? (
          <p className="meta">No log-in, code or change to a line on record.</p>
        ) : (
          <ul className="staff__list">
            {m.security.map((e) => (
              <li key={`${e.at}-${e.what}`}>
                {when(e.at)}: {e.what}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="opened-title">
        <h2 id="opened-title">Who at 48 opened this account</h2>
        <ul className="staff__list">
          {m.opened_by.map((a) => (
            <li key={a.id}>
              {when(a.at)}: {a.staff_name} ({a.staff_role}), {a.action}: “{a.reason}”
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** A ticket's or a chat's reference, a link to it at the desk once the desk has it (a new tab: the console stays). */
function DeskLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return <>{label} (not at the desk yet)</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> at the desk (opens in a new tab)</span>
    </a>
  );
}
