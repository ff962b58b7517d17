// A contact's record in the CRMs of the person signed in — HubSpot and Zoho, on the same routes
// (docs/API.md "Contacts in the CRM"): the links, the records that may be it, linking one,
// creating one from the contact, unlinking, and a pull of the changes made in the CRMs. Every
// shape is the generated contract type; any call naming a CRM may answer 409
// `crm_not_connected` when that CRM is not (or no longer) connected.
import type { Contact, ContactCrmLink, CrmMatch, CrmPullReport } from '@/generated/contract';
import { PROVIDERS, type Provider } from '@/generated/domain';
import { apiFetch, queryString } from '@/lib/api';

/** The CRMs a contact is linked to from here, in the order their sections show. */
export const CONTACT_CRMS = ['hubspot', 'zoho'] as const satisfies readonly Provider[];

export type CrmProvider = (typeof CONTACT_CRMS)[number];

/** A CRM as the contact's panel names it: its key on the wire and its own name. */
export interface CrmInfo {
  provider: CrmProvider;
  /** The brand, as its integration card spells it ("HubSpot", "Zoho"). */
  name: string;
}

export const CRMS: readonly CrmInfo[] = CONTACT_CRMS.map((provider) => ({
  provider,
  name: PROVIDERS.find((p) => p.key === provider)?.card.title ?? provider,
}));

/** Where the CRM is connected (or connected again). */
export const connectPath = (provider: CrmProvider) =>
  `/integrations?section=${PROVIDERS.find((p) => p.key === provider)?.card.section ?? provider}`;

const crmPath = (id: number) => `/api/contacts/${id}/crm`;

export const fetchContact = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<Contact>(`/api/contacts/${id}${queryString({ org_id: orgId })}`, { signal });

/** The contact's links, every CRM's at once. */
export const fetchCrmLinks = (orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<ContactCrmLink[]>(`${crmPath(id)}${queryString({ org_id: orgId })}`, { signal });

export const fetchCrmMatches = (provider: CrmProvider, orgId: number, id: number, signal?: AbortSignal) =>
  apiFetch<CrmMatch[]>(`${crmPath(id)}/${provider}/matches${queryString({ org_id: orgId })}`, { signal });

/** Links the record `crmId` (409 `conflict` when it is another contact's). */
export const linkCrm = (provider: CrmProvider, orgId: number, id: number, crmId: string) =>
  apiFetch<ContactCrmLink>(`${crmPath(id)}/${provider}/link`, { method: 'POST', body: { org_id: orgId, crm_id: crmId } });

/** Creates the record from the contact's fields and links it (409 `conflict` when linked already). */
export const createInCrm = (provider: CrmProvider, orgId: number, id: number) =>
  apiFetch<ContactCrmLink>(`${crmPath(id)}/${provider}/create`, { method: 'POST', body: { org_id: orgId } });

export const unlinkCrm = (provider: CrmProvider, orgId: number, id: number) =>
  apiFetch<void>(`${crmPath(id)}/${provider}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

/** Reads the changes made in the CRMs to the organisation's linked contacts (managers and up). */
export const pullFromCrm = (orgId: number) =>
  apiFetch<CrmPullReport>('/api/contacts/crm/pull', { method: 'POST', body: { org_id: orgId } });
