// The dashboard's pure pieces: which period a filter means (the domain's date rules in the
// organisation's zone), whom it counts (the domain's visibility rule, then team and member),
// chart rows shaped from the answers, team colours, and a small CSV writer. No React here.
import type {
  BucketCount,
  ComparisonAnswer,
  DayTotals,
  Employee,
  Team,
  UserOverview,
} from '@/generated/contract';
import type { DatePreset } from '@/generated/domain';
import { rule, value, type Outcome, type RuleOutput } from '@/lib/domain';
import { DATE_PRESETS } from '@/lib/periods';

export type DateRange = RuleOutput<'date_preset'>;

/** 000 §3: the nine presets, in the order the spec lists them. */
export const PRESETS: readonly DatePreset[] = DATE_PRESETS;

/** 000 §3 'Filter defaults: date range of the last 7 days'. */
export const DEFAULT_PRESET: DatePreset = 'last_7_days';

/**
 * 000 §3 'Filter defaults: … date type This Month'. The date type is the preset of the counters
 * that keep their own period (quick replies sent, messages scheduled), next to the main range.
 */
export const USAGE_DEFAULT_PRESET: DatePreset = 'this_month';

export type PeriodChoice = DatePreset | 'custom';

export interface DashboardFilters {
  period: PeriodChoice;
  /** `YYYY-MM-DD`, used when `period` is `custom`. */
  customStart: string;
  customEnd: string;
  /** null = All (000 §3 'team All'). */
  teamId: number | null;
  /** null = All (001 §6 'Active employee filter: All or one employee'). */
  userId: number | null;
  /** The date type of the quick-reply and scheduler counters (one of the nine presets). */
  usagePeriod: DatePreset;
}

/** Filter fields that change the main analytics, and those that change the usage counters. */
export const MAIN_FILTERS: readonly (keyof DashboardFilters)[] = ['period', 'customStart', 'customEnd', 'teamId', 'userId'];
export const USAGE_FILTERS: readonly (keyof DashboardFilters)[] = ['usagePeriod', 'teamId', 'userId'];

export const initialFilters = (): DashboardFilters => ({
  period: DEFAULT_PRESET,
  customStart: '',
  customEnd: '',
  teamId: null,
  userId: null,
  usagePeriod: USAGE_DEFAULT_PRESET,
});

/**
 * The longest period the analytics API answers for (two years of days): the server's
 * `MAX_RANGE_DAYS` (crates/server/src/routes/analytics.rs), which refuses a longer one with
 * `range_too_long`. Not among the domain's business constants, so mirrored here.
 */
export const MAX_RANGE_DAYS = 732;

/** A custom range's local days: both days valid, the start first, at most `MAX_RANGE_DAYS`. */
export function customRange(startDate: string, endDate: string, timeZone: string | null): Outcome<DateRange> {
  if (!startDate || !endDate) return { err: 'fields_required' };
  const r = rule('date_range', { startDate, endDate, timeZone });
  if (r.err === undefined && r.ok.days > MAX_RANGE_DAYS) return { err: 'range_too_long' };
  return r;
}

/** The local days a filter covers, computed by the domain rules with `now` passed in. */
export function resolveRange(f: DashboardFilters, now: number, timeZone: string | null): Outcome<DateRange> {
  if (f.period === 'custom') return customRange(f.customStart, f.customEnd, timeZone);
  return rule('date_preset', { preset: f.period, now, timeZone });
}

/** A custom range still being chosen: a day is missing, so nothing is asked and nothing changes. */
export const rangePending = (f: DashboardFilters): boolean => f.period === 'custom' && (!f.customStart || !f.customEnd);

// ---- The filters in the address ------------------------------------------------------------

/** The query keys of the filters; a filter at its default is left out of the address. */
export const QUERY_KEYS = {
  period: 'period',
  customStart: 'start',
  customEnd: 'end',
  teamId: 'team',
  userId: 'employee',
  usagePeriod: 'date_type',
} as const satisfies Record<keyof DashboardFilters, string>;

const isPreset = (v: string | null): v is DatePreset => v !== null && (PRESETS as readonly string[]).includes(v);
const idOf = (v: string | null): number | null => (v !== null && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null);

/**
 * The filters an address asks for, each checked against what the viewer may choose: a known
 * preset, or a custom range the API would answer (valid days, the start first, not too long); a
 * team among the teams; an employee among the visible members (of that team when one is chosen).
 * Anything else is the default, silently.
 */
export function filtersFromQuery(
  q: Pick<URLSearchParams, 'get'>,
  { teams, members, timeZone }: { teams: readonly Team[]; members: readonly Employee[]; timeZone: string | null },
): DashboardFilters {
  const f = initialFilters();
  const period = q.get(QUERY_KEYS.period);
  if (isPreset(period)) f.period = period;
  else if (period === 'custom') {
    const start = q.get(QUERY_KEYS.customStart) ?? '';
    const end = q.get(QUERY_KEYS.customEnd) ?? '';
    if (customRange(start, end, timeZone).err === undefined) Object.assign(f, { period, customStart: start, customEnd: end });
  }
  const teamId = idOf(q.get(QUERY_KEYS.teamId));
  if (teamId !== null && teams.some((tm) => tm.id === teamId)) f.teamId = teamId;
  const userId = idOf(q.get(QUERY_KEYS.userId));
  const member = members.find((m) => m.user_id === userId);
  if (member && (f.teamId === null || member.team_id === f.teamId)) f.userId = member.user_id;
  const usagePeriod = q.get(QUERY_KEYS.usagePeriod);
  if (isPreset(usagePeriod)) f.usagePeriod = usagePeriod;
  return f;
}

/** `base` with the filters' keys written from `f` (defaults left out); other keys kept. */
export function filtersToQuery(f: DashboardFilters, base: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams(base);
  for (const key of Object.values(QUERY_KEYS)) q.delete(key);
  if (f.period !== DEFAULT_PRESET) q.set(QUERY_KEYS.period, f.period);
  if (f.period === 'custom') {
    q.set(QUERY_KEYS.customStart, f.customStart);
    q.set(QUERY_KEYS.customEnd, f.customEnd);
  }
  if (f.teamId !== null) q.set(QUERY_KEYS.teamId, String(f.teamId));
  if (f.userId !== null) q.set(QUERY_KEYS.userId, String(f.userId));
  if (f.usagePeriod !== USAGE_DEFAULT_PRESET) q.set(QUERY_KEYS.usagePeriod, f.usagePeriod);
  return q;
}

/** The local days of the usage counters' date type. */
export function resolveUsageRange(f: Pick<DashboardFilters, 'usagePeriod'>, now: number, timeZone: string | null): Outcome<DateRange> {
  return rule('date_preset', { preset: f.usagePeriod, now, timeZone });
}

export interface Viewer {
  roleId: number | null;
  teamId: number | null;
  userId: number;
  mobile: string | null;
}

const constants = () => value('business_constants', {});

/** The active members (status 2) the viewer may see (001 §6), by the domain's rule. */
export function visibleMembers(members: Employee[], viewer: Viewer): Employee[] {
  const active = members.filter((m) => m.user_status === constants().defaultEmployeeStatus);
  const { userIds } = value('visible_employees', {
    viewer: { roleId: viewer.roleId, teamId: viewer.teamId, userId: String(viewer.userId), mobile: viewer.mobile },
    employees: active.map((m) => ({
      user_id: String(m.user_id),
      team_id: m.team_id,
      user_status: m.user_status,
      whatzapp_basic_info: m.whatzapp_basic_info,
      whatsapp_no: m.whatsapp_no,
    })),
  });
  const ids = new Set(userIds.map(String));
  return active.filter((m) => ids.has(String(m.user_id)));
}

/** The members a filter counts: the visible ones, narrowed by team, then by one member. */
export function resolveEmployees(visible: Employee[], f: Pick<DashboardFilters, 'teamId' | 'userId'>): Employee[] {
  return visible.filter(
    (m) => (f.teamId === null || m.team_id === f.teamId) && (f.userId === null || m.user_id === f.userId),
  );
}

/** 001 §9: 'Missing names display NA, or Admin for the admin role'. */
export function personName(name: string | null | undefined, roleId: number | null | undefined, t: (k: 'names.admin' | 'names.na') => string): string {
  const d = value('display_name', { name: name ?? null, roleId: roleId ?? null });
  return 'name' in d ? d.name : t(d.fallback === 'admin' ? 'names.admin' : 'names.na');
}

export const duration = (seconds: number): string => value('format_duration', { seconds }).text;

/** 001 §9: team background #E9F7F7 on the dashboard when a team has no colour. */
export const DASHBOARD_TEAM_BG = '#E9F7F7';
export const DASHBOARD_TEAM_FG = '#0F4C4C';
/** 001 §9: 'bar colour #5F72BD'. */
export const BAR_COLOUR = '#5F72BD';
export const PREVIOUS_COLOUR = '#B8C1E3';

export function teamColours(team: Team | null | undefined): { bg: string; fg: string } {
  return { bg: team?.bg_color ?? DASHBOARD_TEAM_BG, fg: team?.text_color ?? DASHBOARD_TEAM_FG };
}

/** 001 §3: the call directions the dashboard shows, with their wire numbers. */
export const DIRECTIONS = ['incoming', 'outgoing', 'missed', 'rejected'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Active hours 8–20 (001 §9): every hour of the rule's keys, the answer's counts filled in. */
export function hourRows(calls: BucketCount[], chats: BucketCount[], range: DateRange, timeZone: string | null) {
  const keys = value('bucket_keys', { granularity: 'hour_of_day', startMs: range.startMs, endMs: range.endMs, timeZone });
  const count = (list: BucketCount[], k: unknown) => list.find((b) => String(b.key) === String(k))?.count ?? 0;
  return keys.map((k) => ({ hour: Number(k), calls: count(calls, k), chats: count(chats, k) }));
}

/** New calls per local half-day: the rule's keys for the period, the answer's counts filled in. */
export function halfDayRows(buckets: BucketCount[], range: DateRange, timeZone: string | null) {
  const keys = value('bucket_keys', { granularity: 'twelve_hours', startMs: range.startMs, endMs: range.endMs, timeZone });
  const counts = new Map(buckets.map((b) => [String(b.key), b.count]));
  return keys.map((k) => ({ key: String(k), count: counts.get(String(k)) ?? 0 }));
}

/** Day i of the period against day i of the previous one. */
export function dailyRows(c: ComparisonAnswer) {
  const total = (d: DayTotals | undefined) => (d ? d.incoming + d.outgoing + d.missed + d.rejected : 0);
  return c.current_days.map((d, i) => ({
    date: d.date,
    previousDate: c.previous_days[i]?.date ?? '',
    current: total(d),
    previous: total(c.previous_days[i]),
    duration: d.duration,
  }));
}

export const callTotal = (d: DayTotals) => d.incoming + d.outgoing + d.missed + d.rejected;

/** A user row's numbers in the CSV/table column order. */
export function userNumbers(u: UserOverview): number[] {
  return [
    u.all.total_count,
    u.all.total_duration,
    u.all.unique_calls,
    ...DIRECTIONS.flatMap((d) => [u[d].total_count, u[d].total_duration]),
  ];
}

// ---- CSV ----------------------------------------------------------------------------------

export type CsvCell = string | number | null | undefined;

/** One field, quoted when it holds a comma, quote, line break or leading/trailing space (RFC 4180). */
export function csvField(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: CsvCell[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Parses what `toCsv` writes (tests and the e2e compare the numbers back). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Saves a CSV through a temporary link (a UTF-8 BOM so spreadsheets read accents right). */
export function downloadCsv(filename: string, rows: CsvCell[][]): void {
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
