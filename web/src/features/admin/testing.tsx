// Test helpers for the operator's screens: typed fixtures in the contract's shapes, a fake server
// answering the admin routes (operator session, organisations, users, audit, failed
// transactions, dynamic assignment with the server's own total check, report and leads), and
// the real frame and pages behind a memory router.
import type { RouteObject } from 'react-router';
import type {
  AdminOrg,
  AdminPlan,
  AdminUser,
  AdminUserDetail,
  AssignmentMemberView,
  AssignmentRequest,
  AuditEntry,
  FailedTransaction,
  FeedbackEntry,
  LeadView,
  ShareRow,
} from '@/generated/contract';
import { firstAnswer, renderRoutes, stubFetch, type Answer, type Call, type Handler } from '@/testing/harness';
import { AdminFrame } from './components/AdminFrame';
import AdminDashboardPage from './pages/AdminDashboardPage';
import AdminPanelPage from './pages/AdminPanelPage';
import UserInfoPage from './pages/UserInfoPage';
import { ADMIN_PATHS } from './paths';
import { useAdminSession } from './stores/adminSession';

export const OPERATOR = { email: 'ops@switchboard.test', password: 'correct horse battery' };

export function owner(id: string, name: string): AssignmentMemberView {
  return {
    id: null,
    hubspot_owner_id: id,
    employee_name: name,
    firstName: name.split(' ')[0] ?? name,
    onboarding_stage: [],
    region: 'other',
    target_percentage: '',
    paused: false,
  };
}

export const OWNERS = [owner('9001', 'Lucia Moreno'), owner('9002', 'Javier Ruiz'), owner('9003', 'Asha Rao')];

export function org(id: number, over: Partial<AdminOrg> = {}): AdminOrg {
  return {
    org_id: id,
    org_name: `Organisation ${id}`,
    organization_code: `ORG${id}`,
    plan_id: 10,
    effective_plan_id: 10,
    standing: 'trial',
    is_trial: true,
    validity: '2099-01-01T00:00:00Z',
    seat_issued: 5,
    members: 2,
    dunning_since: null,
    knowledge_base: true,
    knowledge_base_granted: false,
    ...over,
  };
}

export function user(id: number, over: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `user${id}@example.com`,
    name: `User ${id}`,
    mobile: null,
    plan_id: 1,
    created_at: '2026-01-02T03:04:05Z',
    ...over,
  };
}

export type { Call };

export interface FakeState {
  signedIn: boolean;
  /** Members saved, in the server's shape. */
  members: AssignmentMemberView[];
  owners: AssignmentMemberView[];
  orgs: AdminOrg[];
  users: AdminUser[];
  details: Record<number, AdminUserDetail>;
  audit: AuditEntry[];
  failed: FailedTransaction[];
  feedback: FeedbackEntry[];
  report: ShareRow[];
  leads: LeadView[];
}

const error = (status: number, code: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message: code, ...(fields ? { fields } : {}) } },
});

function page<T>(items: T[], url: URL, match: (item: T, q: string) => boolean) {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const p = Number(url.searchParams.get('page') ?? 0);
  const per = Number(url.searchParams.get('per_page') ?? 20);
  const found = q ? items.filter((i) => match(i, q)) : items;
  return { items: found.slice(p * per, (p + 1) * per), total: found.length, page: p, per_page: per };
}

const hundredths = (text: string) => Math.round(Number(text || 0) * 100);

/** Installs a fake server; `handlers` answer first (return undefined to fall through). */
export function fakeServer(initial: Partial<FakeState> = {}, ...handlers: Handler[]) {
  const state: FakeState = {
    signedIn: false,
    members: [],
    owners: OWNERS,
    orgs: [],
    users: [],
    details: {},
    audit: [],
    failed: [],
    feedback: [],
    report: [],
    leads: [],
    ...initial,
  };
  const calls: Call[] = [];
  const assignment = () => {
    const all = [...state.members];
    for (const o of state.owners) if (!all.some((m) => m.hubspot_owner_id === o.hubspot_owner_id)) all.push(o);
    return { result: true, activeMembers: state.members, allMembers: all };
  };
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const { method, url } = call;
    const p = url.pathname;
    if (p === '/api/admin/session') {
      if (method === 'POST') {
        const b = call.body as { email: string; password: string };
        if (b.email === OPERATOR.email && b.password === OPERATOR.password) {
          state.signedIn = true;
          return { status: 200, body: { email: OPERATOR.email } };
        }
        return error(401, 'invalid_login_credentials');
      }
      if (!state.signedIn) return error(401, 'unauthorized');
      if (method === 'DELETE') {
        state.signedIn = false;
        return { status: 204 };
      }
      return { status: 200, body: { email: OPERATOR.email } };
    }
    if (!state.signedIn) return error(401, 'unauthorized');
    if (p === '/api/admin/organisations')
      return { status: 200, body: page(state.orgs, url, (o, q) => o.org_name.toLowerCase().includes(q)) };
    if (p === '/api/admin/users')
      return { status: 200, body: page(state.users, url, (u, q) => `${u.name} ${u.email}`.toLowerCase().includes(q)) };
    const userMatch = /^\/api\/admin\/users\/(\d+)$/.exec(p);
    if (userMatch) {
      const d = state.details[Number(userMatch[1])];
      return d ? { status: 200, body: d } : error(404, 'not_found');
    }
    const planMatch = /^\/api\/admin\/organisations\/(\d+)\/plan$/.exec(p);
    if (planMatch && method === 'POST') {
      const b = call.body as { reason: string; plan_id: number | null; seats?: number | null };
      if (!b.reason?.trim()) return error(422, 'validation_failed');
      const id = Number(planMatch[1]);
      const before = state.orgs.find((o) => o.org_id === id) ?? org(id);
      const after = { ...before, plan_id: b.plan_id ?? before.plan_id, seat_issued: b.seats ?? before.seat_issued };
      state.orgs = state.orgs.map((o) => (o.org_id === id ? after : o));
      return { status: 200, body: after };
    }
    if (p === '/api/admin/plans') return { status: 200, body: PLANS };
    const kbMatch = /^\/api\/admin\/organisations\/(\d+)\/knowledge-base$/.exec(p);
    if (kbMatch && method === 'POST') {
      const b = call.body as { reason: string; granted: boolean };
      if (!b.reason?.trim()) return error(422, 'validation_failed');
      const id = Number(kbMatch[1]);
      const before = state.orgs.find((o) => o.org_id === id) ?? org(id);
      const byPlan = before.knowledge_base && !before.knowledge_base_granted;
      const after = { ...before, knowledge_base_granted: b.granted, knowledge_base: b.granted || byPlan };
      state.orgs = state.orgs.map((o) => (o.org_id === id ? after : o));
      return { status: 200, body: after };
    }
    if (p === '/api/admin/audit') return { status: 200, body: page(state.audit, url, () => true) };
    if (p === '/api/admin/feedback') return { status: 200, body: page(state.feedback, url, () => true) };
    if (p === '/api/admin/failed-transactions') {
      const pg = page(state.failed, url, () => true);
      return { status: 200, body: { result: true, data: pg.items } };
    }
    if (p === '/api/admin/assignment/report') return { status: 200, body: { result: true, data: state.report } };
    if (p === '/api/admin/leads') return { status: 200, body: { result: true, data: state.leads } };
    if (p === '/api/v1/whatzapp/dashboard/dynamic-assignment') {
      if (method === 'GET') return { status: 200, body: assignment() };
      if (method === 'DELETE') {
        const id = url.searchParams.get('owner_id');
        if (!state.members.some((m) => m.hubspot_owner_id === id)) return error(404, 'not_found');
        state.members = state.members.filter((m) => m.hubspot_owner_id !== id);
        return { status: 200, body: assignment() };
      }
      if (method === 'POST') {
        const b = call.body as AssignmentRequest;
        const target = String(b.target_percentage);
        const others = state.members
          .filter((m) => m.hubspot_owner_id !== b.owner_id)
          .reduce((n, m) => n + hundredths(m.target_percentage), 0);
        if (others + hundredths(target) > 10_000)
          return error(422, 'validation_failed', { target_percentage: 'total_percentage_others' });
        const saved: AssignmentMemberView = {
          id: 1,
          hubspot_owner_id: b.owner_id,
          employee_name: b.name,
          firstName: b.name.split(' ')[0] ?? b.name,
          onboarding_stage: b.onboarding_stage,
          region: b.region ?? 'other',
          target_percentage: String(Number(target)),
          paused: b.paused ?? false,
        };
        const at = state.members.findIndex((m) => m.hubspot_owner_id === b.owner_id);
        state.members = at >= 0 ? state.members.map((m, i) => (i === at ? saved : m)) : [...state.members, saved];
        return { status: 200, body: assignment() };
      }
    }
    return error(404, 'not_found');
  };
  stubFetch(calls, answer);
  return { state, calls };
}

/** The plan catalogue as the server lists it (migration 000009). */
export const PLANS: AdminPlan[] = [
  { id: 1, plan_name: 'Free', plan_type: 'self', is_monthly: true },
  { id: 8, plan_name: 'Pro Plus', plan_type: 'self', is_monthly: true },
  { id: 9, plan_name: 'Pro Plus', plan_type: 'self', is_monthly: false },
  { id: 10, plan_name: 'Teams', plan_type: 'teams', is_monthly: true },
  { id: 11, plan_name: 'Teams', plan_type: 'teams', is_monthly: false },
];

/** A saved member as the server lists it. */
export function member(id: string, name: string, target: string, over: Partial<AssignmentMemberView> = {}): AssignmentMemberView {
  return { ...owner(id, name), id: Number(id), target_percentage: target, ...over };
}

export const routes: RouteObject[] = [
  {
    element: <AdminFrame />,
    children: [
      { path: ADMIN_PATHS.dashboard, element: <AdminDashboardPage /> },
      { path: ADMIN_PATHS.organisations, element: <AdminPanelPage /> },
      { path: ADMIN_PATHS.users, element: <AdminPanelPage /> },
      { path: ADMIN_PATHS.audit, element: <AdminPanelPage /> },
      { path: ADMIN_PATHS.failedTransactions, element: <AdminPanelPage /> },
      { path: ADMIN_PATHS.feedback, element: <AdminPanelPage /> },
      { path: ADMIN_PATHS.userInfo, element: <UserInfoPage /> },
      { path: `${ADMIN_PATHS.userInfo}/:id`, element: <UserInfoPage /> },
    ],
  },
];

/** Renders the operator's screens at `path`, with a fresh operator session check. */
export function renderAdmin(path: string) {
  useAdminSession.setState({ status: 'unknown', admin: null, expired: false });
  return renderRoutes(routes, path);
}

export const callsTo = (calls: Call[], path: string, method = 'GET') =>
  calls.filter((c) => c.url.pathname === path && c.method === method);
