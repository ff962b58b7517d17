// The billing calls (001 §7 items 6-9 and the billing screen's calls under /api/billing; the
// server's crates/server/src/routes/billing.rs). Every shape is the generated contract type.
import { apiFetch, queryString, resultData } from '@/lib/api';
import type {
  BillingOverview,
  CheckoutAnswer,
  CheckoutRequest,
  CheckoutStatus,
  ExchangeRates,
  FailedTransaction,
  HistoryEntry,
  LocalizedCurrencyAnswer,
  Page,
  PlanLimits,
  SeatAvailability,
  SeatChangeAnswer,
  SeatPreview,
  TeamAddon,
  VisitorCurrency,
} from '@/generated/contract';

const V1 = '/api/v1/whatzapp';

/** Whose billing a call reads: an organisation (its admins, or members for the limits) or the
 * caller's own workspace. */
export type Payer = { org_id: number } | { workspace_id: number };

const payerQuery = (p: Payer) => queryString('org_id' in p ? { org_id: p.org_id } : { workspace_id: p.workspace_id });

/** Public: every plan, Free first. */

/** Public: the add-ons (calls, WhatsApp, AI Reply), per employee per month. */
export const fetchAddons = (signal?: AbortSignal) => resultData<TeamAddon[]>(`${V1}/getteamaddonlist`, { signal });

/** Public (001 §7 item 6): a POST with the currency in the query and no body. */
export const fetchLocalizedCurrency = (currency: string, signal?: AbortSignal) =>
  apiFetch<LocalizedCurrencyAnswer>(`${V1}/getLocalizedCurrency${queryString({ user_currency: currency })}`, {
    method: 'POST',
    signal,
  });

/** Public (001 §7 item 7): rates from US dollars. */
export const fetchExchangeRates = (signal?: AbortSignal) => apiFetch<ExchangeRates>(`${V1}/exchangeRateService`, { signal });

/** Public (001 §7 item 9): the visitor's currency, null when unknown. */
export const fetchVisitorCurrency = (signal?: AbortSignal) => apiFetch<VisitorCurrency>('/api/billing/currency', { signal });

/** 001 §7 item 8: the provider's checkout page for a plan. */
export const createCheckout = (body: CheckoutRequest) =>
  apiFetch<CheckoutAnswer>(`${V1}/createorgcheckoutsession`, { method: 'POST', body });

/** What the payer's plan allows now (any member of an organisation may ask). */
export const fetchLimits = (payer: Payer, signal?: AbortSignal) =>
  apiFetch<PlanLimits>(`/api/billing/limits${payerQuery(payer)}`, { signal });

/** The return page's question: whose checkout `sessionId` was, and whether it is paid. */
export const fetchCheckoutStatus = (sessionId: string, signal?: AbortSignal) =>
  apiFetch<CheckoutStatus>(`/api/billing/checkout?session_id=${encodeURIComponent(sessionId)}`, { signal });

/** The billing screen (an organisation's admins, or the owner of a workspace). */
export const fetchOverview = (payer: Payer, signal?: AbortSignal) =>
  apiFetch<BillingOverview>(`/api/billing/overview${payerQuery(payer)}`, { signal });

/** The price of a change of seats, before it is confirmed. */
export const previewSeats = (orgId: number, seats: number, signal?: AbortSignal) =>
  apiFetch<SeatPreview>(`/api/billing/seats/preview${queryString({ org_id: orgId, seats })}`, { signal });

/** Changes the seats (the seats the plan has cancel a scheduled decrease); answers the billing
 * screen after the change and what it cost. */
export const changeSeats = (orgId: number, seats: number) =>
  apiFetch<SeatChangeAnswer>('/api/billing/seats', { method: 'POST', body: { org_id: orgId, seats } });

/** Lines of the billing history a page shows. */
export const HISTORY_PER_PAGE = 10;

/** A page of the billing history (from 0), newest first. */
export const fetchHistory = (payer: Payer, page: number, signal?: AbortSignal) =>
  apiFetch<Page<HistoryEntry>>(
    `/api/billing/history${queryString({ ...('org_id' in payer ? { org_id: payer.org_id } : { workspace_id: payer.workspace_id }), page, per_page: HISTORY_PER_PAGE })}`,
    { signal },
  );

/** An organisation's seats in use (members active and invited): a team buys at least those. */
export const fetchSeatsUsed = (orgId: number, signal?: AbortSignal) =>
  resultData<SeatAvailability>(`${V1}/remainseatsavablity${queryString({ org_id: orgId })}`, { signal });

/** An organisation's failed payments, newest first. */
export const fetchFailedTransactions = (orgId: number, signal?: AbortSignal) =>
  resultData<FailedTransaction[]>(`/api/billing/failed-transactions${queryString({ org_id: orgId })}`, { signal });

/** `manageBillingURL`: a customer-portal session's address (null before a purchase). */
export const fetchPortal = (manageUrl: string) => resultData<string | null>(manageUrl);
