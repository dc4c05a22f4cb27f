import { useEffect, useRef, type ReactNode } from 'react';
import { CONTACT_MESSAGE_MAX } from '../../contract/contact.ts';
import { Field, TextAreaField } from './Field.tsx';

/**
 * What every ticket asks (docs/product/customer-care.md): the 48 number it is about, if any, and what happened.
 * The visitor's contact form and the member's complaint form; the rules are `ticketFields`.
 */
export function TicketFields({
  about,
  fields,
}: {
  /** What the person is writing: "message" or "complaint". */
  about: 'message' | 'complaint';
  fields: Readonly<Record<string, string | undefined>>;
}) {
  return (
    <>
      <Field
        label="Mobile number (optional)"
        name="msisdn"
        type="tel"
        autoComplete="tel"
        hint={`The 48 number your ${about} is about, if any.`}
        error={fields['msisdn']}
      />
      <TextAreaField
        label={`Your ${about}`}
        name="message"
        hint={`What happened and what you would like us to do (up to ${CONTACT_MESSAGE_MAX} characters).`}
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
  children,
}: {
  id: string;
  heading: string;
  reference: string;
  children: ReactNode;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="card stack" aria-labelledby={id} role="status">
      <h2 id={id} ref={title} tabIndex={-1}>
        {heading}
      </h2>
      <p>Your reference:</p>
      <p className="voucher">
        <strong>{reference}</strong>
      </p>
      {children}
    </section>
  );
}
