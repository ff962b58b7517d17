// The planner's pure helpers: which form field a rule's code belongs to (the rules answer one
// code; the server answers `fields.<name>`), the default time zone, times shown in a zone and
// relative to now, and the local "YYYY-MM-DDTHH:MM" a form starts with. No recurrence here: when
// something repeats and what a preview lists come from the manage rules (src/lib/manageDomain.ts).
import { ApiError } from '@/lib/api';
import type { FollowUpBoard, FollowUp } from '@/generated/contract';

/**
 * The largest attachment of a scheduled message: 16 MiB, the server's limit
 * (crates/domain/src/manage.rs MAX_ATTACHMENT_BYTES; a larger body is refused with
 * `attachment_too_large`). Checked here so a file that would be refused is never sent.
 */
export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024;

/** How many sends the schedule form previews. */
export const PREVIEW_COUNT = 5;

export type FollowUpField =
  | 'title'
  | 'due'
  | 'notes'
  | 'contact'
  | 'priority'
  | 'amount'
  | 'recurrence'
  | 'comment'
  | 'email'
  | 'lead'
  | 'form';
export type ScheduleField = 'recipient' | 'message' | 'attachment' | 'start' | 'repeat' | 'form';

/** The follow-up form's field a rule code (from the `follow_up` rule) belongs to. */
export function followUpFieldOf(code: string): FollowUpField {
  switch (code) {
    case 'title_required':
      return 'title';
    case 'time_has_passed':
    case 'date_invalid':
    case 'unknown_time_zone':
      return 'due';
    case 'amount_invalid':
      return 'amount';
    case 'repeat_invalid':
      return 'recurrence';
    default:
      return 'form';
  }
}

/** The schedule form's field a rule code (from the `scheduled_message` rule) belongs to. */
export function scheduleFieldOf(code: string): ScheduleField {
  switch (code) {
    case 'phone_invalid':
    case 'phone_country_code_missing':
    case 'phone_required':
      return 'recipient';
    case 'message_and_upload_empty':
    case 'quick_reply_message_invalid':
      return 'message';
    case 'attachment_too_large':
    case 'attachment_not_supported':
      return 'attachment';
    case 'time_has_passed':
    case 'date_invalid':
    case 'unknown_time_zone':
      return 'start';
    case 'repeat_invalid':
      return 'repeat';
    default:
      return 'form';
  }
}

const FOLLOW_UP_SERVER_FIELDS: Record<string, FollowUpField> = {
  title: 'title',
  due: 'due',
  time_zone: 'due',
  notes: 'notes',
  contact: 'contact',
  priority: 'priority',
  amount: 'amount',
  recurrence: 'recurrence',
  comment: 'comment',
  email: 'email',
  lead_minutes: 'lead',
};

const SCHEDULE_SERVER_FIELDS: Record<string, ScheduleField> = {
  recipient: 'recipient',
  message: 'message',
  file: 'attachment',
  attachment: 'attachment',
  start: 'start',
  time_zone: 'start',
  repeat: 'repeat',
  every: 'repeat',
  unit: 'repeat',
  stop_after: 'repeat',
};

/**
 * A server refusal as the form's field errors: each `fields.<name>` on its field (unknown
 * names on the form), or the error's own code on the form when it names no field.
 */
function fieldErrors<F extends string>(e: unknown, map: Record<string, F>, form: F): Partial<Record<F, string>> {
  if (!(e instanceof ApiError)) return { [form]: 'internal' } as Partial<Record<F, string>>;
  const out: Partial<Record<F, string>> = {};
  for (const [name, code] of Object.entries(e.fields)) {
    const field = map[name] ?? form;
    out[field] ??= code;
  }
  if (Object.keys(out).length === 0) out[form] = e.code;
  return out;
}

export const followUpServerErrors = (e: unknown) => fieldErrors<FollowUpField>(e, FOLLOW_UP_SERVER_FIELDS, 'form');
export const scheduleServerErrors = (e: unknown) => fieldErrors<ScheduleField>(e, SCHEDULE_SERVER_FIELDS, 'form');

/** The browser's zone when the product offers it, else the organisation's, else the first offered. */
export function defaultZone(offered: readonly string[], browser: string | undefined, org: string | null | undefined): string {
  if (browser && offered.includes(browser)) return browser;
  if (org && offered.includes(org)) return org;
  return offered.includes('Asia/Kolkata') ? 'Asia/Kolkata' : (offered[0] ?? 'UTC');
}

/** The browser's own IANA zone (undefined when the platform does not say). */
export function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zones a zone picker offers: the product's, plus `current` when it is another (an old entry's). */
export function zoneOptions(offered: readonly string[], current: string): string[] {
  return current && !offered.includes(current) ? [current, ...offered] : [...offered];
}

/** `YYYY-MM-DDTHH:MM` of the instant `ms` on the wall clock of `zone`. */
export function localInZone(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** The form's starting time: an hour from `nowMs` on the wall clock of `zone`, at :00. */
export function nextWholeHour(nowMs: number, zone: string): string {
  return `${localInZone(nowMs + 3_600_000, zone).slice(0, 14)}00`;
}

/** An instant as the people of `zone` read it, in `lang`. */
export function formatInZone(ms: number, zone: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString();
  }
}

/** An instant with its weekday ("Mon, 7 Jan 2030, 09:00"), as the people of `zone` read it. */
export function formatWithWeekday(ms: number, zone: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString();
  }
}

/** The time of day of an instant in `zone` ("03:00"), in `lang`. */
export function timeInZone(ms: number, zone: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString().slice(11, 16);
  }
}

/** The `HH:MM` of a `YYYY-MM-DDTHH:MM`. */
export const timeOfLocal = (local: string) => local.slice(11, 16);

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 2 days", "3 hours ago", "now" (under a minute either way) in `lang`, to the nearest unit. */
export function relativeTime(ms: number, nowMs: number, lang: string): string {
  const diff = ms - nowMs;
  const fmt = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return fmt.format(Math.round(diff / size), unit);
  }
  return fmt.format(0, 'second');
}

/** A message's first line, at most `max` characters (an ellipsis when cut). */
export function excerpt(text: string, max = 80): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max || text.trim().includes('\n') ? `${line.slice(0, max).trimEnd()}…` : line;
}

/** A file size for people: "820 KB", "3.4 MB". */
export function fileSize(bytes: number, lang: string): string {
  const fmt = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return `${fmt(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${fmt(bytes / (1024 * 1024))} MB`;
}

/** Every follow-up of a board, whatever its tab. */
export const allOf = (board: FollowUpBoard): FollowUp[] => [...board.pending, ...board.upcoming, ...board.completed];

/**
 * After ticking `done` (a recurring follow-up), its next occurrence on the new board `after`:
 * the same entry moved to a later time, or an open entry that was not on the board `before`
 * (the same title first).
 */
export function nextOccurrence(done: FollowUp, before: FollowUpBoard, after: FollowUpBoard): FollowUp | null {
  if (done.recurrence === 'none') return null;
  const known = new Set(allOf(before).map((f) => f.id));
  const open = [...after.pending, ...after.upcoming];
  const moved = open.find((f) => f.id === done.id && Date.parse(f.due_at) > Date.parse(done.due_at));
  if (moved) return moved;
  const added = open.filter((f) => !known.has(f.id));
  return added.find((f) => f.title === done.title) ?? added[0] ?? null;
}

// Notification lead times (001 §3 'in minutes, hours, days and weeks'): the server keeps minutes.

export type LeadUnit = 'minutes' | 'hours' | 'days' | 'weeks';
export const LEAD_UNITS: LeadUnit[] = ['minutes', 'hours', 'days', 'weeks'];
const LEAD_UNIT_MINUTES: Record<LeadUnit, number> = { minutes: 1, hours: 60, days: 1440, weeks: 10_080 };
/** The server's bound: 4 weeks. */
export const MAX_LEAD_MINUTES = 4 * 10_080;

/** A lead time in minutes as the largest unit that divides it (90 → 90 minutes, 120 → 2 hours). */
export function leadParts(minutes: number | null | undefined): { amount: number; unit: LeadUnit } | null {
  if (!minutes || minutes <= 0) return null;
  const unit = [...LEAD_UNITS].reverse().find((u) => minutes % LEAD_UNIT_MINUTES[u] === 0) ?? 'minutes';
  return { amount: minutes / LEAD_UNIT_MINUTES[unit], unit };
}

/** `amount` `unit`s in minutes; null for none (blank, zero) and NaN for a value that is not a whole, non-negative number. */
export function leadMinutes(amount: string, unit: LeadUnit): number | null {
  const text = amount.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) return Number.NaN;
  return n === 0 ? null : n * LEAD_UNIT_MINUTES[unit];
}

/** When the owner is told about a follow-up: its due time less its lead time. */
export const remindAtMs = (f: Pick<FollowUp, 'due_at' | 'lead_minutes'>): number => Date.parse(f.due_at) - (f.lead_minutes ?? 0) * 60_000;
