import {
  ComplaintForm,
  EscalationForm,
  supportApi,
  type SupportEntry,
  type SupportTicket,
} from '../../../contract/support.schema.ts';
import { chatRoutes } from '../../../contract/chat.calls.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { CONTACT_MESSAGE_MAX, ESCALATION_REASON_MAX } from '../../../contract/contact.ts';
import { formSpeech, say } from '../../speech.ts';

/**
 * my48 → Support (docs/product/customer-care.md): the member's tickets and complaints, one's timeline, raising a
 * complaint and asking for a team lead. Where a complaint stands (late, the ComReg card, whether it
 * can go to a team lead) is the server's answer; this store only reads and sends.
 */
export const supportTickets = loader(
  async () => (await call(supportApi.tickets, { params: memberParams() }))._payload.values,
  () => say('my48.sup.loadFailed'),
);

export type Timeline = SupportTicket & { entries: SupportEntry[] };

export const timeline = loader<Timeline, string>(
  async (reference) => (await call(supportApi.ticket, { params: { ...memberParams(), reference } }))._payload,
  () => say('my48.sup.oneFailed'),
);

/** A complaint from my48: the reference at once (the list read again to show it). */
export const complaintForm = formStore({
  schema: ComplaintForm,
  labels: { msisdn: 'Mobile number', message: 'Your complaint' },
  busyLabel: 'Sending your complaint…',
  send: async (body) => {
    const { _payload } = await call(supportApi.raiseComplaint, { params: memberParams(), body });
    void supportTickets.load();
    return _payload;
  },
});

/** Asking for a team lead on the complaint shown; its timeline is read again with the new entry. */
export const escalationForm = formStore({
  schema: EscalationForm,
  labels: { reason: 'What you would like the team lead to know' },
  busyLabel: 'Sending…',
  send: async (body) => {
    const reference = timeline.$state.get().key;
    if (!reference) throw new Error('No complaint is open.');
    const { _payload } = await call(supportApi.escalate, { params: { ...memberParams(), reference }, body });
    await timeline.load(reference);
    return _payload.message;
  },
});

/** The member's live chats (each with its reference), newest first. */
export const supportChats = loader(
  async () => (await call(chatRoutes.memberChats, { params: memberParams() }))._payload.values,
  () => say('my48.sup.chat.loadFailed'),
);

/** One chat's transcript, as the text file the member keeps. */
export async function chatTranscript(reference: string): Promise<Blob> {
  const text = await call(chatRoutes.memberTranscript, { params: { ...memberParams(), reference } });
  return new Blob([text], { type: 'text/plain;charset=utf-8' });
}

/** The support forms in the page's language: their fields, their rules said whole, their busy lines. */
export function speakSupportForms(): void {
  const rule = (max: number) => say('my48.sup.rule.long', { max });
  const complaint = formSpeech(
    { msisdn: 'my48.sup.field.numberShort', message: 'my48.sup.field.complaint' },
    {
      'Tell us a little more: at least 10 characters.': 'my48.sup.rule.short',
      'Enter an Irish mobile number like 087 123 4567.': 'my48.sup.rule.mobile',
    },
    'my48.sup.sending',
  );
  complaintForm.speak({
    ...complaint,
    rules: { ...complaint.rules, [`Keep it under ${CONTACT_MESSAGE_MAX} characters.`]: rule(CONTACT_MESSAGE_MAX) },
  });
  const escalation = formSpeech({ reason: 'my48.sup.escalate.reasonShort' }, {}, 'my48.sup.sendingShort');
  escalationForm.speak({
    ...escalation,
    rules: {
      ...escalation.rules,
      [`Keep it under ${ESCALATION_REASON_MAX} characters.`]: rule(ESCALATION_REASON_MAX),
    },
  });
}
