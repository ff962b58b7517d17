// The operator's calls (crates/server/src/routes/admin.rs): the secure sign-in, organisations
// and users with search and paging, User Info, plan changes, the audit log, failed transactions
// across the installation, and dynamic lead assignment with its report and unassigned leads.
// Every route but the sign-in runs under the operator's own `sb_admin` cookie; a 401 from one of
// them means that session ended, and the session store hears about it.
import { apiFetch, ApiError, queryString } from '@/lib/api';
import type { PageQuery } from '@/lib/useLoad';
import type { AdminMe, AdminOrg, AdminPlan, AdminSignIn, AdminUser, AdminUserDetail, AssignmentRequest, AuditEntry, DynamicAssignment, FailedTransaction, FeedbackEntry, LeadView, Page, KnowledgeBaseGrant, PlanChange, ResultEnvelope, ShareRow } from '@/generated/contract';


export const SESSION = '/api/admin/session';
export const ASSIGNMENT = '/api/v1/whatzapp/dashboard/dynamic-assignment';

type Init = Parameters<typeof apiFetch>[1];

let onSessionLost: () => void = () => undefined;

/** Called when an operator call answers 401: the session expired or was revoked. */
export function whenSessionLost(callback: () => void): void {
  onSessionLost = callback;
}

/** An operator call: a 401 also tells the session store the operator is signed out. */
async function adminFetch<T>(path: string, init?: Init): Promise<T> {
  try {
    return await apiFetch<T>(path, init);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) onSessionLost();
    throw e;
  }
}

export type { PageQuery };

const pageQuery = ({ q, page, perPage }: PageQuery) =>
  queryString({ q: q?.trim() ? q.trim() : undefined, page, per_page: perPage });

// Session -------------------------------------------------------------------------------------

export function signIn(email: string, password: string): Promise<AdminMe> {
  const body: AdminSignIn = { email, password };
  return apiFetch<AdminMe>(SESSION, { method: 'POST', body });
}

/** The signed-in operator, or null when there is no operator session. */
export async function currentAdmin(signal?: AbortSignal): Promise<AdminMe | null> {
  try {
    // 204 (undefined) when no operator is signed in.
    return (await apiFetch<AdminMe | undefined>(SESSION, { signal })) ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export function signOut(): Promise<void> {
  return apiFetch<void>(SESSION, { method: 'DELETE' });
}

// Organisations, users, audit -----------------------------------------------------------------

export const fetchOrganisations = (query: PageQuery, signal?: AbortSignal) =>
  adminFetch<Page<AdminOrg>>(`/api/admin/organisations${pageQuery(query)}`, { signal });

export const fetchUsers = (query: PageQuery, signal?: AbortSignal) =>
  adminFetch<Page<AdminUser>>(`/api/admin/users${pageQuery(query)}`, { signal });

export const fetchUser = (id: number, signal?: AbortSignal) =>
  adminFetch<AdminUserDetail>(`/api/admin/users/${id}`, { signal });

export const changePlan = (orgId: number, body: PlanChange) =>
  adminFetch<AdminOrg>(`/api/admin/organisations/${orgId}/plan`, { method: 'POST', body });

export const fetchPlans = (signal?: AbortSignal) => adminFetch<AdminPlan[]>('/api/admin/plans', { signal });

export const grantKnowledgeBase = (orgId: number, body: KnowledgeBaseGrant) =>
  adminFetch<AdminOrg>(`/api/admin/organisations/${orgId}/knowledge-base`, { method: 'POST', body });

export const fetchAudit = (query: PageQuery, signal?: AbortSignal) =>
  adminFetch<Page<AuditEntry>>(`/api/admin/audit${pageQuery(query)}`, { signal });

export const fetchFailedTransactions = async (query: PageQuery, signal?: AbortSignal) =>
  (
    await adminFetch<ResultEnvelope<FailedTransaction[]>>(
      `/api/admin/failed-transactions${pageQuery({ page: query.page, perPage: query.perPage })}`,
      { signal },
    )
  ).data;

export const fetchFeedback = (query: PageQuery, signal?: AbortSignal) =>
  adminFetch<Page<FeedbackEntry>>(`/api/admin/feedback${pageQuery(query)}`, { signal });

// Dynamic assignment --------------------------------------------------------------------------

export const fetchAssignment = (signal?: AbortSignal) => adminFetch<DynamicAssignment>(ASSIGNMENT, { signal });

export const saveMember = (body: AssignmentRequest) =>
  adminFetch<DynamicAssignment>(ASSIGNMENT, { method: 'POST', body });

export const deleteMember = (ownerId: string) =>
  adminFetch<DynamicAssignment>(`${ASSIGNMENT}${queryString({ owner_id: ownerId })}`, { method: 'DELETE' });

export const fetchReport = async (from: string, to: string, signal?: AbortSignal) =>
  (await adminFetch<ResultEnvelope<ShareRow[]>>(`/api/admin/assignment/report${queryString({ from, to })}`, { signal }))
    .data;

export const fetchUnassignedLeads = async (signal?: AbortSignal) =>
  (await adminFetch<ResultEnvelope<LeadView[]>>('/api/admin/leads', { signal })).data;
