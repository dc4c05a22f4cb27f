import { eq } from 'drizzle-orm';
import { euro, membershipName } from '../../../contract/format.ts';
import { LANGUAGE_TAG, type Locale } from '../../../contract/i18n/locales.ts';
import { message, type MessageKey, type Values } from '../../../contract/i18n/messages.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import type { Queryable } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/**
 * What the portal tells a member (a notification, an alert, its push and its mail), written in the
 * member's language when it is told (docs/product/languages.md): a kind, whose title and body are
 * the catalogue's `notice.<kind>.title` and `notice.<kind>.body`, and its values. It is kept as it
 * was written, as a mail is: a later change of language does not rewrite what was said.
 */
export type NoticeKind = MessageKey extends infer K ? (K extends `notice.${infer N}.title` ? N : never) : never;

/**
 * A value as the member's language writes it: a euro amount (cents), a day, a membership by its
 * product's name ("Data Plus €9.99 Membership" in English, "Data Plus €9.99" where the sentence
 * names it a membership in its own words), or words of the catalogue.
 */
export type NoticeValue =
  | string
  | number
  | { readonly euro: number }
  | { readonly membership: string }
  | { readonly day: Date }
  | { readonly say: MessageKey; readonly values?: Readonly<Record<string, NoticeValue>> };

export interface Notice {
  readonly notice: NoticeKind;
  readonly values?: Readonly<Record<string, NoticeValue>>;
}

export interface Worded {
  readonly title: string;
  readonly body: string;
}

const DAY = { weekday: 'long', day: 'numeric', month: 'long' } as const;

function valuesIn(locale: Locale, values: Readonly<Record<string, NoticeValue>> = {}): Values {
  const out: Values = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v === 'string' || typeof v === 'number') out[name] = v;
    // English is the contract's own euro ("€12.99"), as the mails and the ledger write it.
    else if ('euro' in v)
      out[name] =
        locale === 'en'
          ? euro(v.euro)
          : new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: 'EUR' }).format(v.euro / 100);
    else if ('membership' in v)
      out[name] = locale === 'en' ? membershipName(v.membership) : v.membership.trim().replace(/\s+membership$/i, '');
    else if ('day' in v) out[name] = irishFormat(DAY, LANGUAGE_TAG[locale]).format(v.day);
    else out[name] = message(locale, v.say, valuesIn(locale, v.values));
  }
  return out;
}

/** A notice's title and body in a language. */
export function noticeIn(locale: Locale, n: Notice): Worded {
  const values = valuesIn(locale, n.values);
  return {
    title: message(locale, `notice.${n.notice}.title` as MessageKey, values),
    body: message(locale, `notice.${n.notice}.body` as MessageKey, values),
  };
}

/** The language and the names a member is written to in (English for a member no longer there). */
export async function addresseeOf(q: Queryable, memberId: number) {
  const [m] = await q
    .select({ email: members.email, firstname: members.firstname, language: members.language })
    .from(members)
    .where(eq(members.id, memberId));
  return m;
}
