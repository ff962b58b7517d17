// A contact's record in the HubSpot of the person signed in (docs/API.md "Contacts in the CRM"):
// the link, the records that may be it, linking one, creating one from the contact, unlinking,
// and a pull of the changes made in HubSpot. Every shape is the generated contract type; any of
// these may answer 409 `crm_not_connected` when HubSpot is not (or no longer) connected.
import type { Contact, ContactCrmLink, CrmMatch, CrmPullReport } from '@/generated/contract';
import { apiFetch, queryString } from '@/lib/api';

/** The only CRM a contact is linked to from here. */
export const HUBSPOT = 'hubspot';

/** Where HubSpot is connected (or connected again). */
export const CONNECT_HUBSPOT_PATH = '/integrations?section=hubspot';

const crmPath = (id: number) => `/api/contacts/${id}/crm`;

export const fetchContact = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<Contact>(`/api/contacts/${id}${queryString({ org_id: orgId })}`, { signal });

export const fetchCrmLinks = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<ContactCrmLink[]>(`${crmPath(id)}${queryString({ org_id: orgId })}`, { signal });

export const fetchCrmMatches = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<CrmMatch[]>(`${crmPath(id)}/${HUBSPOT}/matches${queryString({ org_id: orgId })}`, { signal });

/** Links the record `crmId` (409 `conflict` when it is another contact's). */
export const linkCrm = (orgId: number, id: number, crmId: string) =>
  apiFetch<ContactCrmLink>(`${crmPath(id)}/${HUBSPOT}/link`, { method: 'POST', body: { org_id: orgId, crm_id: crmId } });

/** Creates the record from the contact's fields and links it. */
export const createInCrm = (orgId: number, id: number) =>
  apiFetch<ContactCrmLink>(`${crmPath(id)}/${HUBSPOT}/create`, { method: 'POST', body: { org_id: orgId } });

export const unlinkCrm = (orgId: number, id: number) =>
  apiFetch<void>(`${crmPath(id)}/${HUBSPOT}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

/** Reads the changes made in HubSpot to the organisation's linked contacts (managers and up). */
export const pullFromCrm = (orgId: number) =>
  apiFetch<CrmPullReport>('/api/contacts/crm/pull', { method: 'POST', body: { org_id: orgId } });
