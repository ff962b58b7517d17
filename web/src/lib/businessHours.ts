// The business hours form's pieces that are not React: the draft an admin edits and the body it
// is sent as, a new shift's times, the end `24:00` as a time input shows it (00:00), which field
// a rule's refusal belongs under, and weekdays, dates and hours in the page's language.
import type { BusinessHoursUpdate, BusinessHoursView, BusinessShift } from '@/generated/contract';

/** The most shifts of a day (crates/domain/src/business_hours.rs `MAX_SHIFTS_PER_DAY`). */
export const MAX_SHIFTS_PER_DAY = 4;

/** What the form edits: the week (Monday first), the holidays and the two targets in minutes. */
export interface HoursDraft {
  week: BusinessShift[][];
  holidays: string[];
  response: number | null;
  callback: number | null;
}

/** The fields a refusal is said under. */
export type HoursField = 'week' | 'holidays' | 'response_target_minutes' | 'callback_target_minutes';

export function draftOf(view: BusinessHoursView): HoursDraft {
  return {
    week: view.week.map((day) => day.map((s) => ({ ...s }))),
    holidays: [...view.holidays],
    response: view.response_target_minutes ?? null,
    callback: view.callback_target_minutes ?? null,
  };
}

/** The PUT body of `draft` (the week and holidays as the rule kept them, when it ran). */
export function updateOf(orgId: number, draft: HoursDraft, kept?: { week: BusinessShift[][]; holidays: string[] }): BusinessHoursUpdate {
  return {
    org_id: orgId,
    week: kept?.week ?? draft.week,
    holidays: kept?.holidays ?? [...new Set(draft.holidays)].sort(),
    response_target_minutes: draft.response,
    callback_target_minutes: draft.callback,
  };
}

const minuteOf = (hhmm: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** A new shift of a day: 09:00–18:00 on a closed day, else two hours from an hour after the
 * last one closes (to midnight at most); empty times when the day has no room left. */
export function nextShift(day: BusinessShift[]): BusinessShift {
  if (day.length === 0) return { start: '09:00', end: '18:00' };
  const last = Math.max(...day.map((s) => minuteOf(s.end) ?? 0));
  const start = last + 60;
  return start < 1440 ? { start: hhmm(start), end: hhmm(Math.min(start + 120, 1440)) } : { start: '', end: '' };
}

/** A shift's end as a time input shows it: the day's end `24:00` is 00:00. */
export const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);

/** A time input's value as a shift's end: 00:00 closes at midnight, `24:00`. */
export const keptEnd = (value: string) => (value === '00:00' ? '24:00' : value);

/** Where a `business_hours` rule refusal is said: under the holidays or under the week. */
export const fieldOfRuleError = (code: string): HoursField => (code === 'date_invalid' || code === 'holidays_too_many' ? 'holidays' : 'week');

/** The seven weekday names, Monday first, in `lang`. */
export function weekdayNames(lang: string, style: 'long' | 'short' = 'long'): string[] {
  const f = new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2024, 0, 1 + i)));
}

/** A holiday `YYYY-MM-DD` as a date in `lang` (the text itself when it is no date). */
export function holidayText(date: string, lang: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(at) ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at) : date;
}

/** Minutes as hours in `lang`, to two decimals at most (2 250 → "37.5"). */
export const hoursText = (minutes: number, lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(minutes / 60);
