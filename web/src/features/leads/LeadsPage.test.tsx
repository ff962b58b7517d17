// The leads screen against a fake server: the table with translated stages and owners, the
// filters sent as the server's keys, a new contact (a number the organisation has is said so
// under the number), a contact's change sending only what changed, its history, and the
// Personal workspace's explanation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Contact, ContactChange, Page } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, renderRoutes, setupSuite, signInAs, stubServer, userExistence, type Answer, type Call } from '@/testing/harness';
import { mapping, members, ORG } from '@/testing/organization';
import LeadsPage from './pages/LeadsPage';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const contact = (over: Partial<Contact>): Contact => ({
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

function server(contacts: Contact[], history: ContactChange[] = [], extra?: (c: Call) => Answer | undefined) {
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
  });
  return calls;
}

function signedIn() {
  const current = mapping({ role_id: 1 });
  signInAs(current, { name: 'Owner', workspace: { me: userExistence(current, { name: 'Owner' }) } });
}

const render = () => renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads');

test('lists the contacts with their stage, status and owner, and filters by the server keys', async () => {
  signedIn();
  const calls = server([contact({})]);
  render();
  const row = await screen.findByTestId('lead-row');
  expect(row).toHaveTextContent('Rhea Kapoor');
  expect(row).toHaveTextContent('+919876543210');
  expect(within(row).getByText('Sales Qualified Lead')).toBeInTheDocument();
  expect(row).toHaveTextContent('In Progress');
  await waitFor(() => expect(row).toHaveTextContent('Priya Sharma'));

  fireEvent.change(screen.getByLabelText('Lifecycle stage'), { target: { value: 'customer' } });
  await waitFor(() => {
    const last = calls.filter((c) => c.url.pathname === '/api/contacts').at(-1)!;
    expect(last.url.searchParams.get('lifecycle_stage')).toBe('customer');
    expect(last.url.searchParams.get('org_id')).toBe(String(ORG));
  });
});

test('says no contacts found for a filter, with a way back', async () => {
  signedIn();
  server([]);
  render();
  expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Lead status'), { target: { value: 'NEW' } });
  expect(await screen.findByText('No contacts found')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
  expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
});

test('a new contact: a number already kept is said so under the number, then one is created', async () => {
  signedIn();
  let tries = 0;
  const calls = server([], [], (c) => {
    if (c.url.pathname === '/api/contacts' && c.method === 'POST') {
      tries += 1;
      return tries === 1
        ? { status: 409, body: errorBody('conflict') }
        : { status: 201, body: contact({ id: 2, display_name: 'Bea Souza', name: 'Bea Souza', phone: '+5511987650002' }) };
    }
    return undefined;
  });
  render();
  await screen.findByText('No contacts yet.');
  fireEvent.click(screen.getByRole('button', { name: 'New contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'New contact' });
  fireEvent.change(within(dialog).getByLabelText(/WhatsApp number/), { target: { value: '+55 11 98765 0002' } });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Bea Souza' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
  expect(await within(dialog).findByText("This number is already one of the organisation's contacts.")).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
  expect(await screen.findByText('Contact successfully created')).toBeInTheDocument();
  const posted = calls.filter((c) => c.method === 'POST').at(-1)!;
  expect(posted.body).toEqual({ org_id: ORG, phone: '+55 11 98765 0002', owner_id: null, name: 'Bea Souza' });
});

test("a contact's change sends only what changed, and its history reads in words", async () => {
  signedIn();
  const calls = server(
    [contact({})],
    [{ field: 'lifecycle_stage', old_value: 'lead', new_value: 'salesqualifiedlead', origin: 'member', actor_id: 8, at: '2026-11-28T10:00:00Z' }],
    (c) =>
      c.method === 'PATCH' ? { status: 200, body: contact({ company: 'Kapoor Silks', updated_at: '2026-11-28T11:00:00Z' }) } : undefined,
  );
  render();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog');
  const history = await within(drawer).findByTestId('contact-history');
  expect(history).toHaveTextContent('Lead → Sales Qualified Lead');
  expect(history).toHaveTextContent('By a member');
  fireEvent.change(within(drawer).getByLabelText('Company'), { target: { value: 'Kapoor Silks' } });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Contact successfully updated')).toBeInTheDocument();
  const patch = calls.find((c) => c.method === 'PATCH')!;
  expect(patch.url.pathname).toBe('/api/contacts/1');
  expect(patch.body).toEqual({ org_id: ORG, owner_id: null, company: 'Kapoor Silks' });
});

test('the Personal workspace explains that leads belong to an organisation', async () => {
  signInAs(null, { name: 'Owner', workspace: { me: userExistence(null, { name: 'Owner' }) } });
  server([]);
  render();
  expect(await screen.findByTestId('leads-personal')).toHaveTextContent('Contacts are kept for a team');
});
