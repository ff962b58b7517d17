// The team inbox's calls (crates/server/src/routes/inbox/, docs/API.md 'Team inbox'): the shared
// number's gateway, the chatter list and its counts, a conversation's messages, replies, notes,
// status and assignee, open chat by number, the settings and tasks. Every shape is the generated
// contract type; every call names the organisation with `org_id`.
import { apiFetch, queryString } from '@/lib/api';
import type {
  Conversation,
  ConversationPage,
  GatewayQr,
  GatewayRequest,
  GatewayStatus,
  InboxCounts,
  InboxMessage,
  InboxSettings,
  InboxTask,
  MessagePage,
  RepliesLeft,
  ReplyRequest,
  ReplySuggestion,
  TaskList,
  TaskRequest,
} from '@/generated/contract';

const BASE = '/api/inbox';
const org = (orgId: number) => queryString({ org_id: orgId });

// The shared number -------------------------------------------------------------------------------

export { getGateway } from '@/api/inbox';

export const connectGateway = (body: GatewayRequest) => apiFetch<GatewayStatus>(`${BASE}/gateway`, { method: 'PUT', body });

export const disconnectGateway = (orgId: number) => apiFetch<GatewayStatus>(`${BASE}/gateway${org(orgId)}`, { method: 'DELETE' });

export const getQr = (orgId: number, signal?: AbortSignal) => apiFetch<GatewayQr>(`${BASE}/gateway/qr${org(orgId)}`, { signal });

export const restartGateway = (orgId: number) => apiFetch<GatewayStatus>(`${BASE}/gateway/restart${org(orgId)}`, { method: 'POST' });

export const logoutGateway = (orgId: number) => apiFetch<GatewayStatus>(`${BASE}/gateway/logout${org(orgId)}`, { method: 'POST' });

// Conversations -----------------------------------------------------------------------------------

export const listConversations = (orgId: number, tab: string, cursor: string | null, q: string, signal?: AbortSignal) =>
  apiFetch<ConversationPage>(`${BASE}/conversations${queryString({ org_id: orgId, tab, cursor, q: q.trim() || null })}`, { signal });

export const getCounts = (orgId: number, signal?: AbortSignal) => apiFetch<InboxCounts>(`${BASE}/counts${org(orgId)}`, { signal });

export const getConversation = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<Conversation>(`${BASE}/conversations/${id}${org(orgId)}`, { signal });

export const setStatus = (orgId: number, id: number, open: boolean) =>
  apiFetch<Conversation>(`${BASE}/conversations/${id}/status`, { method: 'PUT', body: { org_id: orgId, open } });

export const assign = (orgId: number, id: number, userId: number | null) =>
  apiFetch<Conversation>(`${BASE}/conversations/${id}/assignee`, { method: 'PUT', body: { org_id: orgId, user_id: userId } });

export const markRead = (orgId: number, id: number) =>
  apiFetch<Conversation>(`${BASE}/conversations/${id}/read${org(orgId)}`, { method: 'POST' });

export const openChat = (orgId: number, number: string) =>
  apiFetch<Conversation>(`${BASE}/open`, { method: 'POST', body: { org_id: orgId, number } });

// Messages ----------------------------------------------------------------------------------------

export const listMessages = (orgId: number, id: number, before: string | null, signal?: AbortSignal) =>
  apiFetch<MessagePage>(`${BASE}/conversations/${id}/messages${queryString({ org_id: orgId, before })}`, { signal });

export const reply = (orgId: number, id: number, text: string) =>
  apiFetch<InboxMessage>(`${BASE}/conversations/${id}/replies`, { method: 'POST', body: { org_id: orgId, text } });

export const addNote = (orgId: number, id: number, text: string) =>
  apiFetch<InboxMessage>(`${BASE}/conversations/${id}/notes`, { method: 'POST', body: { org_id: orgId, text } });

/** A message's media as a download (the session cookie goes with the link). */
export const mediaUrl = (orgId: number, conversationId: number, messageId: number) =>
  `${BASE}/conversations/${conversationId}/messages/${messageId}/media${org(orgId)}`;

/** The AI reply panel's suggestion for the chat (001 §2), and the replies left today (001 §9). */
export const suggestReply = (body: ReplyRequest) => apiFetch<ReplySuggestion>('/api/v2/ai/reply-suggestion', { method: 'POST', body });

export const repliesLeft = (orgId: number, signal?: AbortSignal) => apiFetch<RepliesLeft>(`/api/v2/ai/replies-left${org(orgId)}`, { signal });

// Settings ----------------------------------------------------------------------------------------

export const getSettings = (orgId: number, signal?: AbortSignal) => apiFetch<InboxSettings>(`${BASE}/settings${org(orgId)}`, { signal });

export const saveSettings = (body: InboxSettings) => apiFetch<InboxSettings>(`${BASE}/settings`, { method: 'PUT', body });

// Tasks -------------------------------------------------------------------------------------------

export const listTasks = (orgId: number, conversationId: number | null, signal?: AbortSignal) =>
  apiFetch<TaskList>(`${BASE}/tasks${queryString({ org_id: orgId, conversation_id: conversationId })}`, { signal });

export const createTask = (body: TaskRequest) => apiFetch<InboxTask>(`${BASE}/tasks`, { method: 'POST', body });

export const updateTask = (id: number, body: TaskRequest) => apiFetch<InboxTask>(`${BASE}/tasks/${id}`, { method: 'PUT', body });

export const deleteTask = (orgId: number, id: number) => apiFetch<TaskList>(`${BASE}/tasks/${id}${org(orgId)}`, { method: 'DELETE' });

/** The live feed's address (an EventSource sends the cookie and `Last-Event-ID` itself). */
export const eventsUrl = (orgId: number) => `${BASE}/events${org(orgId)}`;
