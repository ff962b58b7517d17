// A contact's tickets and calls as the CRM has them (domain::contacts::service; docs/API.md
// "Tickets and call logs"): the ticket statuses in the support pipeline's order, the ticket types
// and the call outcomes (each translated by the screens: `leads:ticketStatus.<key>`,
// `leads:ticketTypes.<key>`, `leads:callOutcomes.<key>`), a call's length written and read back,
// the form's `datetime-local` time to and from RFC 3339, and the server's refusals said in the
// form's own words.

export const TICKET_STATUSES = ['new', 'waiting_on_contact', 'waiting_on_us', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const FIRST_TICKET_STATUS: TicketStatus = 'new';

export const TICKET_TYPES = ['product_issue', 'billing_issue', 'feature_request', 'general_inquiry'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const CALL_OUTCOMES = ['busy', 'connected', 'left_live_message', 'left_voicemail', 'no_answer', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const DEFAULT_OUTCOME: CallOutcome = 'connected';

/** The most characters of a ticket's name and of a description (the deal's rules, as the server's). */
export const TICKET_NAME_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = 5000;

/** The longest call logged: a day, in seconds. */
export const MAX_CALL_SECS = 86_400;

const isOneOf =
  <T extends string>(list: readonly T[]) =>
  (v: string | null | undefined): v is T =>
    (list as readonly string[]).includes(v ?? '');

export const isTicketStatus = isOneOf(TICKET_STATUSES);
export const isTicketType = isOneOf(TICKET_TYPES);
export const isCallOutcome = isOneOf(CALL_OUTCOMES);

/** The catalogue keys of a status, a type and an outcome. */
export const ticketStatusKey = (s: TicketStatus) => `ticketStatus.${s}` as const;
export const ticketTypeKey = (s: TicketType) => `ticketTypes.${s}` as const;
export const callOutcomeKey = (s: CallOutcome) => `callOutcomes.${s}` as const;

/** A status's colour: new blue, waiting yellow or orange, closed grey. */
export function ticketStatusColor(status: string): string {
  switch (status) {
    case 'new':
      return 'blue';
    case 'waiting_on_contact':
      return 'yellow';
    case 'waiting_on_us':
      return 'orange';
    default:
      return 'gray';
  }
}

/** An outcome's colour: connected green, a message left blue, no answer orange, wrong number red. */
export function callOutcomeColor(outcome: string): string {
  switch (outcome) {
    case 'connected':
      return 'teal';
    case 'left_live_message':
    case 'left_voicemail':
      return 'blue';
    case 'busy':
    case 'no_answer':
      return 'orange';
    case 'wrong_number':
      return 'red';
    default:
      return 'gray';
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** A call's length: `m:ss` under an hour, `h:mm:ss` from an hour (`245` → "4:05", `3723` → "1:02:03"). */
export function formatDuration(secs: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(secs) ? secs : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

const WHOLE = /^\d{1,5}$/;

/**
 * The seconds of a length typed as minutes and seconds (blank is 0): whole numbers, the seconds
 * under 60, a day at most; null otherwise.
 */
export function parseDuration(minutes: string, seconds: string): number | null {
  const m = minutes.trim() || '0';
  const s = seconds.trim() || '0';
  if (!WHOLE.test(m) || !WHOLE.test(s)) return null;
  const secs = Number(s);
  if (secs > 59) return null;
  const total = Number(m) * 60 + secs;
  return total <= MAX_CALL_SECS ? total : null;
}

/** A moment as a `datetime-local` input shows it in the browser's zone, to the minute. */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as RFC 3339 in UTC; null when blank or not a time. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(local.trim())) return null;
  const at = new Date(local.trim());
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Whether an RFC 3339 time is later than `now` (the server allows a minute for clocks ahead). */
export const inFuture = (rfc3339: string, now: Date = new Date()): boolean => new Date(rfc3339).getTime() > now.getTime() + 60_000;

/** The form's own words for a field the server refused (`field` and the rule's code), keys of the
 * `leads` catalogue; null when the general text of the code says it well enough. */
const OWN_REFUSALS = {
  'name.fields_required': 'tickets.name_required',
  'name.value_invalid': 'tickets.name_invalid',
  'description.value_invalid': 'service.description_invalid',
  'status.value_invalid': 'service.choose',
  'ticket_type.value_invalid': 'service.choose',
  'outcome.value_invalid': 'service.choose',
  'duration_secs.value_invalid': 'calls.duration_invalid',
  'called_at.value_invalid': 'calls.when_invalid',
} as const;

export type RefusalKey = (typeof OWN_REFUSALS)[keyof typeof OWN_REFUSALS];

export function refusalKey(field: string, code: string): RefusalKey | null {
  return (OWN_REFUSALS as Record<string, RefusalKey>)[`${field}.${code}`] ?? null;
}
