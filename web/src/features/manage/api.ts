// The manage tools' calls (docs/API.md 'Manage tools', crates/server/src/routes/manage/), in
// the generated contract's shapes: quick replies (their attachment uploaded as the file's bytes
// with XMLHttpRequest, which alone reports upload progress), labels and funnels, the
// organisation's user properties, a contact's property values and tags, the caller's notes and
// docs of a chat, who may edit team tools, and the quick replies sent per employee. Every call names its workspace with `org_id`
// (null: the caller's personal workspace).
import { apiFetch, apiUpload, queryString, resultData } from '@/lib/api';
import type { ChatNote, ChatNoteRequest, ContactProfile, ContactProfileRequest, ContactTags, FunnelRequest, LabelBoard, LabelRequest, PropertyValueEntry, QuickReply, QuickReplyAnalytics, QuickReplyList, QuickReplyRequest, TagsRequest, TeamToolsAccess, UserProperty, UserPropertyRequest } from '@/generated/contract';

export { fetchMembers, fetchTeams } from '@/api/teams';

const M = '/api/manage';
const org = (orgId: number | null) => queryString({ org_id: orgId });

// Quick replies.

export { listQuickReplies } from '@/api/quickReplies';

export const createQuickReply = (body: QuickReplyRequest) =>
  apiFetch<QuickReply>(`${M}/quick-replies`, { method: 'POST', body });

export const updateQuickReply = (id: number, body: QuickReplyRequest) =>
  apiFetch<QuickReply>(`${M}/quick-replies/${id}`, { method: 'PUT', body });

export const deleteQuickReply = (orgId: number | null, id: number) =>
  apiFetch<QuickReplyList>(`${M}/quick-replies/${id}${org(orgId)}`, { method: 'DELETE' });

export const deleteAttachment = (orgId: number | null, id: number) =>
  apiFetch<QuickReply>(`${M}/quick-replies/${id}/attachment${org(orgId)}`, { method: 'DELETE' });

/** Uploads a quick reply's attachment as the request body, reporting the percent sent. */
export function uploadAttachment(
  orgId: number | null,
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<QuickReply> {
  return apiUpload<QuickReply>(`${M}/quick-replies/${id}/attachment${queryString({ org_id: orgId, name: file.name })}`, file, {
    contentType: file.type || 'application/octet-stream',
    onProgress,
    onSent: () => onProgress(100),
  });
}

// Labels and funnels.

export const getLabelBoard = (orgId: number | null) => apiFetch<LabelBoard>(`${M}/labels${org(orgId)}`);

export const createLabel = (body: LabelRequest) => apiFetch<LabelBoard>(`${M}/labels`, { method: 'POST', body });

export const updateLabel = (id: number, body: LabelRequest) =>
  apiFetch<LabelBoard>(`${M}/labels/${id}`, { method: 'PUT', body });

export const deleteLabel = (orgId: number | null, id: number) =>
  apiFetch<LabelBoard>(`${M}/labels/${id}${org(orgId)}`, { method: 'DELETE' });

export const createFunnel = (body: FunnelRequest) => apiFetch<LabelBoard>(`${M}/funnels`, { method: 'POST', body });

export const updateFunnel = (id: number, body: FunnelRequest) =>
  apiFetch<LabelBoard>(`${M}/funnels/${id}`, { method: 'PUT', body });

export const deleteFunnel = (orgId: number | null, id: number) =>
  apiFetch<LabelBoard>(`${M}/funnels/${id}${org(orgId)}`, { method: 'DELETE' });

// User properties (organisation workspace only), a contact's values and tags.

export const listProperties = (orgId: number) => resultData<UserProperty[]>(`${M}/user-properties${org(orgId)}`);

export const createProperty = (body: UserPropertyRequest) =>
  resultData<UserProperty[]>(`${M}/user-properties`, { method: 'POST', body });

export const updateProperty = (id: number, body: UserPropertyRequest) =>
  resultData<UserProperty[]>(`${M}/user-properties/${id}`, { method: 'PUT', body });

export const deleteProperty = (orgId: number, id: number) =>
  resultData<UserProperty[]>(`${M}/user-properties/${id}${org(orgId)}`, { method: 'DELETE' });

const contactPath = (contact: string) => `${M}/contacts/${encodeURIComponent(contact)}`;

export const getContactProfile = (orgId: number, contact: string) =>
  apiFetch<ContactProfile>(`${contactPath(contact)}/properties${org(orgId)}`);

export function saveContactProfile(orgId: number, contact: string, values: PropertyValueEntry[]) {
  const body: ContactProfileRequest = { org_id: orgId, values };
  return apiFetch<ContactProfile>(`${contactPath(contact)}/properties${org(orgId)}`, { method: 'PUT', body });
}

/** Every tagged contact of the workspace (`getusertags`). */
export const listTags = (orgId: number | null) =>
  resultData<ContactTags[]>(`/api/v1/whatzapp/getusertags${org(orgId)}`);

export function saveTags(orgId: number | null, contact: string, tags: string[]) {
  const body: TagsRequest = { org_id: orgId, tags };
  return apiFetch<ContactTags>(`${contactPath(contact)}/tags${org(orgId)}`, { method: 'PUT', body });
}

// The caller's notes and docs of a chat (newest first), in either workspace.

export const listNotes = (orgId: number | null, contact: string) =>
  resultData<ChatNote[]>(`${M}/notes${queryString({ org_id: orgId, contact })}`);

export const createNote = (body: ChatNoteRequest) => apiFetch<ChatNote>(`${M}/notes`, { method: 'POST', body });

export const updateNote = (id: number, body: ChatNoteRequest) =>
  apiFetch<ChatNote>(`${M}/notes/${id}`, { method: 'PUT', body });

export const deleteNote = (orgId: number | null, id: number) =>
  resultData<boolean>(`${M}/notes/${id}${org(orgId)}`, { method: 'DELETE' });

// Who may edit team labels and quick replies.

export const getTeamToolsAccess = (orgId: number) =>
  apiFetch<TeamToolsAccess>(`${M}/team-tools-access${org(orgId)}`);

export const setTeamToolsAccess = (body: TeamToolsAccess) =>
  apiFetch<TeamToolsAccess>(`${M}/team-tools-access${org(body.org_id)}`, { method: 'PUT', body });

// Quick reply analytics (the dashboard's query shape: a preset or local days, both inclusive).

export interface AnalyticsParams {
  org_id: number;
  preset?: string;
  start_date?: string;
  end_date?: string;
}

export const fetchQuickReplyAnalytics = (p: AnalyticsParams, signal?: AbortSignal) =>
  resultData<QuickReplyAnalytics>(`/api/v1/whatzapp/quickreplies/analytics${queryString({ ...p })}`, { signal });
