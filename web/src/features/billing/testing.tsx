// Test helpers for the billing screens: the catalogue in the contract's shapes (the seeded plans
// and add-ons, the INR localisation), a signed-in user and their workspace, and a fake server
// answering the billing calls (each call recorded; a handler may answer first).
import type { ReactElement } from 'react';
import type {
  BillingOverview,
  CreditHistory,
  CurrentPlan,
  HistoryDetail,
  HistoryEntry,
  OrgMapping,
  Page,
  Plan,
  PlanBanner,
  PlanLimits,
  PlanUpsell,
  Seats,
  TeamAddon,
  UserExistence,
} from '@/generated/contract';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, firstAnswer, renderRoutes, signInAs, stubFetch, userExistence, type Answer, type Call, type Handler } from '@/testing/harness';
import { mapping, ME, ORG } from '@/testing/organization';
import { useBillingUi } from './stores/billing';

export { ME, ORG };

const offerings = ['everything_in_pro_plus', 'team_inbox'];
export const plans: Plan[] = [
  { id: 1, plan_name: 'Free', plan_type: 'self', isMonthly: true, amount: 0, offerings: ['labels_5', 'quick_replies_5', 'signature'] },
  { id: 3, plan_name: 'Personal Pro', plan_type: 'self', isMonthly: true, amount: 5, offerings: ['scheduler'] },
  { id: 7, plan_name: 'Personal Pro', plan_type: 'self', isMonthly: false, amount: 3.85, offerings: ['scheduler'] },
  { id: 8, plan_name: 'Pro Plus', plan_type: 'self', isMonthly: true, amount: 9, offerings: ['crm_sync'] },
  { id: 9, plan_name: 'Pro Plus', plan_type: 'self', isMonthly: false, amount: 6.93, offerings: ['crm_sync'] },
  { id: 10, plan_name: 'Teams', plan_type: 'teams', isMonthly: true, amount: 12, offerings },
  { id: 11, plan_name: 'Teams', plan_type: 'teams', isMonthly: false, amount: 9.24, offerings },
];

export const addons: TeamAddon[] = [
  { id: 1, key: 'calls', inr: 200, usd: 5, annual_inr: 154, annual_usd: 3.85 },
  { id: 2, key: 'whatsapp', inr: 400, usd: 10, annual_inr: 308, annual_usd: 7.7 },
  { id: 3, key: 'ai_reply', inr: 280, usd: 7, annual_inr: 200, annual_usd: 5 },
];

export const orgMapping = mapping;

export const me = (mappings: OrgMapping[]): UserExistence => userExistence(mappings[0] ?? null, { name: 'Owner', callyzer_user_mappings: mappings });

export const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function credit(over: Partial<CreditHistory> = {}): CreditHistory {
  return { org_id: ORG, plan_id: 10, seat_issued: 3, validity: iso(Date.now() + 3 * DAY), is_trial: true, ...over };
}

export function limits(over: Partial<PlanLimits> = {}): PlanLimits {
  return {
    standing: 'trial',
    effective_plan_id: 10,
    labels: null,
    quick_replies: null,
    signature: false,
    ai_replies_per_day: 50,
    seats: 3,
    upsell: upsell(),
    ...over,
  };
}

/** The server's `upsell` answer; by default a running trial seen by its admin (3 days left). */
export function upsell(over: Partial<PlanUpsell> = {}): PlanUpsell {
  return {
    card: 'upgrade',
    banner: { kind: 'trial_ends_in', days: 3, ended_at: null, until: null, ended: false },
    action: 'upgrade',
    popup: null,
    no_teams_plan: false,
    ...over,
  };
}

/** An ended plan's banner. */
export function endedBanner(kind: PlanBanner['kind'], over: Partial<PlanBanner> = {}): PlanBanner {
  return { kind, days: null, ended_at: '2026-11-20T10:00:00Z', until: null, ended: true, ...over };
}

export function currentPlan(over: Partial<CurrentPlan> = {}): CurrentPlan {
  return {
    plan_id: 10,
    effective_plan_id: 10,
    plan_name: 'Teams',
    standing: 'active',
    is_trial: false,
    validity: '2030-02-01T00:00:00Z',
    grace_until: null,
    dunning_since: null,
    ai_addon: false,
    ...over,
  };
}

export function seats(over: Partial<Seats> = {}): Seats {
  return { seat_issued: 4, seats_used: 2, pending_seats: null, pending_from: null, min: 3, max: 10_000, ...over };
}

export function overview(over: Partial<BillingOverview> = {}): BillingOverview {
  return {
    plan: currentPlan(),
    term: { kind: 'renews', at: '2030-02-01T00:00:00Z' },
    seats: seats(),
    estimated_invoice: { amount_minor: 192_000, currency: 'INR', due_at: '2030-02-01T00:00:00Z', interval: 'month' },
    invoices: [
      { id: 'in_1', amount_minor: 192_000, currency: 'inr', status: 'paid', hosted_url: 'https://invoice.example.test/i', created_at: '2030-01-01T00:00:00Z' },
    ],
    time_zone: 'Asia/Kolkata',
    can_manage: true,
    subscribed: true,
    manageBillingURL: `/api/billing/portal?org_id=${ORG}`,
    ...over,
  };
}

const NO_DETAIL: HistoryDetail = {
  plan_from: null,
  plan_to: null,
  interval: null,
  seats_from: null,
  seats_to: null,
  amount_minor: null,
  currency: null,
  status: null,
  trial_from: null,
  trial_to: null,
  valid_from: null,
  valid_to: null,
  effective_at: null,
  by: null,
  reason: null,
};

let nextId = 1;
/** A history line with the details given (the rest null). */
export function entry(kind: string, at: string, detail: Partial<HistoryDetail> = {}): HistoryEntry {
  return { id: nextId++, at, kind, detail: { ...NO_DETAIL, ...detail } };
}

/** A page of the history, as the server answers it. */
export function historyPage(items: HistoryEntry[], total = items.length, page = 0, perPage = 10): Page<HistoryEntry> {
  return { items, total, page, per_page: perPage };
}

export const defaultHistory = () => [
  entry('seats_added', '2030-01-02T09:30:00Z', { seats_from: 3, seats_to: 4, amount_minor: 16_000, currency: 'INR' }),
  entry('subscription_started', '2030-01-01T00:00:00Z', { plan_to: 'Teams', seats_to: 3, amount_minor: 144_000, currency: 'INR', interval: 'month', status: 'active' }),
];

/** Signs `ME` in, on the organisation (`current`) or the personal workspace (null). */
export function signIn(current: OrgMapping | null, credit: CreditHistory | null = null) {
  signInAs(current, { name: 'Owner', workspace: { me: me(current ? [current] : []), credit } });
}

export function resetStores() {
  sessionStorage.clear();
  localStorage.clear();
  useBillingUi.getState().reset();
  useWorkspace.getState().reset();
  useSession.setState({ status: 'anonymous', user: null });
}

export { errorBody, type Call };

/** A fake server: the catalogue, USD visitors, the INR localisation, the rates, and `limits()`. */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = call.url.pathname;
    const ok = (data: unknown) => ({ body: { result: true, data } });
    if (p === '/api/v1/whatzapp/planlist') return ok(plans);
    if (p === '/api/v1/whatzapp/getteamaddonlist') return ok(addons);
    if (p === '/api/billing/currency') return { body: { currency: null, country: null } };
    if (p === '/api/v1/whatzapp/getLocalizedCurrency') {
      const inr = call.url.searchParams.get('user_currency') === 'INR';
      return { body: inr ? { status: true, message: { multiplication_factor: 40, planid_constant: 1000 } } : { status: false, message: null } };
    }
    if (p === '/api/v1/whatzapp/exchangeRateService')
      return { body: { result: true, base_code: 'USD', conversion_rates: { USD: 1, INR: 83.12, EUR: 0.9184 }, fetched_at: 0 } };
    if (p === '/api/billing/limits') return { body: limits() };
    if (p === '/api/billing/history') return { body: historyPage(defaultHistory()) };
    if (p === '/api/v1/whatzapp/remainseatsavablity') return ok({ seat_issued: 3, seats_used: 1, remaining_seats: 2 });
    return { status: 404, body: errorBody('not_found') };
  };
  stubFetch(calls, answer);
  return calls;
}

/** Renders `element` at `path` (with the same element on every path) in the app's providers. */
export function renderAt(path: string, element: ReactElement) {
  return renderRoutes([{ path: '*', element }], path).router;
}
