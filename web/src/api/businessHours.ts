// The organisation's business hours (docs/API.md 'Business hours'): one resource of the
// organisation, read by any member and changed by its admins; the team inbox's settings and the
// dashboard show the same editor over it.
import { apiFetch, queryString } from '@/lib/api';
import type { BusinessHoursUpdate, BusinessHoursView } from '@/generated/contract';

const PATH = '/api/business-hours';

export const getBusinessHours = (orgId: number, signal?: AbortSignal) =>
  apiFetch<BusinessHoursView>(`${PATH}${queryString({ org_id: orgId })}`, { signal });

/** Stores the whole week, the holidays and the targets (admins; a 422 names the field refused). */
export const saveBusinessHours = (body: BusinessHoursUpdate) => apiFetch<BusinessHoursView>(PATH, { method: 'PUT', body });
