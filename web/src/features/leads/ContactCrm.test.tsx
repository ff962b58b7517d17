// A contact's HubSpot record in its drawer against a fake server: not linked — the records that
// may be it (none said so; one linked with exactly its id, the contact read again with HubSpot's
// values), or a new record (exactly the organisation sent) — linked — its id, the last change
// and a change still on its way, then unlinked; a record another contact has, HubSpot not
// connected (said with the way to Integrations) and a failed read with its retry. On /leads,
// "Pull from CRM" for managers and up only: exactly the organisation sent, what it did in words
// (pluralised), the members to reconnect, and the table read again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ContactCrmLink, CrmMatch, CrmPullReport } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, setupSuite, type Answer, type Call } from '@/testing/harness';
import { contact, crmServer, listCalls, ORG, renderLeads, server, signedIn } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const link = (over: Partial<ContactCrmLink> = {}): ContactCrmLink => ({
  provider: 'hubspot',
  crm_id: '7',
  user_id: 7,
  linked_at: '2026-11-29T08:00:00Z',
  crm_modified_at: null,
  pending: false,
  ...over,
});

const match = (over: Partial<CrmMatch> = {}): CrmMatch => ({
  crm_id: '51',
  name: 'Rhea K.',
  email: 'rhea@kapoor.test',
  phone: '+919876543210',
  lifecycle_stage: 'lead',
  ...over,
});

const NOT_CONNECTED: Answer = { status: 409, body: errorBody('crm_not_connected') };
const NOT_CONNECTED_TEXT = 'Connect this CRM in Integrations first (or connect it again)';

/** A fake HubSpot for contact 1: its link (changed by a link, a create and an unlink) and the
 * records that may be it; `refuse` answers a call first (a failure). Also answers the contact
 * read again, as `fresh`. Returns every call made. */
function hubspotServer({
  linked = null,
  matches = [],
  fresh = contact({}),
  refuse,
}: {
  linked?: ContactCrmLink | null;
  matches?: CrmMatch[];
  fresh?: ReturnType<typeof contact>;
  refuse?: (c: Call) => Answer | undefined;
} = {}) {
  let current = linked;
  return crmServer({
    extra: (c) => {
      const own = refuse?.(c);
      if (own) return own;
      const p = c.url.pathname;
      if (p === '/api/contacts/1' && c.method === 'GET') return { body: fresh };
      if (p === '/api/contacts/1/crm' && c.method === 'GET') return { body: current ? [current] : [] };
      if (p === '/api/contacts/1/crm/hubspot/matches') return { body: matches };
      if (p === '/api/contacts/1/crm/hubspot/link' && c.method === 'POST') {
        current = link({ crm_id: (c.body as { crm_id: string }).crm_id });
        return { body: current };
      }
      if (p === '/api/contacts/1/crm/hubspot/create' && c.method === 'POST') {
        current = link({ crm_id: '7', pending: false });
        return { status: 201, body: current };
      }
      if (p === '/api/contacts/1/crm/hubspot' && c.method === 'DELETE') {
        current = null;
        return { status: 204 };
      }
      return undefined;
    },
  });
}

const crmCalls = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

/** /leads with contact 1's drawer open at its HubSpot section. */
async function openDrawer() {
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog');
  return { drawer, crm: within(await within(drawer).findByTestId('contact-crm')) };
}

test('not linked: Find in HubSpot says when no record matches', async () => {
  signedIn();
  const calls = hubspotServer({ matches: [] });
  const { crm } = await openDrawer();
  expect(crm.getByRole('heading', { name: 'HubSpot' })).toBeInTheDocument();
  expect(await crm.findByText('Not linked to HubSpot.')).toBeInTheDocument();
  expect(crm.getByRole('button', { name: 'Create in HubSpot' })).toBeInTheDocument();
  expect(crmCalls(calls, 'GET', '/api/contacts/1/crm')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));

  fireEvent.click(crm.getByRole('button', { name: 'Find in HubSpot' }));
  expect(await crm.findByText('No matched CRM contact')).toBeInTheDocument();
  const found = crmCalls(calls, 'GET', '/api/contacts/1/crm/hubspot/matches');
  expect(found).toHaveLength(1);
  expect(found[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(crm.queryAllByTestId('crm-match')).toHaveLength(0);
});

test('a match is linked with exactly its id; the contact is read again with HubSpot values', async () => {
  signedIn();
  const calls = hubspotServer({
    matches: [match(), match({ crm_id: '52', name: null, email: null, phone: '+919876500000' })],
    fresh: contact({ company: 'Kapoor Silks', updated_at: '2026-11-29T08:00:00Z' }),
  });
  const { drawer, crm } = await openDrawer();
  fireEvent.click(await crm.findByRole('button', { name: 'Find in HubSpot' }));
  const rows = await crm.findAllByTestId('crm-match');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Rhea K.');
  expect(rows[0]).toHaveTextContent('rhea@kapoor.test');
  expect(rows[0]).toHaveTextContent('+919876543210');
  // A record without a name is named by its id.
  expect(within(rows[1]!).getByRole('button', { name: 'Link 52' })).toHaveTextContent('Link');
  const listsBefore = listCalls(calls).length;

  fireEvent.click(crm.getByRole('button', { name: 'Link Rhea K.' }));
  expect(await screen.findByText('Contact linked')).toBeInTheDocument();
  const posts = crmCalls(calls, 'POST', '/api/contacts/1/crm/hubspot/link');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG, crm_id: '51' });
  expect(await crm.findByText('Linked to HubSpot record 51')).toBeInTheDocument();
  expect(crm.queryByTestId('crm-match')).toBeNull();
  expect(crm.queryByRole('button', { name: 'Find in HubSpot' })).toBeNull();

  // The contact read again, and its new values in the drawer's fields; the table reads again.
  await waitFor(() => expect(within(drawer).getByLabelText('Company')).toHaveValue('Kapoor Silks'));
  const read = crmCalls(calls, 'GET', '/api/contacts/1');
  expect(read).toHaveLength(1);
  expect(read[0]!.url.search).toBe(`?org_id=${ORG}`);
  await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
});

test('a record another contact has is said so, and nothing is linked', async () => {
  signedIn();
  hubspotServer({
    matches: [match()],
    refuse: (c) => (c.url.pathname.endsWith('/link') ? { status: 409, body: errorBody('conflict') } : undefined),
  });
  const { crm } = await openDrawer();
  fireEvent.click(await crm.findByRole('button', { name: 'Find in HubSpot' }));
  fireEvent.click(await crm.findByRole('button', { name: 'Link Rhea K.' }));
  expect(await crm.findByRole('alert')).toHaveTextContent('This HubSpot record is already linked to another contact.');
  expect(crm.getByText('Not linked to HubSpot.')).toBeInTheDocument();
  expect(screen.queryByText('Contact linked')).toBeNull();
});

test('Create in HubSpot sends exactly the organisation, then shows the record', async () => {
  signedIn();
  const calls = hubspotServer();
  const { crm } = await openDrawer();
  fireEvent.click(await crm.findByRole('button', { name: 'Create in HubSpot' }));
  expect(await screen.findByText('Contact successfully created')).toBeInTheDocument();
  const posts = crmCalls(calls, 'POST', '/api/contacts/1/crm/hubspot/create');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG });
  expect(posts[0]!.url.search).toBe('');
  expect(await crm.findByText('Linked to HubSpot record 7')).toBeInTheDocument();
  expect(crm.queryByText('Not linked to HubSpot.')).toBeNull();
});

test('linked: the record, its last change and a change on its way; Unlink sends a DELETE', async () => {
  signedIn();
  const calls = hubspotServer({ linked: link({ crm_id: '7', pending: true, crm_modified_at: '2026-11-29T09:30:00Z' }) });
  const { crm } = await openDrawer();
  expect(await crm.findByText('Linked to HubSpot record 7')).toBeInTheDocument();
  expect(crm.getByText('Waiting to reach HubSpot')).toBeInTheDocument();
  expect(crm.getByText(/^Last change in HubSpot: .*2026/)).toBeInTheDocument();
  expect(crm.queryByRole('button', { name: 'Find in HubSpot' })).toBeNull();

  fireEvent.click(crm.getByRole('button', { name: 'Unlink' }));
  expect(await screen.findByText('Contact unlinked')).toBeInTheDocument();
  const deletes = crmCalls(calls, 'DELETE', '/api/contacts/1/crm/hubspot');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(await crm.findByText('Not linked to HubSpot.')).toBeInTheDocument();
  expect(crm.queryByText('Waiting to reach HubSpot')).toBeNull();
});

test('a record without changes in HubSpot or on its way says neither', async () => {
  signedIn();
  hubspotServer({ linked: link({ crm_id: '9' }) });
  const { crm } = await openDrawer();
  expect(await crm.findByText('Linked to HubSpot record 9')).toBeInTheDocument();
  expect(crm.queryByText('Waiting to reach HubSpot')).toBeNull();
  expect(crm.queryByText(/Last change in HubSpot/)).toBeNull();
});

test('HubSpot not connected is said with the way to Integrations', async () => {
  signedIn();
  hubspotServer({ refuse: (c) => (c.url.pathname.endsWith('/create') ? NOT_CONNECTED : undefined) });
  const { crm } = await openDrawer();
  fireEvent.click(await crm.findByRole('button', { name: 'Create in HubSpot' }));
  expect(await crm.findByText(NOT_CONNECTED_TEXT)).toBeInTheDocument();
  expect(crm.getByRole('link', { name: 'Connect HubSpot' })).toHaveAttribute('href', '/integrations?section=hubspot');
  expect(screen.queryByText('Contact successfully created')).toBeNull();
});

test('the link state read refused as not connected says so too', async () => {
  signedIn();
  hubspotServer({ refuse: (c) => (c.url.pathname === '/api/contacts/1/crm' ? NOT_CONNECTED : undefined) });
  const { crm } = await openDrawer();
  expect(await crm.findByText(NOT_CONNECTED_TEXT)).toBeInTheDocument();
  expect(crm.getByRole('link', { name: 'Connect HubSpot' })).toHaveAttribute('href', '/integrations?section=hubspot');
  expect(crm.queryByRole('button', { name: 'Find in HubSpot' })).toBeNull();
});

test('a failed read of the link state is said, and Try again reads it again', async () => {
  signedIn();
  let reads = 0;
  const calls = hubspotServer({
    refuse: (c) => (c.url.pathname === '/api/contacts/1/crm' && ++reads === 1 ? { status: 500, body: errorBody('internal') } : undefined),
  });
  const { crm } = await openDrawer();
  expect(await crm.findByText('The HubSpot link could not be loaded')).toBeInTheDocument();
  fireEvent.click(crm.getByRole('button', { name: 'Try again' }));
  expect(await crm.findByText('Not linked to HubSpot.')).toBeInTheDocument();
  expect(crmCalls(calls, 'GET', '/api/contacts/1/crm')).toHaveLength(2);
});

// Pull from CRM ------------------------------------------------------------------------------------

function pullServer(answer: (c: Call) => Answer) {
  return server([contact({})], [], (c) => (c.url.pathname === '/api/contacts/crm/pull' ? answer(c) : undefined));
}

const report = (over: Partial<CrmPullReport> = {}): CrmPullReport => ({ pulled: 3, updated: 1, pushed: 0, conflicts: 2, failed_members: [], ...over });

test('Pull from CRM: an admin posts exactly the organisation, reads the summary, and the table reloads', async () => {
  signedIn(1);
  const calls = pullServer(() => ({ body: report({ failed_members: [9] }) }));
  renderLeads();
  await screen.findByTestId('lead-row');
  const before = listCalls(calls).length;
  fireEvent.click(screen.getByRole('button', { name: 'Pull from CRM' }));
  expect(await screen.findByText('Pulled 3 records from HubSpot: 1 contact updated, 2 kept from here')).toBeInTheDocument();
  expect(await screen.findByText('Some members must connect HubSpot again')).toBeInTheDocument();
  const pulls = calls.filter((c) => c.url.pathname === '/api/contacts/crm/pull');
  expect(pulls).toHaveLength(1);
  expect(pulls[0]!.method).toBe('POST');
  expect(pulls[0]!.body).toEqual({ org_id: ORG });
  await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
});

test('Pull from CRM pluralises each count, and warns of no member when all could be read', async () => {
  signedIn(2);
  pullServer(() => ({ body: report({ pulled: 1, updated: 4, conflicts: 1 }) }));
  renderLeads();
  await screen.findByTestId('lead-row');
  fireEvent.click(screen.getByRole('button', { name: 'Pull from CRM' }));
  expect(await screen.findByText('Pulled 1 record from HubSpot: 4 contacts updated, 1 kept from here')).toBeInTheDocument();
  expect(screen.queryByText('Some members must connect HubSpot again')).toBeNull();
});

test('Pull from CRM is not offered to an employee', async () => {
  signedIn(3);
  pullServer(() => ({ body: report() }));
  renderLeads();
  await screen.findByTestId('lead-row');
  expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pull from CRM' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
});

test('Pull from CRM without HubSpot connected says so with the way to Integrations', async () => {
  signedIn(1);
  const calls = pullServer(() => NOT_CONNECTED);
  renderLeads();
  await screen.findByTestId('lead-row');
  const before = listCalls(calls).length;
  fireEvent.click(screen.getByRole('button', { name: 'Pull from CRM' }));
  const notice = await screen.findByTestId('crm-not-connected');
  expect(notice).toHaveTextContent(NOT_CONNECTED_TEXT);
  expect(within(notice).getByRole('link', { name: 'Connect HubSpot' })).toHaveAttribute('href', '/integrations?section=hubspot');
  expect(listCalls(calls)).toHaveLength(before);
});
