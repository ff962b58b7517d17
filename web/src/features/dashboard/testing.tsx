// Test helpers for the dashboard: the shared organisation fake server and members, typed
// analytics answers in the contract's shapes, and a render of the real page for a signed-in
// admin of Acme Traders (Asia/Kolkata).
import type {
  ActiveHoursAnswer,
  AnalyticsRange,
  CallTotals,
  ChatCountersAnswer,
  ComparisonAnswer,
  DayTotals,
  DirectionTotals,
  NewCallsAnswer,
  OrgMapping,
  OverviewAnswer,
  QuickReplyAnalytics,
  SchedulerAnalytics,
  UserOverview,
} from '@/generated/contract';
import { renderRoutes, signInAs, userExistence } from '@/testing/harness';
import { fakeServer, mapping, ME, organization, type Call } from '@/testing/organization';
import DashboardPage from './pages/DashboardPage';

export { members, ME, ORG, sales } from '@/testing/organization';
export type { Call };

const tot = (total_count: number, total_duration: number, unique_calls: number): CallTotals => ({
  total_count,
  total_duration,
  unique_calls,
});

function dirs(i: CallTotals, o: CallTotals, m: CallTotals, r: CallTotals, unique: number): DirectionTotals {
  return {
    incoming: i,
    outgoing: o,
    missed: m,
    rejected: r,
    all: tot(
      i.total_count + o.total_count + m.total_count + r.total_count,
      i.total_duration + o.total_duration + m.total_duration + r.total_duration,
      unique,
    ),
  };
}

export const range: AnalyticsRange = {
  start_ms: 0,
  end_ms: 0,
  start_date: '2026-11-16',
  end_date: '2026-11-22',
  days: 7,
  time_zone: 'Asia/Kolkata',
};

const user = (user_id: number, name: string | null, team_id: number | null, calls: DirectionTotals): UserOverview => ({
  user_id,
  name,
  team_id,
  ...calls,
});

/** Priya (Sales) leads, Mateo (Sales) second, the nameless employee and the admin last. */
export const users: UserOverview[] = [
  user(8, 'Priya Sharma', 5, dirs(tot(10, 600, 6), tot(7, 420, 5), tot(2, 0, 2), tot(1, 0, 1), 11)),
  user(10, 'Mateo Silva', 5, dirs(tot(4, 250, 3), tot(3, 95, 3), tot(1, 0, 1), tot(0, 0, 0), 6)),
  user(9, null, null, dirs(tot(1, 30, 1), tot(1, 15, 1), tot(0, 0, 0), tot(1, 0, 1), 3)),
  user(ME, null, null, dirs(tot(0, 0, 0), tot(1, 61, 1), tot(0, 0, 0), tot(0, 0, 0), 1)),
];

const sum = (f: (u: UserOverview) => CallTotals): CallTotals =>
  users.reduce((a, u) => tot(a.total_count + f(u).total_count, a.total_duration + f(u).total_duration, a.unique_calls + f(u).unique_calls), tot(0, 0, 0));

export const totals: DirectionTotals = {
  incoming: sum((u) => u.incoming),
  outgoing: sum((u) => u.outgoing),
  missed: sum((u) => u.missed),
  rejected: sum((u) => u.rejected),
  all: sum((u) => u.all),
};

export const overview: OverviewAnswer = {
  range,
  users,
  totals,
  top_performers: [8, 10],
  needing_attention: [9, ME],
};

export const previousTotals: DirectionTotals = dirs(tot(12, 700, 8), tot(12, 500, 8), tot(0, 0, 0), tot(1, 0, 1), 15);

const days = (start: number, counts: number[]): DayTotals[] =>
  counts.map((c, i) => ({
    date: `2026-11-${String(start + i).padStart(2, '0')}`,
    incoming: c,
    outgoing: 1,
    missed: 0,
    rejected: 0,
    duration: c * 60,
  }));

export const comparison: ComparisonAnswer = {
  range,
  previous_range: { ...range, start_date: '2026-11-09', end_date: '2026-11-15' },
  current: totals,
  previous: previousTotals,
  total_count: { current: 32, previous: 25, absolute: 7, percent: 28 },
  total_duration: { current: 1471, previous: 1200, absolute: 271, percent: 22.583333 },
  unique_calls: { current: 21, previous: 0, absolute: 21, percent: null },
  chats: { current: 140, previous: 160, absolute: -20, percent: -12.5 },
  current_days: days(16, [5, 3, 4, 6, 2, 1, 4]),
  previous_days: days(9, [2, 2, 3, 5, 4, 1, 1]),
};

/** The chat counters: fewer messages than before, more distinct chats, none before for Mateo. */
export const chats: ChatCountersAnswer = {
  range,
  previous_range: comparison.previous_range,
  total_messages: { current: 1234, previous: 1100, absolute: 134, percent: 12.181818 },
  sent: { current: 534, previous: 600, absolute: -66, percent: -11 },
  received: { current: 700, previous: 500, absolute: 200, percent: 40 },
  unique_chats: { current: 57, previous: 0, absolute: 57, percent: null },
  users: [
    { user_id: 8, name: 'Priya Sharma', team_id: 5, total_messages: 900, sent: 400, received: 500, unique_chats: 40 },
    { user_id: 10, name: 'Mateo Silva', team_id: 5, total_messages: 334, sent: 134, received: 200, unique_chats: 17 },
    { user_id: 9, name: null, team_id: null, total_messages: 0, sent: 0, received: 0, unique_chats: 0 },
    { user_id: ME, name: null, team_id: null, total_messages: 0, sent: 0, received: 0, unique_chats: 0 },
  ],
};

export const activeHours: ActiveHoursAnswer = {
  range,
  calls: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((key, i) => ({ key, count: i % 4 })),
  chats: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((key, i) => ({ key, count: i + 2 })),
};

export const newCalls: NewCallsAnswer = {
  range,
  buckets: [
    { key: '2026-11-16T00', count: 3 },
    { key: '2026-11-16T12', count: 2 },
    { key: '2026-11-20T00', count: 9 },
  ],
};

/** This month in Kolkata (the usage counters' default date type). */
export const monthRange: AnalyticsRange = { ...range, start_date: '2026-11-01', end_date: '2026-11-22', days: 22 };

export const quickReplies: QuickReplyAnalytics = {
  range: monthRange,
  quick_reply_updated_counts: [
    { user_id: 8, count: 12 },
    { user_id: 9, count: 0 },
    { user_id: 10, count: 5 },
    { user_id: ME, count: 1 },
  ],
};

export const schedulers: SchedulerAnalytics = {
  range: monthRange,
  schedulers: [
    { workspace_id: 8, schedulers: 3 },
    { workspace_id: 9, schedulers: 0 },
    { workspace_id: 10, schedulers: 4 },
    { workspace_id: ME, schedulers: 0 },
  ],
};

const ok = (data: unknown) => ({ body: { result: true, data } });

/** The fake server with the analytics answers above; `extra` handlers answer first. */
export function dashboardServer(...extra: Parameters<typeof fakeServer>) {
  return fakeServer(...extra, (call) => {
    switch (call.url.pathname) {
      case '/api/v1/analytics/overview':
        return ok(overview);
      case '/api/v1/analytics/active-hours':
        return ok(activeHours);
      case '/api/v1/analytics/new-calls':
        return ok(newCalls);
      case '/api/v1/analytics/comparison':
        return ok(comparison);
      case '/api/v1/analytics/chats':
        return ok(chats);
      case '/api/v1/whatzapp/quickreplies/analytics':
        return ok(quickReplies);
      case '/api/v1/whatzapp/scheduler/analytics':
        return ok(schedulers);
      default:
        return undefined;
    }
  });
}

export const analyticsCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.startsWith('/api/v1/analytics/'));

/** The quick-reply and scheduler counters' requests. */
export const usageCalls = (calls: Call[]) =>
  calls.filter((c) => /^\/api\/v1\/whatzapp\/(quickreplies|scheduler)\/analytics$/.test(c.url.pathname));

/** Renders the dashboard for a signed-in member of Acme Traders with the given mapping, at
 * `path` (its query the filters asked for), after the pages of `earlier` (`/home` to go back to). */
export function renderDashboard(over: Partial<OrgMapping> = {}, path = '/conversations/analytics', earlier: string[] = []) {
  signInAs(mapping(over), { workspace: { org: organization, me: userExistence(mapping(over)) } });
  return renderRoutes(
    [
      { path: '/conversations/analytics', element: <DashboardPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/home', element: <p>Home</p> },
    ],
    path,
    earlier,
  );
}
