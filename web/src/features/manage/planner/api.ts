// The planner's calls (crates/server/src/routes/planner/, docs/API.md 'Manage tools'): follow-ups
// with their board (Pending, Upcoming, Completed), the caller's notification settings, and
// scheduled messages with their attachment, uploaded as the file's bytes with XMLHttpRequest
// (which alone reports upload progress). Every shape is the generated contract type.
import { apiFetch, apiUpload, queryString, resultData } from '@/lib/api';
import type { FollowUpBoard, FollowUpRequest, NotificationSettings, ScheduleRequest, ScheduledMessage } from '@/generated/contract';

const BASE = '/api/manage';
const org = (orgId: number | null) => queryString({ org_id: orgId });

// Follow-ups ------------------------------------------------------------------------------------

export const getFollowUps = (orgId: number | null) => apiFetch<FollowUpBoard>(`${BASE}/follow-ups${org(orgId)}`);

export const createFollowUp = (body: FollowUpRequest) =>
  apiFetch<FollowUpBoard>(`${BASE}/follow-ups`, { method: 'POST', body });

export const updateFollowUp = (id: number, body: FollowUpRequest) =>
  apiFetch<FollowUpBoard>(`${BASE}/follow-ups/${id}`, { method: 'PUT', body });

export const completeFollowUp = (orgId: number | null, id: number) =>
  apiFetch<FollowUpBoard>(`${BASE}/follow-ups/${id}/complete${org(orgId)}`, { method: 'POST' });

export const completeAllFollowUps = (orgId: number | null) =>
  apiFetch<FollowUpBoard>(`${BASE}/follow-ups/complete-all${org(orgId)}`, { method: 'POST' });

export const deleteFollowUp = (orgId: number | null, id: number) =>
  apiFetch<FollowUpBoard>(`${BASE}/follow-ups/${id}${org(orgId)}`, { method: 'DELETE' });

export const getNotifications = () => apiFetch<NotificationSettings>(`${BASE}/notifications`);

export const saveNotifications = (body: NotificationSettings) =>
  apiFetch<NotificationSettings>(`${BASE}/notifications`, { method: 'PUT', body });

// Scheduled messages ----------------------------------------------------------------------------

export const listSchedules = (orgId: number | null) => resultData<ScheduledMessage[]>(`${BASE}/schedules${org(orgId)}`);

export const createSchedule = (body: ScheduleRequest) =>
  apiFetch<ScheduledMessage>(`${BASE}/schedules`, { method: 'POST', body });

export const updateSchedule = (id: number, body: ScheduleRequest) =>
  apiFetch<ScheduledMessage>(`${BASE}/schedules/${id}`, { method: 'PUT', body });

export const deleteSchedule = (orgId: number | null, id: number) =>
  resultData<ScheduledMessage[]>(`${BASE}/schedules/${id}${org(orgId)}`, { method: 'DELETE' });

export const removeScheduleAttachment = (orgId: number | null, id: number) =>
  apiFetch<ScheduledMessage>(`${BASE}/schedules/${id}/attachment${org(orgId)}`, { method: 'DELETE' });

/**
 * Uploads a schedule's attachment as the request body (its type in `Content-Type`), reporting
 * the bytes sent in percent; failures become the app's ApiError.
 */
export function uploadScheduleAttachment(
  orgId: number | null,
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ScheduledMessage> {
  return apiUpload<ScheduledMessage>(`${BASE}/schedules/${id}/attachment${queryString({ org_id: orgId, name: file.name })}`, file, {
    contentType: file.type || 'application/octet-stream',
    onProgress,
    onSent: () => onProgress(100),
  });
}
