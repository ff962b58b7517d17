// The calls the signed-in frame makes: who the user is and where they belong, organisation
// details for the logo, switching the active organisation.
import { apiFetch } from '@/lib/api';
import type {
  CreditHistory,
  OrgMapping,
  Organization,
  ResultEnvelope,
  TypeEnvelope,
  UserExistence,
} from '@/generated/contract';

const V1 = '/api/v1/whatzapp';

export async function fetchUserExistence(email: string): Promise<UserExistence> {
  const q = new URLSearchParams({ user_email: email });
  return (await apiFetch<ResultEnvelope<UserExistence>>(`${V1}/checkuserexistance?${q}`)).data;
}

export async function fetchOrganisationByCode(code: string): Promise<Organization | null> {
  const q = new URLSearchParams({ organization_code: code });
  const body = await apiFetch<TypeEnvelope<Organization[]>>(`${V1}/getOrganizationDetails?${q}`);
  return body.type ? (body.data[0] ?? null) : null;
}

/** Makes `orgId` the default organisation (null: the personal workspace). */
export async function setActiveOrganisation(
  workspaceId: number,
  orgId: number | null,
): Promise<OrgMapping[]> {
  const q = new URLSearchParams({ workspace_id: String(workspaceId) });
  if (orgId !== null) q.set('org_id', String(orgId));
  return (
    await apiFetch<ResultEnvelope<OrgMapping[]>>(`${V1}/organizations/active?${q}`, {
      method: 'PATCH',
    })
  ).data;
}

export async function createOrganisation(input: {
  org_name: string;
  org_logo?: string | null;
  time_zone?: string | null;
}): Promise<Organization> {
  return (
    await apiFetch<ResultEnvelope<Organization>>(`${V1}/organizations`, {
      method: 'POST',
      body: input,
    })
  ).data;
}

/**
 * 001 §2: the navigation reads the credit history of the current organisation, or of the
 * user's own workspace when no organisation is active.
 */
export async function fetchCreditHistory(
  workspaceId: number,
  orgId: number | null,
): Promise<CreditHistory> {
  const path =
    orgId !== null
      ? `${V1}/organizations/credit-history?org_id=${orgId}`
      : `${V1}/usercredithistory?workspace_id=${workspaceId}`;
  return (await apiFetch<ResultEnvelope<CreditHistory>>(path)).data;
}
