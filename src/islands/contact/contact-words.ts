import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';
import type { ProblemWords } from '../../contract/i18n/problems.ts';
import { CONTACT_TOPICS } from '../../contract/contact.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

/*
 * The contact form's words (docs/product/languages.md): formatted at build in the page's language
 * (contact-words-build.ts); the actions, loaded on the first submit, read them here.
 */
export const CONTACT_KEYS = [
  'form.email',
  'form.unavailable',
  'form.failed',
  'contact.title',
  'contact.barrierTitle',
  'contact.topic',
  'contact.choose',
  ...CONTACT_TOPICS.map((topic) => `contact.topic.${topic}` as const),
  'contact.name',
  'contact.emailHint',
  'contact.number',
  'contact.numberHint',
  'contact.message',
  'contact.messageHint',
  'contact.attachments',
  'contact.attachmentsHint',
  'contact.send',
  'contact.sending',
  'contact.uploading',
  'contact.tooMany',
  'contact.tooLarge',
  'contact.sent.message',
  'contact.sent.complaint',
  'contact.sent.reference',
  'contact.sent.copiedMessage',
  'contact.sent.copiedComplaint',
  'contact.sent.referenceOnly',
  'contact.sent.complaintDue',
  'contact.sent.barrierDue',
  'contact.sent.oneDay',
  'contact.sent.quote',
  'error.contact.captchaFailed',
  'error.contact.attachmentGone',
  'error.contact.empty',
  'error.contact.tooBig',
  'error.contact.notImageOrPdf',
] as const;

export type ContactKey = (typeof CONTACT_KEYS)[number];

export interface ContactSpeech {
  words: Words<ContactKey>;
  /** The rules' problems in the page's language, by their English words (problems.ts, and the form's own). */
  rules: ProblemWords;
  /** The page's language: what the form sends, so the mails to a sender with no account are in it too. */
  locale: Locale;
  /** Its BCP 47 tag, for the day an answer is promised by. */
  tag: string;
}

/** The words of the form on this page, for the actions (set as it renders, before any action). */
export const $contactSpeech = atom<ContactSpeech | undefined>(undefined);
