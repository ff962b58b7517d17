// The leads screen against a fake server: the table with translated stages and owners, the
// filters sent as the server's keys (the owner filter's "Nobody" as owner_id=0), the export
// links carrying the view without its page, a new contact (a number the organisation has is
// said so under the number), a contact's change sending only what changed, its history, the
// columns chosen (hidden, shown again, remembered in the browser), and the Personal workspace's
// explanation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, setupSuite, signInAs, userExistence } from '@/testing/harness';
import { exportUrl } from './api';
import { COLUMNS_STORAGE_KEY } from './columns';
import { contact, listCalls, ORG, renderLeads as render, server, signedIn } from './testing';

setupSuite({
  toasts: true,
  before: () => {
    useWorkspace.getState().reset();
    localStorage.removeItem(COLUMNS_STORAGE_KEY);
  },
});

/** The header's titles and a row's cells, by their column. */
const headers = () => within(screen.getByTestId('leads-table')).getAllByRole('columnheader').map((th) => th.getAttribute('data-column'));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.getAttribute('data-column'));

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

test('the owner filter sends owner_id=0 for Nobody, a member for a member, and none for Anyone', async () => {
  signedIn();
  const calls = server([contact({})]);
  render();
  await screen.findByTestId('lead-row');
  expect(listCalls(calls).at(-1)!.url.searchParams.has('owner_id')).toBe(false);
  const owner = screen.getByLabelText('Owner');
  await waitFor(() => expect(within(owner).getByRole('option', { name: 'Priya Sharma' })).toBeInTheDocument());
  expect(within(owner).getAllByRole('option').slice(0, 2).map((o) => o.textContent)).toEqual(['Anyone', 'Nobody']);

  fireEvent.change(owner, { target: { value: '0' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('owner_id')).toBe('0'));
  fireEvent.change(owner, { target: { value: '8' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('owner_id')).toBe('8'));
  fireEvent.change(owner, { target: { value: '' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.has('owner_id')).toBe(false));
  expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('0');
});

test('the export links carry the current search, filters and order, and no page', async () => {
  signedIn();
  const calls = server([contact({})]);
  render();
  await screen.findByTestId('lead-row');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' Kapoor ' } });
  fireEvent.change(screen.getByLabelText('Lifecycle stage'), { target: { value: 'customer' } });
  fireEvent.change(screen.getByLabelText('Owner'), { target: { value: '0' } });
  fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('q')).toBe('Kapoor'));

  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  // jsdom lays nothing out, so the dropdown's detached-target check may hide it: the links are
  // read whether shown or not.
  const csv = await screen.findByRole('menuitem', { name: 'CSV', hidden: true });
  const xlsx = screen.getByRole('menuitem', { name: 'Excel (XLSX)', hidden: true });
  const wanted = 'org_id=42&q=Kapoor&lifecycle_stage=customer&owner_id=0&sort=name&dir=asc';
  expect(csv).toHaveAttribute('href', `/api/contacts/export/csv?${wanted}`);
  expect(xlsx).toHaveAttribute('href', `/api/contacts/export/xlsx?${wanted}`);
  expect(csv).toHaveAttribute('download');
  // The same query the table reads, less its page.
  const listed = new URLSearchParams(listCalls(calls).at(-1)!.url.search);
  listed.delete('page');
  listed.delete('per_page');
  expect(new URL(csv.getAttribute('href')!, 'http://localhost').searchParams.toString()).toBe(listed.toString());
});

test('exportUrl leaves out what is not filtered, and never sends a page', () => {
  const none = { tag: ' ', propertyId: null, propertyValue: 'ignored without a property', labelId: null };
  const url = exportUrl(ORG, { q: '  ', lifecycleStage: null, leadStatus: 'NEW', ownerId: null, sort: 'updated', ...none }, 'xlsx');
  expect(url).toBe('/api/contacts/export/xlsx?org_id=42&lead_status=NEW&sort=updated&dir=desc');
});

test('the tag and a user property filter send the server keys once typing pauses', async () => {
  signedIn();
  const calls = server([contact({})], [], (c) =>
    c.url.pathname === '/api/manage/user-properties'
      ? { status: 200, body: { result: true, data: [{ id: 5, name: 'City', kind: 'text', options: [] }] } }
      : undefined,
  );
  render();
  await screen.findByTestId('leads-table');
  expect(screen.queryByLabelText('Value')).toBeNull();
  fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'VIP' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('tag')).toBe('VIP'));
  fireEvent.change(await screen.findByLabelText('Property'), { target: { value: '5' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('property_id')).toBe('5'));
  expect(listCalls(calls).at(-1)!.url.searchParams.has('property_value')).toBe(false);
  fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Delhi' } });
  await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('property_value')).toBe('Delhi'));
  expect(listCalls(calls).at(-1)!.url.searchParams.get('tag')).toBe('VIP');
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

test('a column is hidden and shown again from the Columns button, the header and cells in step, and remembered', async () => {
  signedIn();
  server([contact({ email: 'rhea@kapoor.test' })]);
  const first = render();
  const row = await screen.findByTestId('lead-row');
  const shown = ['name', 'phone', 'company', 'lifecycle_stage', 'lead_status', 'owner', 'updated'];
  // The selection box's column first, then the default set.
  expect(headers()).toEqual([null, ...shown]);
  expect(cells(row)).toEqual([null, ...shown]);
  expect(row).toHaveTextContent('Kapoor Textiles');

  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  const menu = await screen.findByRole('group', { name: 'Columns shown', hidden: true });
  // The name and the number are always shown.
  expect(within(menu).getByRole('checkbox', { name: 'Name', hidden: true })).toBeDisabled();
  expect(within(menu).getByRole('checkbox', { name: 'WhatsApp number', hidden: true })).toBeChecked();

  fireEvent.click(within(menu).getByRole('checkbox', { name: 'Company', hidden: true }));
  await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull());
  const without = shown.filter((c) => c !== 'company');
  expect(headers()).toEqual([null, ...without]);
  expect(cells(screen.getByTestId('lead-row'))).toEqual([null, ...without]);
  expect(screen.getByTestId('lead-row')).not.toHaveTextContent('Kapoor Textiles');

  fireEvent.click(within(menu).getByRole('checkbox', { name: 'E-mail', hidden: true }));
  fireEvent.click(within(menu).getByRole('checkbox', { name: 'Company', hidden: true }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument());
  const again = ['name', 'phone', 'email', 'company', 'lifecycle_stage', 'lead_status', 'owner', 'updated'];
  expect(headers()).toEqual([null, ...again]);
  expect(cells(screen.getByTestId('lead-row'))).toEqual([null, ...again]);
  expect(screen.getByTestId('lead-row')).toHaveTextContent('rhea@kapoor.test');
  expect(screen.getByTestId('lead-row')).toHaveTextContent('Kapoor Textiles');
  expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toEqual(again.slice(2));

  // The next visit in this browser shows the same columns.
  first.unmount();
  render();
  await screen.findByTestId('lead-row');
  expect(headers()).toEqual([null, ...again]);
});

test('a saved choice that cannot be read shows the default columns', async () => {
  localStorage.setItem(COLUMNS_STORAGE_KEY, '{not json');
  signedIn();
  server([contact({})]);
  render();
  await screen.findByTestId('lead-row');
  expect(headers()).toEqual([null, 'name', 'phone', 'company', 'lifecycle_stage', 'lead_status', 'owner', 'updated']);
});

test('the Personal workspace explains that leads belong to an organisation', async () => {
  signInAs(null, { name: 'Owner', workspace: { me: userExistence(null, { name: 'Owner' }) } });
  server([]);
  render();
  expect(await screen.findByTestId('leads-personal')).toHaveTextContent('Contacts are kept for a team');
});
