import { ATTACHMENTS_PER_MESSAGE, BARRIER_WORKING_DAYS, CONTACT_MESSAGE_MAX } from '../../contract/contact.ts';
import { LANGUAGE_TAG, type Locale } from '../../contract/i18n/locales.ts';
import { problemWordsIn } from '../../contract/i18n/problems.ts';
import { wordsIn } from '../../contract/i18n/words.ts';
import { CONTACT_KEYS, type ContactSpeech } from './contact-words.ts';

/** The contact form's words in `locale`, formatted at build by the page (its counts are the rules'). */
export function contactSpeechIn(locale: Locale): ContactSpeech {
  const counted = ['contact.attachmentsHint', 'contact.tooMany'] as const;
  const words = {
    ...wordsIn(
      locale,
      CONTACT_KEYS.filter((k) => !(counted as readonly string[]).includes(k) && k !== 'contact.sent.barrierDue'),
      { max: CONTACT_MESSAGE_MAX },
    ),
    ...wordsIn(locale, counted, { count: ATTACHMENTS_PER_MESSAGE }),
    ...wordsIn(locale, ['contact.sent.barrierDue'], { count: BARRIER_WORKING_DAYS }),
  } as ContactSpeech['words'];
  const own = wordsIn(
    locale,
    ['contact.rule.topic', 'contact.rule.short', 'contact.rule.long', 'contact.rule.mobile'],
    {
      max: CONTACT_MESSAGE_MAX,
    },
  );
  return {
    words,
    rules: {
      ...problemWordsIn(locale),
      'Choose what your message is about.': own['contact.rule.topic'],
      'Tell us a little more: at least 10 characters.': own['contact.rule.short'],
      [`Keep it under ${CONTACT_MESSAGE_MAX} characters.`]: own['contact.rule.long'],
      'Enter an Irish mobile number like 087 123 4567.': own['contact.rule.mobile'],
    },
    locale,
    tag: LANGUAGE_TAG[locale],
  };
}
