// A contact's HubSpot record in its drawer against a fake server: not linked — the records that
// may be it (none said so; one linked with exactly its id, the contact read again with HubSpot's
// values), or a new record (exactly the organisation sent) — linked — its id, the last change
// and a change still on its way, then unlinked; a record another contact has, HubSpot not
// connected (said with the way to Integrations) and a failed read with its retry. Zoho in its
// own section on the same routes, the links read once for both: created and unlinked there
// alone, none matching said so, a match without a stage linked, a contact linked already, and
// Zoho alone not connected named with its own way to Integrations. On /leads,
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

/** A fake of contact 1's CRMs, HubSpot and Zoho on the same routes: its links (changed by a link,
 * a create and an unlink, each in its own CRM) and the records that may be it in each;
 * `refuse` answers a call first (a failure). Also answers the contact read again, as `fresh`.
 * Returns every call made. */
interface FakeCrms {
  linked?: ContactCrmLink[];
  /** By provider. */
  matches?: Partial<Record<string, CrmMatch[]>>;
  fresh?: ReturnType<typeof contact>;
  refuse?: (c: Call) => Answer | undefined;
}

function crmLinksServer({ linked = [], matches = {}, fresh = contact({}), refuse }: FakeCrms = {}) {
  let current = [...linked];
  const made = (provider: string, l: ContactCrmLink) => {
    current = [...current.filter((x) => x.provider !== provider), l];
    return l;
  };
  return crmServer({
    extra: (c) => {
      const own = refuse?.(c);
      if (own) return own;
      const p = c.url.pathname;
      if (p === '/api/contacts/1' && c.method === 'GET') return { body: fresh };
      if (p === '/api/contacts/1/crm' && c.method === 'GET') return { body: current };
      const [, provider, action] = /^\/api\/contacts\/1\/crm\/(hubspot|zoho)(?:\/(\w+))?$/.exec(p) ?? [];
      if (!provider) return undefined;
      if (action === 'matches' && c.method === 'GET') return { body: matches[provider] ?? [] };
      if (action === 'link' && c.method === 'POST') {
        return { body: made(provider, link({ provider, crm_id: (c.body as { crm_id: string }).crm_id })) };
      }
      if (action === 'create' && c.method === 'POST') {
        return { status: 201, body: made(provider, link({ provider, crm_id: provider === 'zoho' ? 'zc-7' : '7' })) };
      }
      if (action === undefined && c.method === 'DELETE') {
        current = current.filter((x) => x.provider !== provider);
        return { status: 204 };
      }
      return undefined;
    },
  });
}

/** The fake with HubSpot's link and records only. */
function hubspotServer({
  linked = null,
  matches = [],
  ...rest
}: Omit<FakeCrms, 'linked' | 'matches'> & { linked?: ContactCrmLink | null; matches?: CrmMatch[] } = {}) {
  return crmLinksServer({ linked: linked ? [linked] : [], matches: { hubspot: matches }, ...rest });
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

// Zoho -------------------------------------------------------------------------------------------

/** One CRM's section of the panel, by its title. */
const sectionOf = (crm: ReturnType<typeof within>, name: string) => within(crm.getByRole('region', { name }));

test('Zoho has its own section: it says what Zoho keeps, creates there alone, then unlinks', async () => {
  signedIn();
  const calls = crmLinksServer();
  const { crm } = await openDrawer();
  const zoho = sectionOf(crm, 'Zoho');
  const hubspot = sectionOf(crm, 'HubSpot');
  expect(zoho.getByRole('heading', { name: 'Zoho' })).toBeInTheDocument();
  expect(
    zoho.getByText('Zoho keeps only first and last name, e-mail, phone, address and job title; company, lifecycle stage and lead status stay in Switchboard.'),
  ).toBeInTheDocument();
  expect(hubspot.queryByText(/Zoho keeps/)).toBeNull();
  expect(await zoho.findByText('Not linked to Zoho.')).toBeInTheDocument();
  expect(await hubspot.findByText('Not linked to HubSpot.')).toBeInTheDocument();

  fireEvent.click(zoho.getByRole('button', { name: 'Create in Zoho' }));
  expect(await screen.findByText('Contact successfully created')).toBeInTheDocument();
  const posts = crmCalls(calls, 'POST', '/api/contacts/1/crm/zoho/create');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG });
  expect(await zoho.findByText('Linked to Zoho record zc-7')).toBeInTheDocument();
  expect(zoho.queryByRole('button', { name: 'Find in Zoho' })).toBeNull();
  // HubSpot is left as it was, and nothing was sent to it.
  expect(hubspot.getByText('Not linked to HubSpot.')).toBeInTheDocument();
  expect(hubspot.getByRole('button', { name: 'Create in HubSpot' })).toBeEnabled();
  expect(calls.filter((c) => c.url.pathname.startsWith('/api/contacts/1/crm/hubspot'))).toHaveLength(0);

  fireEvent.click(zoho.getByRole('button', { name: 'Unlink' }));
  expect(await screen.findByText('Contact unlinked')).toBeInTheDocument();
  const deletes = crmCalls(calls, 'DELETE', '/api/contacts/1/crm/zoho');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(await zoho.findByText('Not linked to Zoho.')).toBeInTheDocument();
  // One read of the links served both sections.
  expect(crmCalls(calls, 'GET', '/api/contacts/1/crm')).toHaveLength(1);
});

test('Find in Zoho says when no record matches, in the Zoho section only', async () => {
  signedIn();
  const calls = crmLinksServer({ matches: { hubspot: [match()], zoho: [] } });
  const { crm } = await openDrawer();
  const zoho = sectionOf(crm, 'Zoho');
  fireEvent.click(await zoho.findByRole('button', { name: 'Find in Zoho' }));
  expect(await zoho.findByText('No matched CRM contact')).toBeInTheDocument();
  const found = crmCalls(calls, 'GET', '/api/contacts/1/crm/zoho/matches');
  expect(found).toHaveLength(1);
  expect(found[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(crm.getAllByText('No matched CRM contact')).toHaveLength(1);
  expect(crm.queryAllByTestId('crm-match')).toHaveLength(0);
  expect(crmCalls(calls, 'GET', '/api/contacts/1/crm/hubspot/matches')).toHaveLength(0);
});

test('a Zoho record (no stage) is linked in Zoho with exactly its id, beside a HubSpot link', async () => {
  signedIn();
  const calls = crmLinksServer({
    linked: [link({ crm_id: '9' })],
    matches: { zoho: [match({ crm_id: 'zc-51', lifecycle_stage: null })] },
  });
  const { crm } = await openDrawer();
  const zoho = sectionOf(crm, 'Zoho');
  const hubspot = sectionOf(crm, 'HubSpot');
  expect(await hubspot.findByText('Linked to HubSpot record 9')).toBeInTheDocument();
  fireEvent.click(zoho.getByRole('button', { name: 'Find in Zoho' }));
  const row = await zoho.findByTestId('crm-match');
  expect(row).toHaveTextContent('Rhea K.');
  expect(row).not.toHaveTextContent('Lead');

  fireEvent.click(zoho.getByRole('button', { name: 'Link Rhea K.' }));
  expect(await screen.findByText('Contact linked')).toBeInTheDocument();
  const posts = crmCalls(calls, 'POST', '/api/contacts/1/crm/zoho/link');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG, crm_id: 'zc-51' });
  expect(await zoho.findByText('Linked to Zoho record zc-51')).toBeInTheDocument();
  expect(hubspot.getByText('Linked to HubSpot record 9')).toBeInTheDocument();
  expect(crmCalls(calls, 'POST', '/api/contacts/1/crm/hubspot/link')).toHaveLength(0);
});

test('Create in Zoho for a contact linked there already says so', async () => {
  signedIn();
  crmLinksServer({ refuse: (c) => (c.url.pathname.endsWith('/zoho/create') ? { status: 409, body: errorBody('conflict') } : undefined) });
  const { crm } = await openDrawer();
  const zoho = sectionOf(crm, 'Zoho');
  fireEvent.click(await zoho.findByRole('button', { name: 'Create in Zoho' }));
  expect(await zoho.findByRole('alert')).toHaveTextContent('This contact is already linked to Zoho.');
  expect(screen.queryByText('Contact successfully created')).toBeNull();
});

test('Zoho alone not connected is said in its section, naming Zoho with its way to Integrations', async () => {
  signedIn();
  crmLinksServer({ refuse: (c) => (c.url.pathname.startsWith('/api/contacts/1/crm/zoho/') ? NOT_CONNECTED : undefined) });
  const { crm } = await openDrawer();
  const zoho = sectionOf(crm, 'Zoho');
  const hubspot = sectionOf(crm, 'HubSpot');
  fireEvent.click(await zoho.findByRole('button', { name: 'Find in Zoho' }));
  const notice = await zoho.findByTestId('crm-not-connected');
  expect(notice).toHaveTextContent(NOT_CONNECTED_TEXT);
  expect(within(notice).getByRole('link', { name: 'Connect Zoho' })).toHaveAttribute('href', '/integrations?section=zoho');
  expect(crm.queryByRole('link', { name: 'Connect HubSpot' })).toBeNull();
  expect(crm.getAllByTestId('crm-not-connected')).toHaveLength(1);
  // HubSpot still answers: its records are found as before.
  fireEvent.click(hubspot.getByRole('button', { name: 'Find in HubSpot' }));
  expect(await hubspot.findByText('No matched CRM contact')).toBeInTheDocument();
  expect(hubspot.queryByTestId('crm-not-connected')).toBeNull();
});

test('a failed read of the links is said in each section, with one Try again for both', async () => {
  signedIn();
  let reads = 0;
  crmLinksServer({
    linked: [link({ provider: 'zoho', crm_id: 'zc-3' })],
    refuse: (c) => (c.url.pathname === '/api/contacts/1/crm' && ++reads === 1 ? { status: 500, body: errorBody('internal') } : undefined),
  });
  const { crm } = await openDrawer();
  expect(await sectionOf(crm, 'Zoho').findByText('The Zoho link could not be loaded')).toBeInTheDocument();
  expect(sectionOf(crm, 'HubSpot').getByText('The HubSpot link could not be loaded')).toBeInTheDocument();
  fireEvent.click(crm.getByRole('button', { name: 'Try again' }));
  expect(await sectionOf(crm, 'Zoho').findByText('Linked to Zoho record zc-3')).toBeInTheDocument();
  expect(sectionOf(crm, 'HubSpot').getByText('Not linked to HubSpot.')).toBeInTheDocument();
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
  expect(await screen.findByText('Pulled 3 records from your CRMs: 1 contact updated, 2 kept from here')).toBeInTheDocument();
  expect(await screen.findByText('Some members must connect their CRM again')).toBeInTheDocument();
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
  expect(await screen.findByText('Pulled 1 record from your CRMs: 4 contacts updated, 1 kept from here')).toBeInTheDocument();
  expect(screen.queryByText('Some members must connect their CRM again')).toBeNull();
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
