import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Field, FormAlert, SelectField, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { TicketFields, TicketSent } from '../../components/forms/TicketFields.tsx';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENTS_PER_MESSAGE,
  BARRIER_WORKING_DAYS,
  CONTACT_TOPICS,
  type ContactTopic,
} from '../../contract/contact.ts';
import { longDateOf } from '../../lib/format.ts';

/** The Irish day an answer is promised by, in words. */
const answerDay = (day: string) => longDateOf(new Date(`${day}T12:00:00Z`));
import { $attachments } from './contact-files.ts';
import { contactForm } from './contact-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';

/**
 * /contact-us: a message to a person (docs/product/customer-care.md). The reference shows here at once and
 * comes by e-mail with a copy of the message; "Make a complaint" opens a complaint.
 */
export default function Contact({
  topic,
  title = 'Send us a message',
}: {
  /** The topic chosen at first (the accessibility statement's form: a barrier). */
  topic?: ContactTopic | undefined;
  title?: string;
} = {}) {
  const form = useStore(contactForm.$state);
  useEffect(() => contactForm.reset, []);
  // Files chosen before the island took over are in the input already.
  const files = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (files.current?.files?.length) $attachments.set([...files.current.files]);
  }, []);
  if (form.result) {
    const complaint = form.result.kind === 'complaint';
    return (
      <TicketSent
        id="contact-sent"
        heading={complaint ? 'We have your complaint' : 'We have your message'}
        reference={form.result.reference}
      >
        <p>
          {form.result.copied
            ? `We have e-mailed ${form.result.email} the reference and a copy of your ${complaint ? 'complaint' : 'message'}. You can follow it in my48 → Support.`
            : `We have e-mailed ${form.result.email} the reference.`}{' '}
          {complaint
            ? 'We answer within 10 working days, or tell you by then when we will and why.'
            : form.result.due_on
              ? `A person from our team will answer by e-mail by ${answerDay(form.result.due_on)} (within ${BARRIER_WORKING_DAYS} working days).`
              : 'A person from our team will answer by e-mail, within one working day.'}
        </p>
        <p>Quote the reference if you contact us about this again.</p>
      </TicketSent>
    );
  }
  return (
    <FormCard id="contact-title" title={title} onSubmit={contactForm.onSubmit}>
      <FormAlert>{form.error}</FormAlert>
      <SelectField
        label="Topic"
        name="topic"
        options={['', ...CONTACT_TOPICS]}
        required
        defaultValue={topic ?? ''}
        error={form.fields['topic']}
      />
      <Field label="Your name" name="name" autoComplete="name" required error={form.fields['name']} />
      <EmailField fields={form.fields} hint="We answer here, and send your reference." />
      <TicketFields about="message" fields={form.fields} />
      <Field
        ref={files}
        label="Attachments (optional)"
        name="attachments"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hint={`Up to ${ATTACHMENTS_PER_MESSAGE} photos (JPEG, PNG, GIF, WebP) or PDFs, 5 MB each: a bill, a screenshot, a letter.`}
        onChange={(e) => $attachments.set([...(e.currentTarget.files ?? [])])}
      />
      <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
        Send my message
      </SubmitButton>
    </FormCard>
  );
}
