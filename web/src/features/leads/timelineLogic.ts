// A contact's timeline as its section shows it (docs/API.md "Contacts": the timeline, a note, a
// task): what each entry says — its kind, direction, status label and length — the entries by
// day, an older page added under the shown ones, a new task's starting time and zone, and what a
// note or task did in the linked CRMs, by the CRMs' own names. The screens translate each key
// (`leads:timeline.<…>`, `leads:dealStages.<key>`, `leads:ticketStatus.<key>`,
// `leads:callOutcomes.<key>`).
import type { ContactActivity, TimelineItem } from '@/generated/contract';
import { PROVIDERS } from '@/generated/domain';
import { isDealStage, type DealStage } from './dealsLogic';
import { callOutcomeKey, isCallOutcome, isTicketStatus, ticketStatusKey, toLocalInput } from './serviceLogic';

export const TIMELINE_KINDS = ['message', 'call', 'call_log', 'note', 'task', 'deal', 'ticket'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const isTimelineKind = (v: string | null | undefined): v is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(v ?? '');

export const DIRECTIONS = ['incoming', 'outgoing', 'missed', 'rejected'] as const;
export type Direction = (typeof DIRECTIONS)[number];
const isDirection = (v: string | null | undefined): v is Direction => (DIRECTIONS as readonly string[]).includes(v ?? '');

/** The most characters of a task's title (as a follow-up's) and of a note. */
export const TASK_TITLE_MAX = 120;
export const NOTE_MAX = 5000;

/** A kind's colour. */
export function kindColor(kind: string): string {
  switch (kind) {
    case 'message':
      return 'green';
    case 'call':
    case 'call_log':
      return 'blue';
    case 'note':
      return 'yellow';
    case 'task':
      return 'grape';
    case 'deal':
      return 'orange';
    case 'ticket':
      return 'red';
    default:
      return 'gray';
  }
}

type StatusKey =
  | `dealStages.${DealStage}`
  | ReturnType<typeof ticketStatusKey>
  | ReturnType<typeof callOutcomeKey>
  | 'timeline.task_status.open'
  | 'timeline.task_status.done'
  | 'timeline.doc';

/** What an entry says besides its title and text: each key null when the entry has none. */
export interface EntryView {
  /** `timeline.kind.<kind>`; null for a kind this screen does not know (its raw kind is shown). */
  kindKey: `timeline.kind.${TimelineKind}` | null;
  color: string;
  /** `timeline.direction.<direction>` for a message or a call. */
  directionKey: `timeline.direction.${Direction}` | null;
  /** The status's label key; null when none, or `statusRaw` when the key is unknown. */
  statusKey: StatusKey | null;
  /** A status this screen has no words for, shown as it is. */
  statusRaw: string | null;
  /** A call's or logged call's length, in seconds. */
  duration: number | null;
  /** A task's time is when it is due. */
  due: boolean;
  /** A task done. */
  done: boolean;
}

/** The status of an entry as a catalogue key, by its kind. */
function statusOf(kind: string, status: string): StatusKey | null {
  switch (kind) {
    case 'deal':
      return isDealStage(status) ? `dealStages.${status}` : null;
    case 'ticket':
      return isTicketStatus(status) ? ticketStatusKey(status) : null;
    case 'call_log':
      return isCallOutcome(status) ? callOutcomeKey(status) : null;
    case 'task':
      return status === 'open' || status === 'done' ? `timeline.task_status.${status}` : null;
    default:
      return null;
  }
}

export function entryView(item: TimelineItem): EntryView {
  const kind = item.kind;
  const status = item.status ?? null;
  // A note is a note unless it is a document; a plain note has no badge.
  const noteStatus = kind === 'note' ? (status === 'doc' ? 'timeline.doc' : null) : undefined;
  const statusKey = noteStatus !== undefined ? noteStatus : status ? statusOf(kind, status) : null;
  return {
    kindKey: isTimelineKind(kind) ? `timeline.kind.${kind}` : null,
    color: kindColor(kind),
    directionKey: (kind === 'message' || kind === 'call') && isDirection(item.direction) ? `timeline.direction.${item.direction}` : null,
    statusKey,
    statusRaw: statusKey === null && status && kind !== 'note' ? status : null,
    duration: kind === 'call' || kind === 'call_log' ? item.duration_s : null,
    due: kind === 'task',
    done: kind === 'task' && status === 'done',
  };
}

/** The calendar day (`YYYY-MM-DD`) of an RFC 3339 time in `zone` (the browser's by default). */
export function dayOf(at: string, zone?: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day before a `YYYY-MM-DD` day. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export interface DayGroup {
  day: string;
  /** Today's and yesterday's entries are said so. */
  relative: 'today' | 'yesterday' | null;
  items: TimelineItem[];
}

/** The entries by day, in the order given (newest first): one group per run of the same day. */
export function groupByDay(items: readonly TimelineItem[], now: Date = new Date(), zone?: string): DayGroup[] {
  const today = dayOf(now.toISOString(), zone);
  const yesterday = dayBefore(today);
  const groups: DayGroup[] = [];
  for (const item of items) {
    const day = dayOf(item.at, zone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, relative: day === today ? 'today' : day === yesterday ? 'yesterday' : null, items: [item] });
  }
  return groups;
}

/** A day as the language writes it, with its weekday ("Mon, 30 Nov 2026"). */
export function formatDayLabel(day: string, language: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** An entry's identity: ids are unique within a kind only. */
export const entryKey = (item: Pick<TimelineItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** The shown entries with an older page added under them (an entry shown already is not repeated). */
export function appendPage(shown: readonly TimelineItem[], older: readonly TimelineItem[]): TimelineItem[] {
  const seen = new Set(shown.map(entryKey));
  return [...shown, ...older.filter((i) => !seen.has(entryKey(i)))];
}

/** A CRM's own name ("HubSpot") from its provider key. */
export const crmName = (provider: string): string => PROVIDERS.find((p) => p.key === provider)?.card.title ?? provider;

/** Names as the language lists them ("HubSpot and Zoho"). */
export function listNames(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** What a new note or task did in the CRMs: where it was written, and each CRM that refused it. */
export function activityReport(activity: ContactActivity, language: string): { written: string | null; failed: { crm: string; code: string }[] } {
  const written = activity.written_to.map(crmName);
  return {
    written: written.length > 0 ? listNames(written, language) : null,
    failed: activity.failed.map((f) => ({ crm: crmName(f.provider), code: f.code })),
  };
}

/** The browser's own IANA zone (UTC when the platform does not say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A new task's starting time: the next whole hour, as a `datetime-local` value in the browser's zone. */
export function nextHourInput(now: Date = new Date()): string {
  const next = new Date(now.getTime() + 3_600_000);
  next.setMinutes(0, 0, 0);
  return toLocalInput(next);
}

/** A `datetime-local` value as the server takes a due time (`YYYY-MM-DDTHH:MM`); null when it is not one. */
export function dueOf(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/.exec(local.trim());
  return m ? m[1]! : null;
}
