// The contacts' calls (docs/API.md "Contacts"). Every shape is the generated contract type.
import type { Contact, ContactChange, ContactUpdate, NewContact, Page } from '@/generated/contract';
import { apiFetch, queryString } from '@/lib/api';

export interface ContactsFilter {
  q: string;
  lifecycleStage: string | null;
  leadStatus: string | null;
  sort: 'updated' | 'created' | 'name';
  page: number;
  perPage: number;
}

export const fetchContacts = (orgId: number, f: ContactsFilter, signal?: AbortSignal) =>
  apiFetch<Page<Contact>>(
    `/api/contacts${queryString({
      org_id: orgId,
      q: f.q.trim() || null,
      lifecycle_stage: f.lifecycleStage,
      lead_status: f.leadStatus,
      sort: f.sort,
      dir: f.sort === 'name' ? 'asc' : 'desc',
      page: f.page,
      per_page: f.perPage,
    })}`,
    { signal },
  );

export const createContact = (body: NewContact) => apiFetch<Contact>('/api/contacts', { method: 'POST', body });

export const updateContact = (id: number, body: ContactUpdate) =>
  apiFetch<Contact>(`/api/contacts/${id}`, { method: 'PATCH', body });

export const fetchHistory = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<ContactChange[]>(`/api/contacts/${id}/history${queryString({ org_id: orgId })}`, { signal });
