import { useEffect, useRef, type ReactNode } from 'react';
import { CONTACT_MESSAGE_MAX } from '../../contract/contact.ts';
import { Field, TextAreaField } from './Field.tsx';

/** What a ticket's fields say: their labels and hints. */
export interface TicketWords {
  number: string;
  numberHint: string;
  message: string;
  messageHint: string;
}

const englishTicketWords = (about: 'message' | 'complaint'): TicketWords => ({
  number: 'Mobile number (optional)',
  numberHint: `The 48 number your ${about} is about, if any.`,
  message: `Your ${about}`,
  messageHint: `What happened and what you would like us to do (up to ${CONTACT_MESSAGE_MAX} characters).`,
});

/**
 * What every ticket asks (docs/product/customer-care.md): the 48 number it is about, if any, and what happened.
 * The visitor's contact form and the member's complaint form; the rules are `ticketFields`.
 */
export function TicketFields({
  about,
  fields,
  words,
}: {
  /** What the person is writing: "message" or "complaint". */
  about: 'message' | 'complaint';
  fields: Readonly<Record<string, string | undefined>>;
  /** The fields' words in the page's language (English, the contact page's, when none). */
  words?: TicketWords | undefined;
}) {
  const said = words ?? englishTicketWords(about);
  return (
    <>
      <Field
        label={said.number}
        name="msisdn"
        type="tel"
        autoComplete="tel"
        hint={said.numberHint}
        error={fields['msisdn']}
      />
      <TextAreaField
        label={said.message}
        name="message"
        hint={said.messageHint}
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        error={fields['message']}
      />
    </>
  );
}

/**
 * A ticket taken: its reference, large, then what happens next. It replaces the form, so the
 * reader is taken to it (and a screen reader reads it).
 */
export function TicketSent({
  id,
  heading,
  reference,
  referenceLabel = 'Your reference:',
  children,
}: {
  id: string;
  heading: string;
  reference: string;
  /** "Your reference:" in the page's language. */
  referenceLabel?: string;
  children: ReactNode;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="card stack" aria-labelledby={id} role="status">
      <h2 id={id} ref={title} tabIndex={-1}>
        {heading}
      </h2>
      <p>{referenceLabel}</p>
      <p className="voucher">
        <strong>{reference}</strong>
      </p>
      {children}
    </section>
  );
}
