import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton, TextAreaField } from '../../../components/forms/Field.tsx';
import { FormCard } from '../../../components/forms/FormCard.tsx';
import { TicketFields, TicketSent } from '../../../components/forms/TicketFields.tsx';
import { COMREG, ESCALATION_REASON_MAX } from '../../../contract/contact.ts';
import type { SupportTicket } from '../../../contract/support.schema.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import type { ScreenProps } from '../../screen-props.ts';
import { dayText, entryHeading, standing, timelineText, whenText } from './support-rules.ts';
import {
  chatTranscript,
  complaintForm,
  escalationForm,
  supportChats,
  supportTickets,
  timeline,
  type Timeline,
} from './support-store.ts';
import type { ChatSummary } from '../../../contract/chat.schema.ts';
import './support.css';

/** my48 → Support: the list with "Raise a complaint", or one ticket's timeline (/my48/support/<reference>). */
export default function Support({ page }: ScreenProps) {
  if (page.route === 'supportTicket') return <TicketTimeline reference={page.params['reference'] ?? ''} />;
  return <SupportHome />;
}

/** "Not happy with our answer?" (docs/product/customer-care.md): ComReg's details and the reference to quote. */
function ComregCard({ reference, headingLevel = 2 }: { reference: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `comreg-${reference}`;
  return (
    <aside className="comreg-card" aria-labelledby={id}>
      <Heading id={id}>{COMREG.heading}</Heading>
      <p>
        You can refer your complaint to {COMREG.name}. Quote your reference <strong>{reference}</strong>.
      </p>
      <address>
        {COMREG.address.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
        <a href={COMREG.url} rel="noopener">
          {COMREG.web}
        </a>
        <br />
        Consumer line: <a href={`tel:${COMREG.phone.replace(/\s/g, '')}`}>{COMREG.phone}</a>
      </address>
    </aside>
  );
}

function SupportHome() {
  const list = useStore(supportTickets.$state);
  useEffect(() => void supportTickets.load(), []);
  return (
    <div className="stack">
      <p>
        Raise a complaint here and follow it: we acknowledge it at once and respond within 10 working days. For anything
        else, <a href="/contact-us">send us a message</a> or read <a href="/help">help</a>. Our{' '}
        <a href="/legal/code-of-practice">code of practice</a> says how we handle complaints.
      </p>
      <LiveChat />
      <RaiseComplaint />
      <section className="stack" aria-labelledby="support-list">
        <h2 id="support-list">Your messages and complaints</h2>
        {list.status === 'error' ? (
          <LoadFailed error={list.error} retry={list.retryable ? () => void supportTickets.retry() : undefined} />
        ) : !list.data ? (
          <p role="status" className="loading-line">
            Loading your messages and complaints…
          </p>
        ) : list.data.length === 0 ? (
          <p>Nothing yet. What you send us from here or from the contact page shows here with its reference.</p>
        ) : (
          <ul className="support-list">
            {list.data.map((t) => (
              <TicketItem key={t.reference} ticket={t} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Talk to a person now (the chat loads when pressed), and the member's chats with their transcripts. */
function LiveChat() {
  const chats = useStore(supportChats.$state);
  useEffect(() => void supportChats.load(), []);
  const open = (button: HTMLElement) =>
    void import('../../../lib/chat/chat-view.ts')
      .then((m) => m.openChat(button))
      .then(() =>
        button.ownerDocument
          .querySelector('dialog.chat-dialog')
          ?.addEventListener('close', () => void supportChats.load(), { once: true }),
      );
  return (
    <section className="card stack" aria-labelledby="support-chat">
      <h2 id="support-chat">Talk to a person now</h2>
      <p>Live chat with our team, in our opening hours. Your chat is joined to your account.</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={(e) => open(e.currentTarget)}>
          Chat with us
        </button>
      </p>
      {chats.status === 'error' ? (
        <LoadFailed error={chats.error} retry={chats.retryable ? () => void supportChats.retry() : undefined} />
      ) : chats.data && chats.data.length > 0 ? (
        <>
          <h3>Your chats</h3>
          <ul className="support-list">
            {chats.data.map((c) => (
              <ChatItem key={c.reference} chat={c} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ChatItem({ chat: c }: { chat: ChatSummary }) {
  const save = async () => {
    const url = URL.createObjectURL(await chatTranscript(c.reference));
    const a = document.createElement('a');
    a.href = url;
    a.download = `48-chat-${c.reference}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <li className="stack support-item">
      <p>
        <strong>{c.reference}</strong>: chat on {dayText(c.started_at.slice(0, 10))}
        {c.agent ? ` with ${c.agent}` : ''}
        {c.ticket ? `, kept as message ${c.ticket}` : c.state === 'waiting' || c.state === 'talking' ? ' (open)' : ''}
      </p>
      <p>
        <button type="button" className="btn btn--outline" onClick={() => void save()}>
          Download the transcript<span className="visually-hidden"> of {c.reference}</span>
        </button>
      </p>
    </li>
  );
}

function TicketItem({ ticket: t }: { ticket: SupportTicket }) {
  return (
    <li className={`card stack support-item${t.overdue ? ' support-item--late' : ''}`}>
      <h3>
        <a href={`/my48/support/${t.reference}`}>
          {t.reference}
          <span className="visually-hidden">: open its timeline</span>
        </a>
      </h3>
      <p>
        {t.kind === 'complaint' ? 'Complaint' : t.topic}, sent on {dayText(t.created_at.slice(0, 10))}
      </p>
      <p className="support-item__state">{standing(t)}</p>
      {t.comreg && <ComregCard reference={t.reference} headingLevel={3} />}
    </li>
  );
}

function RaiseComplaint() {
  const form = useStore(complaintForm.$state);
  useEffect(() => complaintForm.reset, []);
  if (form.result)
    return (
      <TicketSent id="complaint-sent" heading="We have your complaint" reference={form.result.reference}>
        <p>
          {`We have e-mailed you the reference${form.result.copied ? ' and a copy of your complaint' : ''}. We respond by ${dayText(form.result.due_on)}, or tell you by then when we will and why.`}
        </p>
        <p>
          <a href={`/my48/support/${form.result.reference}`}>Follow it</a>
        </p>
        <button type="button" className="btn btn--secondary" onClick={complaintForm.reset}>
          Raise another complaint
        </button>
      </TicketSent>
    );
  return (
    <FormCard id="raise-complaint" title="Raise a complaint" onSubmit={complaintForm.onSubmit}>
      <FormAlert>{form.error}</FormAlert>
      <TicketFields about="complaint" fields={form.fields} />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        Send my complaint
      </SubmitButton>
    </FormCard>
  );
}

/** Saves the timeline as a text file: the member's own copy (each entry was mailed too). */
function download(t: Timeline) {
  const url = URL.createObjectURL(new Blob([timelineText(t)], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `48-${t.reference}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function TicketTimeline({ reference }: { reference: string }) {
  const state = useStore(timeline.$state);
  const escalated = useStore(escalationForm.$state).result;
  useEffect(() => {
    void timeline.load(reference);
    return escalationForm.reset;
  }, [reference]);
  const back = (
    <p>
      <a href="/my48/support">Back to Support</a>
    </p>
  );
  if (state.status === 'error')
    return (
      <div className="stack">
        <LoadFailed error={state.error} retry={state.retryable ? () => void timeline.retry() : undefined} />
        {back}
      </div>
    );
  const t = state.key === reference ? state.data : undefined;
  if (!t)
    return (
      <p role="status" className="loading-line">
        Loading {reference}…
      </p>
    );
  return (
    <div className="stack">
      {back}
      <section className="card stack" aria-labelledby="timeline-title">
        <h2 id="timeline-title">
          {t.kind === 'complaint' ? 'Complaint' : 'Message'} {t.reference}
        </h2>
        <p className="support-item__state">{standing(t)}</p>
        <ol className="timeline">
          {t.entries.map((e, i) => (
            <li key={i} className={`ticket-timeline__entry ticket-timeline__entry--${e.author}`}>
              <h3>{entryHeading(e)}</h3>
              <p className="ticket-timeline__when">{whenText(e.created_at)}</p>
              <p className="ticket-timeline__body">{e.body}</p>
            </li>
          ))}
        </ol>
        <p>Each of these was also e-mailed to you.</p>
        <button type="button" className="btn btn--secondary" onClick={() => download(t)}>
          Download this record
        </button>
      </section>
      {escalated && <FormAlert tone="success">{escalated}</FormAlert>}
      {t.comreg && <ComregCard reference={t.reference} />}
      {t.can_escalate && <Escalate />}
    </div>
  );
}

function Escalate() {
  const form = useStore(escalationForm.$state);
  return (
    <FormCard id="escalate" title="Ask for a team lead" onSubmit={escalationForm.onSubmit}>
      <p>Not happy with how this is going? A team lead will look at your complaint.</p>
      <FormAlert>{form.error}</FormAlert>
      <TextAreaField
        label="What you would like the team lead to know (optional)"
        name="reason"
        rows={3}
        maxLength={ESCALATION_REASON_MAX}
        error={form.fields['reason']}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        Ask for a team lead
      </SubmitButton>
    </FormCard>
  );
}
