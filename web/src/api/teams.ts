// The organisation's teams and members, read by the organisation screen and the dashboard's
// filters alike.
import { apiFetch, queryString, resultData } from '@/lib/api';
import type { EmployeeList, Team } from '@/generated/contract';

const V1 = '/api/v1/whatzapp';

export const fetchTeams = (orgId: number, signal?: AbortSignal) =>
  resultData<Team[]>(`${V1}/teams${queryString({ org_id: orgId })}`, { signal });

export const fetchMembers = (orgId: number, workspaceId: number, signal?: AbortSignal) =>
  apiFetch<EmployeeList>(
    `${V1}/employees/invited${queryString({ org_id: orgId, workspace_id: workspaceId, type: 'teams' })}`,
    { signal },
  );
