// The shared number's status (docs/API.md 'Team inbox'), read by the team inbox and by the
// integrations page's Team inbox card alike.
import { apiFetch, queryString } from '@/lib/api';
import type { GatewayStatus } from '@/generated/contract';

export const getGateway = (orgId: number, signal?: AbortSignal) =>
  apiFetch<GatewayStatus>(`/api/inbox/gateway${queryString({ org_id: orgId })}`, { signal });
