// The contacts' calls (docs/API.md "Contacts"). Every shape is the generated contract type.
import type {
  Contact,
  ContactChange,
  ContactImportReport,
  ContactsBulkResult,
  ContactsBulkUpdate,
  ContactUpdate,
  LabelBoard,
  NewContact,
  Page,
  UserProperty,
} from '@/generated/contract';
import { apiFetch, apiUpload, queryString, resultData } from '@/lib/api';
import { mappingParam } from './logic';

/** What the table shows: the search, the filters and the order (the same for an export). */
export interface ContactsView {
  q: string;
  lifecycleStage: string | null;
  leadStatus: string | null;
  /** An owner's user id; 0 for contacts nobody owns; null for anyone's. */
  ownerId: number | null;
  /** One of the organisation's contact tags (blank: any). */
  tag: string;
  /** A user property the contact has a value of, holding `propertyValue` (blank: any value). */
  propertyId: number | null;
  propertyValue: string;
  /** One of the organisation's shared labels (null: any). */
  labelId: number | null;
  sort: 'updated' | 'created' | 'name';
}

/** The view and the page of it. */
export interface ContactsFilter extends ContactsView {
  page: number;
  perPage: number;
}

const viewQuery = (orgId: number, f: ContactsView) => ({
  org_id: orgId,
  q: f.q.trim() || null,
  lifecycle_stage: f.lifecycleStage,
  lead_status: f.leadStatus,
  owner_id: f.ownerId,
  tag: f.tag.trim() || null,
  property_id: f.propertyId,
  property_value: f.propertyId === null ? null : f.propertyValue.trim() || null,
  label_id: f.labelId,
  sort: f.sort,
  dir: f.sort === 'name' ? 'asc' : 'desc',
});

export const fetchContacts = (orgId: number, f: ContactsFilter, signal?: AbortSignal) =>
  apiFetch<Page<Contact>>(`/api/contacts${queryString({ ...viewQuery(orgId, f), page: f.page, per_page: f.perPage })}`, { signal });

/** The organisation's user properties (the manage tools'), to filter by. */
export const fetchUserProperties = (orgId: number) =>
  resultData<UserProperty[]>(`/api/manage/user-properties${queryString({ org_id: orgId })}`);

/** The organisation's labels (the manage tools'): the board of every label the caller sees. */
export const fetchLabelBoard = (orgId: number, signal?: AbortSignal) =>
  apiFetch<LabelBoard>(`/api/manage/labels${queryString({ org_id: orgId })}`, { signal });

export type ExportFormat = 'csv' | 'xlsx';

/** The download of every contact of the view (no page: all of them), as a same-origin link;
 * the server answers it as an attachment. */
export const exportUrl = (orgId: number, view: ContactsView, format: ExportFormat) =>
  `/api/contacts/export/${format}${queryString(viewQuery(orgId, view))}`;

export const fetchContact = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<Contact>(`/api/contacts/${id}${queryString({ org_id: orgId })}`, { signal });

/** The contact keyed `key` (a person's number's digits, as a chat carries it), or null: the search
 * matches numbers partly, so only the row with exactly that key is it. */
export async function findContact(orgId: number, key: string, signal?: AbortSignal): Promise<Contact | null> {
  const page = await apiFetch<Page<Contact>>(`/api/contacts${queryString({ org_id: orgId, q: key, per_page: 100 })}`, { signal });
  return page.items.find((c) => c.contact === key) ?? null;
}

export const createContact = (body: NewContact) => apiFetch<Contact>('/api/contacts', { method: 'POST', body });

export const updateContact = (id: number, body: ContactUpdate) =>
  apiFetch<Contact>(`/api/contacts/${id}`, { method: 'PATCH', body });

export const fetchHistory = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<ContactChange[]>(`/api/contacts/${id}/history${queryString({ org_id: orgId })}`, { signal });

export interface ImportOptions {
  /** The field of each column in order (null: left out); none lets the server guess from the
   * headers. */
  mapping?: readonly (string | null)[] | null;
  /** Writes the rows (all or none); otherwise a dry run. */
  commit?: boolean;
  onProgress?: (percent: number) => void;
  /** Every byte sent: the server reads the file now. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** Sends the file itself as the body (CSV or XLSX, told apart by the server from its bytes). */
export const importContacts = (orgId: number, file: File, { mapping, commit, onProgress, onSent, signal }: ImportOptions = {}) =>
  apiUpload<ContactImportReport>(
    `/api/contacts/import${queryString({ org_id: orgId, mapping: mapping ? mappingParam(mapping) : null, commit: commit ? 'true' : null })}`,
    file,
    { contentType: 'application/octet-stream', onProgress, onSent, signal },
  );

/** What a bulk change sets: only the fields given (owner 0 is nobody; a shared label put on or
 * taken off; an organisation tag put on or taken off, the one taken off first). */
export type BulkChange = Partial<Pick<ContactsBulkUpdate, 'lifecycle_stage' | 'lead_status' | 'add_tag' | 'remove_tag'>> & {
  owner_id?: number;
  add_label_id?: number;
  remove_label_id?: number;
};

export const bulkUpdateContacts = (orgId: number, ids: number[], change: BulkChange) =>
  apiFetch<ContactsBulkResult>('/api/contacts/bulk', { method: 'POST', body: { org_id: orgId, ids, ...change } });
