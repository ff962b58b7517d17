// The dashboard's calls (docs/API.md "Analytics (the dashboards read them)"): one query shape for
// every analytics path, answered in the `result` envelope. Teams and members come from the
// shared calls in `@/api/teams`.
import { apiFetch } from '@/lib/api';
import type {
  ActiveHoursAnswer,
  ChatCountersAnswer,
  ComparisonAnswer,
  NewCallsAnswer,
  OverviewAnswer,
  QuickReplyAnalytics,
  ResultEnvelope,
  SchedulerAnalytics,
} from '@/generated/contract';

export { fetchMembers, fetchTeams } from '@/api/teams';

const BASE = '/api/v1/analytics';

/** The filter every analytics path takes: local days, both inclusive, and a team or member. */
export interface AnalyticsParams {
  org_id: number;
  start_date: string;
  end_date: string;
  team_id?: number | null;
  user_id?: number | null;
}

export function analyticsQuery(p: AnalyticsParams): string {
  const q = new URLSearchParams({
    org_id: String(p.org_id),
    start_date: p.start_date,
    end_date: p.end_date,
  });
  if (p.team_id) q.set('team_id', String(p.team_id));
  if (p.user_id) q.set('user_id', String(p.user_id));
  return `?${q.toString()}`;
}

async function get<T>(path: string, p: AnalyticsParams, signal?: AbortSignal, base = BASE): Promise<T> {
  return (await apiFetch<ResultEnvelope<T>>(`${base}${path}${analyticsQuery(p)}`, { signal })).data;
}

export const fetchOverview = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<OverviewAnswer>('/overview', p, signal);
export const fetchActiveHours = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<ActiveHoursAnswer>('/active-hours', p, signal);
export const fetchNewCalls = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<NewCallsAnswer>('/new-calls', p, signal);
export const fetchComparison = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<ComparisonAnswer>('/comparison', p, signal);
/** Chat messages sent and received and distinct chats, against the previous period. */
export const fetchChats = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<ChatCountersAnswer>('/chats', p, signal);

/** Quick replies sent and messages scheduled (001 §3), same filter shape. */
export const fetchQuickReplyAnalytics = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<QuickReplyAnalytics>('/quickreplies/analytics', p, signal, '/api/v1/whatzapp');
export const fetchSchedulerAnalytics = (p: AnalyticsParams, signal?: AbortSignal) =>
  get<SchedulerAnalytics>('/scheduler/analytics', p, signal, '/api/v1/whatzapp');
