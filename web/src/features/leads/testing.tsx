// The leads screen's test fixtures: a contact in the contract's shape, a fake server answering the
// contacts' calls (the list, a history, the members) and whatever a test adds first, the caller
// signed in to Acme Traders with a role, and the page rendered at /leads.
import type { Contact, ContactChange, ContactImportReport, ImportColumn, Page } from '@/generated/contract';
import { errorBody, renderRoutes, signInAs, stubServer, userExistence, type Answer, type Call, type UploadHolds } from '@/testing/harness';
import { mapping, members, ORG } from '@/testing/organization';
import LeadsPage from './pages/LeadsPage';

export { ORG };

export const contact = (over: Partial<Contact>): Contact => ({
  id: 1,
  org_id: ORG,
  contact: '919876543210',
  phone: '+919876543210',
  display_name: 'Rhea Kapoor',
  name: 'Rhea Kapoor',
  first_name: null,
  last_name: null,
  email: null,
  address: null,
  company: 'Kapoor Textiles',
  job_title: null,
  lifecycle_stage: 'salesqualifiedlead',
  lead_status: 'IN_PROGRESS',
  owner_id: 8,
  source: 'member',
  created_at: '2026-11-28T09:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  ...over,
});

/** Answers the contacts' calls; `extra` answers first; uploads wait where `holds` says. Returns
 * every call made. */
export function server(contacts: Contact[], history: ContactChange[] = [], extra?: (c: Call) => Answer | undefined, holds?: () => UploadHolds) {
  const calls: Call[] = [];
  stubServer(calls, (call) => {
    const own = extra?.(call);
    if (own) return own;
    const p = call.url.pathname;
    if (p === '/api/contacts' && call.method === 'GET') {
      const page: Page<Contact> = { items: contacts, total: contacts.length, page: 0, per_page: 50 };
      return { status: 200, body: page };
    }
    if (p.endsWith('/history')) return { status: 200, body: history };
    if (p === '/api/v1/whatzapp/employees/invited') {
      return { status: 200, body: { result: true, data: members, sync_list: [], mapping_details: mapping() } };
    }
    return { status: 404, body: errorBody('not_found') };
  }, holds);
  return calls;
}

/** The list reads made so far. */
export const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/contacts' && c.method === 'GET');

/** Signs user 7 in to Acme Traders with `roleId` (1 admin, 2 manager, 3 employee, 4 owner). */
export function signedIn(roleId = 1) {
  const current = mapping({ role_id: roleId });
  signInAs(current, { name: 'Owner', workspace: { me: userExistence(current, { name: 'Owner' }) } });
}

export const renderLeads = () => renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads');

/** An import's answer: the columns as read, nothing refused unless said. */
export function importReport(columns: ImportColumn[], over: Partial<ContactImportReport> = {}): ContactImportReport {
  return { columns, rows: 3, created: 2, updated: 1, unchanged: 0, error_rows: 0, errors: [], committed: false, ...over };
}
