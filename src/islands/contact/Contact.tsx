import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Field, FormAlert, SelectField, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { TicketFields, TicketSent } from '../../components/forms/TicketFields.tsx';
import { ATTACHMENT_ACCEPT, CONTACT_TOPICS, type ContactTopic } from '../../contract/contact.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $attachments } from './contact-files.ts';
import { contactForm } from './contact-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { $contactSpeech, type ContactSpeech } from './contact-words.ts';

/** The Irish day an answer is promised by, in words of the page's language (Irish English where the browser has no Irish dates). */
function answerDay(day: string, tag: string): string {
  const known = Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-IE';
  return new Intl.DateTimeFormat(known, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * /contact-us: a message to a person (docs/product/customer-care.md), in the page's language. The
 * reference shows here at once and comes by e-mail with a copy of the message; "Make a complaint"
 * opens a complaint.
 */
export default function Contact({
  topic,
  barrier = false,
  ...speech
}: ContactSpeech & {
  /** The topic chosen at first (the accessibility statement's form: a barrier). */
  topic?: ContactTopic | undefined;
  /** The accessibility statement's form: titled "Report a barrier". */
  barrier?: boolean;
}) {
  const { words } = speech;
  // The actions, loaded on the first submit, speak with the same words.
  if ($contactSpeech.get()?.words !== words) $contactSpeech.set(speech);
  contactForm.speak({
    labels: {
      topic: words['contact.topic'],
      name: words['contact.name'],
      email: words['form.email'],
      message: words['contact.message'],
    },
    rules: speech.rules,
    busyLabel: words['contact.sending'],
    unavailable: words['form.unavailable'],
    words,
  });
  const form = useStore(contactForm.$state);
  useEffect(() => contactForm.reset, []);
  // Files chosen before the island took over are in the input already.
  const files = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (files.current?.files?.length) $attachments.set([...files.current.files]);
  }, []);
  if (form.result) {
    const complaint = form.result.kind === 'complaint';
    const { email, due_on: due } = form.result;
    return (
      <TicketSent
        id="contact-sent"
        heading={words[complaint ? 'contact.sent.complaint' : 'contact.sent.message']}
        reference={form.result.reference}
        referenceLabel={words['contact.sent.reference']}
      >
        <p>
          {fill(
            words[
              form.result.copied
                ? complaint
                  ? 'contact.sent.copiedComplaint'
                  : 'contact.sent.copiedMessage'
                : 'contact.sent.referenceOnly'
            ],
            { email },
          )}{' '}
          {complaint
            ? words['contact.sent.complaintDue']
            : due
              ? fill(words['contact.sent.barrierDue'], { day: answerDay(due, speech.tag) })
              : words['contact.sent.oneDay']}
        </p>
        <p>{words['contact.sent.quote']}</p>
      </TicketSent>
    );
  }
  return (
    <FormCard
      id="contact-title"
      title={words[barrier ? 'contact.barrierTitle' : 'contact.title']}
      onSubmit={contactForm.onSubmit}
    >
      <FormAlert>{form.error}</FormAlert>
      <SelectField
        label={words['contact.topic']}
        name="topic"
        options={['', ...CONTACT_TOPICS]}
        choose={words['contact.choose']}
        named={Object.fromEntries(CONTACT_TOPICS.map((t) => [t, words[`contact.topic.${t}`]]))}
        required
        defaultValue={topic ?? ''}
        error={form.fields['topic']}
      />
      <Field label={words['contact.name']} name="name" autoComplete="name" required error={form.fields['name']} />
      <EmailField fields={form.fields} label={words['form.email']} hint={words['contact.emailHint']} />
      <TicketFields
        about="message"
        fields={form.fields}
        words={{
          number: words['contact.number'],
          numberHint: words['contact.numberHint'],
          message: words['contact.message'],
          messageHint: words['contact.messageHint'],
        }}
      />
      <Field
        ref={files}
        label={words['contact.attachments']}
        name="attachments"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hint={words['contact.attachmentsHint']}
        onChange={(e) => $attachments.set([...(e.currentTarget.files ?? [])])}
      />
      <input type="hidden" name="language" value={speech.locale} />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        {words['contact.send']}
      </SubmitButton>
    </FormCard>
  );
}
