// The deals' calls (docs/API.md "Deals") and the contact search the new deal's form reads. Every
// shape is the generated contract type; a change sends only the fields given.
import type { Board, Contact, Deal, DealUpdate, NewDeal, Page } from '@/generated/contract';
import { apiFetch, queryString } from '@/lib/api';

/** What the board shows: words and an owner (a user id; 0 for nobody's deals; null for anyone's). */
export interface BoardFilter {
  q: string;
  ownerId: number | null;
}

export const fetchBoard = (orgId: number, f: BoardFilter, signal?: AbortSignal) =>
  apiFetch<Board>(`/api/deals/board${queryString({ org_id: orgId, owner_id: f.ownerId, q: f.q.trim() || null })}`, { signal });

export const fetchContactDeals = (orgId: number, contactId: number, signal?: AbortSignal) =>
  apiFetch<Deal[]>(`/api/deals${queryString({ org_id: orgId, contact_id: contactId })}`, { signal });

/** A new deal: the optional fields only when given (owner 0 or none is nobody). */
export type DealDraft = Omit<NewDeal, 'org_id' | 'owner_id'> & { owner_id?: number | null };

export const createDeal = (orgId: number, draft: DealDraft) =>
  apiFetch<Deal>('/api/deals', { method: 'POST', body: { org_id: orgId, ...draft } });

/** What a change sets: only the fields given; a blank text clears it, owner 0 is nobody. */
export type DealChange = Partial<Omit<DealUpdate, 'org_id' | 'owner_id'>> & { owner_id?: number };

export const updateDeal = (orgId: number, id: number, change: DealChange) =>
  apiFetch<Deal>(`/api/deals/${id}`, { method: 'PATCH', body: { org_id: orgId, ...change } });

export const deleteDeal = (orgId: number, id: number) =>
  apiFetch<void>(`/api/deals/${id}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

/** The contacts a deal may be for: the first 20 matching the words. */
export const CONTACT_CHOICES = 20;

export const searchContacts = (orgId: number, q: string, signal?: AbortSignal) =>
  apiFetch<Page<Contact>>(`/api/contacts${queryString({ org_id: orgId, q: q.trim() || null, per_page: CONTACT_CHOICES })}`, { signal });
