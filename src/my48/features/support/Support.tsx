import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton, TextAreaField } from '../../../components/forms/Field.tsx';
import { FormCard } from '../../../components/forms/FormCard.tsx';
import { TicketFields, TicketSent } from '../../../components/forms/TicketFields.tsx';
import { COMREG, CONTACT_MESSAGE_MAX, ESCALATION_REASON_MAX } from '../../../contract/contact.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { say } from '../../speech.ts';
import type { SupportTicket } from '../../../contract/support.schema.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import type { ScreenProps } from '../../screen-props.ts';
import { dayText, entryHeading, standing, timelineText, whenText } from './support-rules.ts';
import {
  chatTranscript,
  complaintForm,
  escalationForm,
  speakSupportForms,
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
      <Heading id={id}>{say('my48.sup.comreg.heading')}</Heading>
      <p>{slotted(say('my48.sup.comreg.refer'), { name: COMREG.name, reference: <strong>{reference}</strong> })}</p>
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
        {slotted(say('my48.sup.comreg.phone'), {
          phone: <a href={`tel:${COMREG.phone.replace(/\s/g, '')}`}>{COMREG.phone}</a>,
        })}
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
        {slotted(say('my48.sup.intro'), {
          message: <a href="/contact-us">{say('my48.sup.intro.message')}</a>,
          help: <a href="/help">{say('my48.sup.intro.help')}</a>,
          code: <a href="/legal/code-of-practice">{say('my48.sup.intro.code')}</a>,
        })}
      </p>
      <LiveChat />
      <RaiseComplaint />
      <section className="stack" aria-labelledby="support-list">
        <h2 id="support-list">{say('my48.sup.list')}</h2>
        {list.status === 'error' ? (
          <LoadFailed error={list.error} retry={list.retryable ? () => void supportTickets.retry() : undefined} />
        ) : !list.data ? (
          <p role="status" className="loading-line">
            {say('my48.sup.listLoading')}
          </p>
        ) : list.data.length === 0 ? (
          <p>{say('my48.sup.none')}</p>
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
      <h2 id="support-chat">{say('my48.sup.chat.title')}</h2>
      <p>{say('my48.sup.chat.what')}</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={(e) => open(e.currentTarget)}>
          {say('my48.sup.chat.open')}
        </button>
      </p>
      {chats.status === 'error' ? (
        <LoadFailed error={chats.error} retry={chats.retryable ? () => void supportChats.retry() : undefined} />
      ) : chats.data && chats.data.length > 0 ? (
        <>
          <h3>{say('my48.sup.chat.yours')}</h3>
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
        {slotted(say('my48.sup.chat.item'), {
          reference: <strong>{c.reference}</strong>,
          day: dayText(c.started_at.slice(0, 10)),
        })}
        {c.agent ? say('my48.sup.chat.with', { agent: c.agent }) : ''}
        {c.ticket
          ? say('my48.sup.chat.kept', { ticket: c.ticket })
          : c.state === 'waiting' || c.state === 'talking'
            ? say('my48.sup.chat.isOpen')
            : ''}
      </p>
      <p>
        <button type="button" className="btn btn--outline" onClick={() => void save()}>
          {say('my48.sup.chat.download')}
          <span className="visually-hidden">{say('my48.sup.chat.of', { reference: c.reference })}</span>
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
          <span className="visually-hidden">{say('my48.sup.item.open')}</span>
        </a>
      </h3>
      <p>
        {t.kind === 'complaint'
          ? say('my48.sup.item.complaint', { day: dayText(t.created_at.slice(0, 10)) })
          : say('my48.sup.item.topic', { topic: t.topic, day: dayText(t.created_at.slice(0, 10)) })}
      </p>
      <p className="support-item__state">{standing(t)}</p>
      {t.comreg && <ComregCard reference={t.reference} headingLevel={3} />}
    </li>
  );
}

function RaiseComplaint() {
  const form = useStore(complaintForm.$state);
  speakSupportForms();
  useEffect(() => complaintForm.reset, []);
  if (form.result)
    return (
      <TicketSent
        id="complaint-sent"
        heading={say('my48.sup.sent.heading')}
        reference={form.result.reference}
        referenceLabel={say('my48.sup.sent.reference')}
      >
        <p>
          {say(form.result.copied ? 'my48.sup.sent.mailedCopy' : 'my48.sup.sent.mailed', {
            day: dayText(form.result.due_on),
          })}
        </p>
        <p>
          <a href={`/my48/support/${form.result.reference}`}>{say('my48.sup.sent.follow')}</a>
        </p>
        <button type="button" className="btn btn--secondary" onClick={complaintForm.reset}>
          {say('my48.sup.sent.another')}
        </button>
      </TicketSent>
    );
  return (
    <FormCard id="raise-complaint" title={say('my48.sup.raise')} onSubmit={complaintForm.onSubmit}>
      <FormAlert>{form.error}</FormAlert>
      <TicketFields
        about="complaint"
        fields={form.fields}
        words={{
          number: say('my48.sup.field.number'),
          numberHint: say('my48.sup.field.numberHint'),
          message: say('my48.sup.field.complaint'),
          messageHint: say('my48.sup.field.complaintHint', { max: CONTACT_MESSAGE_MAX }),
        }}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        {say('my48.sup.send')}
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
      <a href="/my48/support">{say('my48.sup.back')}</a>
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
        {say('my48.sup.loadingOne', { reference })}
      </p>
    );
  return (
    <div className="stack">
      {back}
      <section className="card stack" aria-labelledby="timeline-title">
        <h2 id="timeline-title">
          {say(t.kind === 'complaint' ? 'my48.sup.complaintTitle' : 'my48.sup.messageTitle', {
            reference: t.reference,
          })}
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
        <p>{say('my48.sup.mailedToo')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => download(t)}>
          {say('my48.sup.download')}
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
  speakSupportForms();
  return (
    <FormCard id="escalate" title={say('my48.sup.escalate.title')} onSubmit={escalationForm.onSubmit}>
      <p>{say('my48.sup.escalate.what')}</p>
      <FormAlert>{form.error}</FormAlert>
      <TextAreaField
        label={say('my48.sup.escalate.reason')}
        name="reason"
        rows={3}
        maxLength={ESCALATION_REASON_MAX}
        error={form.fields['reason']}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        {say('my48.sup.escalate.title')}
      </SubmitButton>
    </FormCard>
  );
}
