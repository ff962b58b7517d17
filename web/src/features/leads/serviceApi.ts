// A contact's tickets and logged calls (docs/API.md "Tickets and call logs"): read, made, a
// ticket changed (its status moved along the support pipeline), and each removed. Every shape is
// the generated contract type; a change sends only the fields given. A contact or record the
// caller does not see answers 404; a refused field 422 naming it.
import type { CallLog, ContactRecordsQuery, NewCallLog, NewTicket, Ticket, TicketUpdate } from '@/generated/contract';
import { apiFetch, queryString } from '@/lib/api';

const ofContact = (orgId: number, contactId: number) => queryString({ org_id: orgId, contact_id: contactId } satisfies ContactRecordsQuery);

// Tickets ----------------------------------------------------------------------------------------

/** The contact's tickets, most recently changed first. */
export const fetchTickets = (orgId: number, contactId: number, signal?: AbortSignal) =>
  apiFetch<Ticket[]>(`/api/tickets${ofContact(orgId, contactId)}`, { signal });

/** A new ticket: the optional fields only when given (the status is `new` when left out). */
export type TicketDraft = Omit<NewTicket, 'org_id'>;

export const createTicket = (orgId: number, draft: TicketDraft) =>
  apiFetch<Ticket>('/api/tickets', { method: 'POST', body: { org_id: orgId, ...draft } });

/** What a change sets: only the fields given; a blank description or type clears it. */
export type TicketChange = Omit<TicketUpdate, 'org_id'>;

export const updateTicket = (orgId: number, id: number, change: TicketChange) =>
  apiFetch<Ticket>(`/api/tickets/${id}`, { method: 'PATCH', body: { org_id: orgId, ...change } });

export const deleteTicket = (orgId: number, id: number) =>
  apiFetch<void>(`/api/tickets/${id}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

// Calls ------------------------------------------------------------------------------------------

/** The contact's logged calls, most recent first. */
export const fetchCalls = (orgId: number, contactId: number, signal?: AbortSignal) =>
  apiFetch<CallLog[]>(`/api/calls${ofContact(orgId, contactId)}`, { signal });

/** A call to log: the description and time only when given (the time is now when left out). */
export type CallDraft = Omit<NewCallLog, 'org_id'>;

export const logCall = (orgId: number, draft: CallDraft) =>
  apiFetch<CallLog>('/api/calls', { method: 'POST', body: { org_id: orgId, ...draft } });

export const deleteCall = (orgId: number, id: number) =>
  apiFetch<void>(`/api/calls/${id}${queryString({ org_id: orgId })}`, { method: 'DELETE' });
