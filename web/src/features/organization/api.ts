// The organisation screen's calls (docs/API.md: organisations, teams, employees). Every shape
// is the generated contract type (src/generated/contract.ts), never a hand-written twin.
import { apiFetch, ApiError, apiUpload, queryString, resultData } from '@/lib/api';
import type { Ack, AddedEmployees, MemberIntegrations, AddEmployees, AssignTeam, ColorPalette, CreateTeam, CreditHistory, ImportReport, OrgMapping, Employee, Organization, OrgActivity, Page, ResendInvitation, ResultEnvelope, SeatAvailability, Team, TypeEnvelope, UpdateEmployee, UpdateOrganization, UpdateTeam, UserExistence } from '@/generated/contract';

const V1 = '/api/v1/whatzapp';

const query = queryString;
const data = resultData;

export { fetchMembers, fetchTeams } from '@/api/teams';

/** The caller's memberships, then the synthetic Personal entry (null ids). */
export const fetchOrganisations = (workspaceId: number, signal?: AbortSignal) =>
  data<OrgMapping[]>(`${V1}/organizations${query({ workspace_id: workspaceId })}`, { signal });

/** 001 §7.5 organisation details by code: `type` envelope, `data[0]` the organisation. */
export async function fetchOrganisationDetails(code: string, signal?: AbortSignal): Promise<Organization> {
  const answer = await apiFetch<TypeEnvelope<Organization[]>>(
    `${V1}/getOrganizationDetails${query({ organization_code: code })}`,
    { signal },
  );
  const org = answer.data[0];
  if (!answer.type || !org) throw new ApiError(404, 'not_found');
  return org;
}

export const fetchCreditHistory = (orgId: number, signal?: AbortSignal) =>
  data<CreditHistory>(`${V1}/organizations/credit-history${query({ org_id: orgId })}`, { signal });

export const fetchSeats = (orgId: number, signal?: AbortSignal) =>
  data<SeatAvailability>(`${V1}/remainseatsavablity${query({ org_id: orgId })}`, { signal });

/** The organisation's change log, newest first (admins). */
export const fetchActivity = (orgId: number, page: number, perPage: number, signal?: AbortSignal) =>
  apiFetch<Page<OrgActivity>>(`${V1}/organizations/activity${query({ org_id: orgId, page, per_page: perPage })}`, { signal });

export const fetchPalette = (signal?: AbortSignal) =>
  data<ColorPalette>(`${V1}/teams/colors`, { signal });

export const createTeam = (body: CreateTeam) => data<Team>(`${V1}/teams`, { method: 'POST', body });

export const updateTeam = (body: UpdateTeam) => data<Team>(`${V1}/teams`, { method: 'PATCH', body });

export const assignTeam = (body: AssignTeam) =>
  apiFetch<Ack>(`${V1}/teams/members`, { method: 'PATCH', body });

/**
 * Every member the caller may see, invited ones included (the server limits the list by role,
 * 001 §6); the status filter is applied to this list on the page.
 */
export const addEmployees = (body: AddEmployees) =>
  data<AddedEmployees>(`${V1}/employees`, { method: 'POST', body });

/** Sends an invited member their invitation again (ten minutes apart, five a day). */
export const resendInvitation = (body: ResendInvitation) =>
  data<Employee>(`${V1}/employees/resend-invitation`, { method: 'POST', body });

/** Changes a member's role, team (0: none) or employee ID (admins). */
export const updateEmployee = (body: UpdateEmployee) =>
  data<Employee>(`${V1}/employees`, { method: 'PATCH', body });

/** Changes the organisation's name, logo or time zone (admins). */
export const updateOrganisation = (body: UpdateOrganization) =>
  data<Organization>(`${V1}/organizations`, { method: 'PATCH', body });

export const removeUser = (orgId: number, userId: number) =>
  apiFetch<Ack>(`${V1}/organizations/remove-user${query({ user_id: userId, org_id: orgId })}`, {
    method: 'POST',
  });

/** The sample import file ('Download sample csv'); the session cookie goes with the link. */
export const SAMPLE_CSV_URL = `${V1}/employees/import/sample`;

/** Where an upload stands: bytes sent (0–100), then the server reading the rows. */
export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

/**
 * Uploads a CSV or XLSX file to the import endpoint as a multipart form. XMLHttpRequest rather
 * than fetch, because only it reports upload progress. Failures become the same ApiError the
 * rest of the app handles.
 */
export async function importEmployees(
  orgId: number,
  file: File,
  onProgress: (p: UploadProgress) => void,
  options: { teamId?: number | null; signal?: AbortSignal } = {},
): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await apiUpload<ResultEnvelope<ImportReport>>(`${V1}/employees/import${query({ org_id: orgId, team_id: options.teamId })}`, form, {
    onProgress: (percent) => onProgress({ phase: 'uploading', percent }),
    onSent: () => onProgress({ phase: 'processing' }),
    signal: options.signal,
  });
  return answer.data;
}

/** Whether the person with this mobile is already a member of `orgId`, as far as the caller may
 * see (`checkuserexistance?user_mobile`: an admin sees their organisations' members); any failure
 * counts as not (001 §8 'a failed mobile check is treated as not existing'). */
export async function memberWithMobile(mobile: string, orgId: number): Promise<boolean> {
  try {
    const found = await resultData<UserExistence>(`${V1}/checkuserexistance${queryString({ user_mobile: mobile })}`);
    return found.callyzer_user_mappings.some((m) => m.org_id === orgId);
  } catch {
    return false;
  }
}

/** 001 §7 'GET user integrations, query org_id': the links of the members the caller may see. */
export const fetchMemberIntegrations = (orgId: number, signal?: AbortSignal) =>
  data<MemberIntegrations[]>(`${V1}/integrations/members${query({ org_id: orgId })}`, { signal });
