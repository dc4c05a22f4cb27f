import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { opensText } from '../../../../contract/chat.ts';
import { irishDayOf, irishFormat } from '../../../../contract/irish-time.ts';
import { isWorkingDay } from '../../../kernel/working-days.ts';

/**
 * Chat's hours (docs/product/customer-care.md, "Live chat"), from content/chat.yaml: Monday to Friday
 * one span, Saturday, Sunday and bank holidays (the public holidays the complaints code counts by)
 * another, in Irish time. Read again when the file changes, so an editor's change needs no restart.
 */
export interface ChatHoursFile {
  weekdays: { opens: string; closes: string };
  weekendsAndBankHolidays: { opens: string; closes: string };
  unansweredMinutes: number;
}

const defaultFile = fileURLToPath(new URL('../../../../../content/chat.yaml', import.meta.url));
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

function span(value: unknown, what: string): { opens: string; closes: string } {
  const s = value as { opens?: unknown; closes?: unknown } | undefined;
  if (typeof s?.opens !== 'string' || typeof s.closes !== 'string' || !TIME.test(s.opens) || !TIME.test(s.closes))
    throw new Error(`content/chat.yaml: ${what} needs opens and closes as HH:MM`);
  if (s.opens >= s.closes) throw new Error(`content/chat.yaml: ${what} must open before it closes`);
  return { opens: s.opens, closes: s.closes };
}

/** The hours file's content, checked (a wrong file stops the start, not a member's chat). */
export function parseChatHours(text: string): ChatHoursFile {
  const raw = parse(text) as Record<string, unknown> | null;
  const minutes = raw?.['unanswered_minutes'];
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > 120)
    throw new Error('content/chat.yaml: unanswered_minutes must be a whole number of minutes, 1 to 120');
  return {
    weekdays: span(raw?.['weekdays'], 'weekdays'),
    weekendsAndBankHolidays: span(raw?.['weekends_and_bank_holidays'], 'weekends_and_bank_holidays'),
    unansweredMinutes: minutes,
  };
}

let cached: { file: string; mtimeMs: number; hours: ChatHoursFile } | undefined;
/** The hours as the file says now. */
export function chatHoursFile(file = defaultFile): ChatHoursFile {
  const { mtimeMs } = statSync(file);
  if (cached?.file !== file || cached.mtimeMs !== mtimeMs)
    cached = { file, mtimeMs, hours: parseChatHours(readFileSync(file, 'utf8')) };
  return cached.hours;
}

/** Forced hours (the sandbox's switch, for trying and tests): open, closed, or the schedule. */
export type HoursOverride = boolean | 'schedule';

const clockTime = irishFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekdayName = irishFormat({ weekday: 'long' });
const offsetName = irishFormat({ timeZoneName: 'longOffset' }, 'en-US');

const spanOn = (hours: ChatHoursFile, day: string) =>
  isWorkingDay(day) ? hours.weekdays : hours.weekendsAndBankHolidays;
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instant of an Irish wall-clock time on an Irish day. */
function irishInstant(day: string, time: string): Date {
  const guess = new Date(`${day}T${time}:00Z`);
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetName.format(guess));
  const offsetMs = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  return new Date(guess.getTime() - offsetMs);
}

export interface HoursNow {
  open: boolean;
  opensAt: Date | null;
  opensText: string | null;
}

/** Whether chat takes a new chat at `now`, and if not, when it opens next and how to say it. */
export function hoursAt(now: Date, hours: ChatHoursFile, override: HoursOverride = 'schedule'): HoursNow {
  const today = irishDayOf(now);
  const time = clockTime.format(now);
  const todays = spanOn(hours, today);
  const scheduledOpen = time >= todays.opens && time < todays.closes;
  if (override === true || (override === 'schedule' && scheduledOpen))
    return { open: true, opensAt: null, opensText: null };
  // The next opening: later today, else the first day after.
  let day = today;
  let opens = todays.opens;
  if (time >= todays.opens) {
    day = nextDay(today);
    opens = spanOn(hours, day).opens;
  }
  const at = irishInstant(day, opens);
  const when = day === today ? 'today' : day === nextDay(today) ? 'tomorrow' : `on ${weekdayName.format(at)}`;
  return { open: false, opensAt: at, opensText: opensText(opens.replace(/^0/, ''), when) };
}
