import { eq } from 'drizzle-orm';
import { membershipName } from '../../../contract/format.ts';
import { LANGUAGE_TAG, type Locale } from '../../../contract/i18n/locales.ts';
import { decimalIn, euroIn, message, type MessageKey, type Values } from '../../../contract/i18n/messages.ts';
import { regionIn } from '../../../contract/i18n/countries.ts';
import type { Notice, NoticeValue } from '../../../contract/i18n/notice.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import { countryName } from '../../../contract/roaming.ts';
import type { Queryable } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

export interface Worded {
  readonly title: string;
  readonly body: string;
}

export type { Notice, NoticeKind, NoticeValue } from '../../../contract/i18n/notice.ts';

const DAY = { weekday: 'long', day: 'numeric', month: 'long' } as const;
const DAY_MONTH = { day: 'numeric', month: 'long' } as const;
const DATE = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const MOMENT = { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' } as const;
const WEEKDAY_MOMENT = { weekday: 'long', ...MOMENT } as const;

function valuesIn(locale: Locale, values: Readonly<Record<string, NoticeValue>> = {}): Values {
  const out: Values = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v === 'string' || typeof v === 'number') out[name] = v;
    // English is the contract's own euro ("€12.99"), as the mails and the ledger write it.
    else if ('euro' in v) out[name] = euroIn(locale, v.euro);
    else if ('membership' in v)
      out[name] = locale === 'en' ? membershipName(v.membership) : v.membership.trim().replace(/\s+membership$/i, '');
    else if ('country' in v)
      out[name] = locale === 'en' ? countryName(v.country) : (regionIn(locale, v.country) ?? countryName(v.country));
    else if ('decimal' in v) out[name] = locale === 'en' ? v.decimal : decimalIn(locale, Number(v.decimal));
    else if ('day' in v) out[name] = irishFormat(DAY, LANGUAGE_TAG[locale]).format(v.day);
    else if ('date' in v) out[name] = irishFormat(DATE, LANGUAGE_TAG[locale]).format(v.date);
    else if ('weekdayAt' in v) out[name] = irishFormat(WEEKDAY_MOMENT, LANGUAGE_TAG[locale]).format(v.weekdayAt);
    else if ('at' in v) out[name] = irishFormat(MOMENT, LANGUAGE_TAG[locale]).format(v.at);
    else if ('dayMonth' in v) out[name] = irishFormat(DAY_MONTH, LANGUAGE_TAG[locale]).format(v.dayMonth);
    else if ('list' in v) out[name] = v.list.map((item) => valuesIn(locale, { item }).item).join(', ');
    else out[name] = message(locale, v.say, valuesIn(locale, v.values));
  }
  return out;
}

const DATED = ['day', 'date', 'at', 'weekdayAt', 'dayMonth'] as const;
/** Words kept as JSON (a jsonb column) read back: their days are strings there, days again here. */
export function revivedNotice(value: NoticeValue): NoticeValue {
  if (typeof value !== 'object') return value;
  for (const k of DATED) if (k in value) return { [k]: new Date((value as Record<string, string>)[k]!) } as NoticeValue;
  if ('list' in value) return { list: value.list.map(revivedNotice) };
  if ('say' in value && value.values)
    return {
      say: value.say,
      values: Object.fromEntries(Object.entries(value.values).map(([name, v]) => [name, revivedNotice(v)])),
    };
  return value;
}

/** Words of a notice (a `say`, or any value) as a language writes them. */
export const sayIn = (locale: Locale, value: NoticeValue): string => String(valuesIn(locale, { value }).value);

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
