import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { $member, closeMember, openMember, type Member } from '../console-store.ts';
import { euro, when } from './format.ts';
import { MemberActions } from './MemberActions.tsx';
import { TableHead } from '../../components/TableHead.tsx';

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
            <TableHead
              columns={[
                'Number',
                'State',
                { label: 'Credit', className: 'num' },
                'Membership',
                { label: 'Unpaid use', className: 'num' },
              ]}
            />
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

      <MemberActions m={m} reason={reason} />

      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title">Money, last 90 days</h2>
        <div className="table-wrap" role="region" aria-labelledby="ledger-caption" tabIndex={0}>
          <table className="cards">
            <caption id="ledger-caption">Every movement of credit and card, newest first</caption>
            <TableHead
              columns={[
                'When',
                'What',
                { label: 'Credit', className: 'num' },
                { label: 'Card', className: 'num' },
                'Cause',
              ]}
            />
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

      <Dated
        id="orders"
        title="Orders to the network"
        items={m.orders.map((o) => ({
          key: String(o.id),
          at: o.at,
          text: (
            <>
              {o.kind}, <strong>{o.state}</strong>
            </>
          ),
        }))}
      />

      <Dated
        id="told"
        title="Alerts and mails"
        items={m.told.map((t) => ({ key: `${t.at}-${t.what}`, at: t.at, text: t.what }))}
      />

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

      <Dated
        id="security"
        title="Security"
        none="No log-in, code or change to a line on record."
        items={m.security.map((e) => ({ key: `${e.at}-${e.what}`, at: e.at, text: e.what }))}
      >
        {m.household && (
          <p>
            {m.household.role === 'owner' ? 'Owns a household' : 'A line in a household'} of {m.household.lines}{' '}
            {m.household.lines === 1 ? 'line' : 'lines'}.
          </p>
        )}
      </Dated>

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

/** A section of what happened, each line dated (none: said so). */
function Dated({
  id,
  title,
  items,
  none = 'None.',
  children,
}: {
  id: string;
  title: string;
  items: { key: string; at: string; text: ReactNode }[];
  none?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {items.length === 0 ? (
        <p className="meta">{none}</p>
      ) : (
        <ul className="staff__list">
          {items.map((item) => (
            <li key={item.key}>
              {when(item.at)}: {item.text}
            </li>
          ))}
        </ul>
      )}
    </section>
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
