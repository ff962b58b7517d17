// Shared labels on contacts against a fake server: only the organisation's shared labels are
// offered (read from the manage tools' label board); the label filter sends `label_id` and
// "Any label" takes it off; the Labels column shows each contact's labels as badges; the drawer
// sends `label_ids` (ascending) only when they changed, and a refusal under the field; the bulk
// bar puts one label on (or takes one off) the selected contacts; with no shared labels the
// filter and the field say so, with a link to the labels screen.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { LabelBoard, ManagedLabel } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { invalid, setupSuite, type Answer, type Call } from '@/testing/harness';
import { COLUMNS_STORAGE_KEY } from './columns';
import { contact, listCalls, ORG, renderLeads, server, signedIn } from './testing';

setupSuite({
  toasts: true,
  before: () => {
    useWorkspace.getState().reset();
    localStorage.removeItem(COLUMNS_STORAGE_KEY);
  },
});

const label = (over: Partial<ManagedLabel>): ManagedLabel => ({
  id: 3,
  name: 'VIP',
  color: '#e8590c',
  parent_id: null,
  kind: 'shared',
  editable: true,
  ...over,
});

/** The board the caller sees: two shared labels, a custom and a system one (never offered). */
const BOARD: LabelBoard = {
  labels: [
    label({ id: 3, name: 'VIP' }),
    label({ id: 9, name: 'Mine', kind: 'custom' }),
    label({ id: 5, name: 'Wholesale', color: '#1c7ed6' }),
    label({ id: 1, name: 'New customer', kind: 'system', editable: false }),
  ],
  funnels: [],
  limit: null,
  used: 1,
  may_share: true,
};

const contacts = [
  contact({ label_ids: [3, 5] }),
  contact({ id: 2, display_name: 'Bea Souza', name: 'Bea Souza', phone: '+5511987650002', contact: '5511987650002' }),
];

/** The contacts' calls with the label board (`board`), `extra` answering first. */
function labelServer(board: LabelBoard | null = BOARD, extra?: (c: Call) => Answer | undefined) {
  return server(contacts, [], (c) => {
    const own = extra?.(c);
    if (own) return own;
    if (c.url.pathname === '/api/manage/labels' && c.method === 'GET') {
      expect(c.url.searchParams.get('org_id')).toBe(String(ORG));
      return board ? { body: board } : { body: { ...BOARD, labels: [] } };
    }
    return undefined;
  });
}

const lastList = (calls: Call[]) => listCalls(calls).at(-1)!.url.searchParams;

test('the label filter offers the shared labels only, sends label_id, and Any label takes it off', async () => {
  signedIn();
  const calls = labelServer();
  renderLeads();
  await screen.findAllByTestId('lead-row');
  const filter = screen.getByLabelText('Label');
  await waitFor(() => expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any label', 'VIP', 'Wholesale']));
  expect(lastList(calls).has('label_id')).toBe(false);

  fireEvent.change(filter, { target: { value: '5' } });
  await waitFor(() => expect(lastList(calls).get('label_id')).toBe('5'));
  expect(lastList(calls).get('page')).toBe('0');
  fireEvent.change(filter, { target: { value: '' } });
  await waitFor(() => expect(lastList(calls).has('label_id')).toBe(false));
});

test('the Labels column shows each contact’s labels as coloured badges', async () => {
  localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(['labels']));
  signedIn();
  labelServer();
  renderLeads();
  expect(await screen.findByRole('columnheader', { name: 'Labels' })).toBeInTheDocument();
  const [rhea, bea] = await screen.findAllByTestId('lead-row');
  await waitFor(() => expect(within(rhea!).getAllByTestId('contact-label').map((b) => b.textContent)).toEqual(['VIP', 'Wholesale']));
  expect(within(bea!).queryByTestId('contact-label')).toBeNull();
  expect(bea!.querySelector('[data-column="labels"]')).toHaveTextContent('—');
});

test('the Labels column can be chosen from the Columns button', async () => {
  signedIn();
  labelServer();
  renderLeads();
  await screen.findAllByTestId('lead-row');
  expect(screen.queryByRole('columnheader', { name: 'Labels' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  const menu = await screen.findByRole('group', { name: 'Columns shown', hidden: true });
  fireEvent.click(within(menu).getByRole('checkbox', { name: 'Labels', hidden: true }));
  expect(await screen.findByRole('columnheader', { name: 'Labels' })).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toContain('labels');
});

test('the drawer sends label_ids, ascending, when the labels changed, and a refusal under the field', async () => {
  signedIn();
  let refuse = true;
  const calls = labelServer(BOARD, (c) => {
    if (c.method !== 'PATCH') return undefined;
    if (refuse) return invalid('label_ids', 'value_invalid');
    return { body: contact({ id: 2, display_name: 'Bea Souza', label_ids: [3, 5] }) };
  });
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Bea Souza' }));
  const drawer = await screen.findByRole('dialog');
  await waitFor(() => expect(within(drawer).getByPlaceholderText('Choose labels')).toBeInTheDocument());

  fireEvent.click(within(drawer).getByPlaceholderText('Choose labels'));
  const options = await screen.findByRole('listbox', { name: 'Labels', hidden: true });
  expect(within(options).getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['VIP', 'Wholesale']);
  fireEvent.click(within(options).getByRole('option', { name: 'Wholesale', hidden: true }));
  fireEvent.click(within(options).getByRole('option', { name: 'VIP', hidden: true }));
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  expect(await within(drawer).findByText('Please enter valid value')).toBeInTheDocument();
  const patches = () => calls.filter((c) => c.method === 'PATCH');
  expect(patches()[0]!.url.pathname).toBe('/api/contacts/2');
  expect(patches()[0]!.body).toEqual({ org_id: ORG, owner_id: null, label_ids: [3, 5] });

  refuse = false;
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Contact successfully updated')).toBeInTheDocument();
  expect(patches()[1]!.body).toEqual({ org_id: ORG, owner_id: null, label_ids: [3, 5] });
});

test('labels left as they are are not sent', async () => {
  signedIn();
  const calls = labelServer(BOARD, (c) => (c.method === 'PATCH' ? { body: contacts[0] } : undefined));
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog');
  fireEvent.change(within(drawer).getByLabelText('Company'), { target: { value: 'Kapoor Silks' } });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Contact successfully updated')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ org_id: ORG, owner_id: null, company: 'Kapoor Silks' });
});

test('the bulk bar adds a label to the selected contacts, and takes one off', async () => {
  signedIn();
  const calls = labelServer(BOARD, (c) =>
    c.url.pathname === '/api/contacts/bulk' ? { body: { updated: (c.body as { ids: number[] }).ids.length } } : undefined,
  );
  renderLeads();
  await screen.findAllByTestId('lead-row');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  const bar = within(screen.getByTestId('bulk-bar'));
  const before = listCalls(calls).length;
  await waitFor(() => expect(bar.getByLabelText('Add label')).toBeInTheDocument());
  fireEvent.change(bar.getByLabelText('Add label'), { target: { value: '3' } });
  fireEvent.click(bar.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('2 contacts updated')).toBeInTheDocument();
  const bulk = () => calls.filter((c) => c.url.pathname === '/api/contacts/bulk');
  expect(bulk()[0]!.body).toEqual({ org_id: ORG, ids: [1, 2], add_label_id: 3 });
  await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
  await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  fireEvent.change(within(screen.getByTestId('bulk-bar')).getByLabelText('Remove label'), { target: { value: '5' } });
  fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(bulk()).toHaveLength(2));
  expect(bulk()[1]!.body).toEqual({ org_id: ORG, ids: [2], remove_label_id: 5 });
});

test('a refused label in the bulk bar is said under it', async () => {
  signedIn();
  labelServer(BOARD, (c) => (c.url.pathname === '/api/contacts/bulk' ? invalid('add_label_id', 'value_invalid') : undefined));
  renderLeads();
  await screen.findAllByTestId('lead-row');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  const bar = within(screen.getByTestId('bulk-bar'));
  await waitFor(() => expect(bar.getByLabelText('Add label')).toBeInTheDocument());
  fireEvent.change(bar.getByLabelText('Add label'), { target: { value: '5' } });
  fireEvent.click(bar.getByRole('button', { name: 'Apply' }));
  expect(await bar.findByText('Please enter valid value')).toBeInTheDocument();
});

test('with no shared labels the filter and the drawer say so, with a link to the labels screen', async () => {
  signedIn();
  labelServer(null);
  renderLeads();
  await screen.findAllByTestId('lead-row');
  await waitFor(() => expect(screen.getByLabelText('Label')).toBeDisabled());
  const hint = screen.getByTestId('no-shared-labels');
  expect(hint).toHaveTextContent('No shared labels yet — admins create them in Labels');
  expect(within(hint).getByRole('link', { name: 'Labels' })).toHaveAttribute('href', '/labels');

  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  expect(within(screen.getByTestId('bulk-bar')).queryByLabelText('Add label')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Open Bea Souza' }));
  const drawer = await screen.findByRole('dialog');
  expect(within(drawer).getByTestId('no-shared-labels')).toHaveTextContent('No shared labels yet');
});
