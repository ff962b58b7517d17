// Changing many contacts at once against a fake server: rows chosen one by one or the whole page,
// a bar saying how many with the stage, status and owner to set; only what is chosen is sent
// (owner "Nobody" as 0), then the selection goes and the table is read again; a refusal is said
// in words under the choice it names, or above the bar for contacts no longer there.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, invalid, setupSuite, type Answer, type Call } from '@/testing/harness';
import { contact, listCalls, ORG, renderLeads, server, signedIn } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const contacts = [
  contact({}),
  contact({ id: 2, display_name: 'Bea Souza', name: 'Bea Souza', phone: '+5511987650002', contact: '5511987650002' }),
  contact({ id: 3, display_name: 'Ana Lima', name: 'Ana Lima', phone: '+5511987650003', contact: '5511987650003' }),
];

const bulkCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/contacts/bulk');

function bulkServer(answer: (c: Call) => Answer) {
  return server(contacts, [], (c) => (c.url.pathname === '/api/contacts/bulk' ? answer(c) : undefined));
}

async function page() {
  renderLeads();
  await waitFor(() => expect(screen.getAllByTestId('lead-row')).toHaveLength(3));
}

const bar = () => within(screen.getByTestId('bulk-bar'));

test('selecting rows and applying a stage sends exactly the org, the ids and the stage', async () => {
  signedIn();
  const calls = bulkServer((c) => ({ body: { updated: (c.body as { ids: number[] }).ids.length } }));
  await page();
  expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  expect(bar().getByTestId('bulk-count')).toHaveTextContent('2 selected');
  expect(bar().getByRole('button', { name: 'Apply' })).toBeDisabled();
  const before = listCalls(calls).length;

  fireEvent.change(bar().getByLabelText('Lifecycle stage'), { target: { value: 'customer' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('2 contacts updated')).toBeInTheDocument();
  expect(bulkCalls(calls)).toHaveLength(1);
  expect(bulkCalls(calls)[0]!.method).toBe('POST');
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [1, 2], lifecycle_stage: 'customer' });
  await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
  expect(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' })).not.toBeChecked();
  await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
});

test('the header box selects the page; owner Nobody is sent as 0 with the status', async () => {
  signedIn();
  const calls = bulkServer(() => ({ body: { updated: 3 } }));
  await page();
  const all = screen.getByRole('checkbox', { name: 'Select every contact on this page' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
  expect(all).not.toBeChecked();
  fireEvent.click(all);
  expect(bar().getByTestId('bulk-count')).toHaveTextContent('3 selected');
  expect(all).toBeChecked();

  fireEvent.change(bar().getByLabelText('Owner'), { target: { value: '0' } });
  fireEvent.change(bar().getByLabelText('Lead status'), { target: { value: 'OPEN_DEAL' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('3 contacts updated')).toBeInTheDocument();
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [3, 1, 2], lead_status: 'OPEN_DEAL', owner_id: 0 });

  // Clearing the header box clears the page.
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select every contact on this page' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select every contact on this page' }));
  expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
});

test('a refused owner is said under the owner, and the selection stays', async () => {
  signedIn();
  const calls = bulkServer(() => invalid('owner_id', 'value_invalid'));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  fireEvent.change(bar().getByLabelText('Owner'), { target: { value: '8' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await bar().findByText('Please enter valid value')).toBeInTheDocument();
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [2], owner_id: 8 });
  expect(bar().getByTestId('bulk-count')).toHaveTextContent('1 selected');
});

test('contacts no longer there are said so above the bar', async () => {
  signedIn();
  bulkServer(() => ({ status: 404, body: errorBody('not_found') }));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  fireEvent.change(bar().getByLabelText('Lifecycle stage'), { target: { value: 'lead' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await bar().findByRole('alert')).toHaveTextContent('Some of the selected contacts no longer exist or are not yours to see.');
});

test('a new filter starts without a selection', async () => {
  signedIn();
  bulkServer(() => ({ body: { updated: 0 } }));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  expect(screen.getByTestId('bulk-bar')).toBeInTheDocument();
  fireEvent.change(screen.getAllByLabelText('Lead status')[0]!, { target: { value: 'NEW' } });
  await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
});

test('a typed tag is put on trimmed and another taken off, and the bar comes back with the tags empty', async () => {
  signedIn();
  const calls = bulkServer((c) => ({ body: { updated: (c.body as { ids: number[] }).ids.length } }));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
  expect(bar().getByTestId('bulk-add-tag')).toHaveAttribute('maxLength', '10');
  expect(bar().getByTestId('bulk-remove-tag')).toHaveAttribute('maxLength', '10');

  fireEvent.change(bar().getByLabelText('Add tag'), { target: { value: '  vip ' } });
  fireEvent.change(bar().getByLabelText('Remove tag'), { target: { value: ' Trial' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('2 contacts updated')).toBeInTheDocument();
  expect(bulkCalls(calls)).toHaveLength(1);
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [1, 3], add_tag: 'vip', remove_tag: 'Trial' });

  await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  expect(bar().getByLabelText('Add tag')).toHaveValue('');
  expect(bar().getByLabelText('Remove tag')).toHaveValue('');
  expect(bar().getByRole('button', { name: 'Apply' })).toBeDisabled();
});

test('a blank tag is not sent, and alone it is no change', async () => {
  signedIn();
  const calls = bulkServer(() => ({ body: { updated: 1 } }));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  fireEvent.change(bar().getByLabelText('Add tag'), { target: { value: '   ' } });
  fireEvent.change(bar().getByLabelText('Remove tag'), { target: { value: ' ' } });
  expect(bar().getByRole('button', { name: 'Apply' })).toBeDisabled();

  fireEvent.change(bar().getByLabelText('Lifecycle stage'), { target: { value: 'lead' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('1 contact updated')).toBeInTheDocument();
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [2], lifecycle_stage: 'lead' });
});

test('a contact that would end with three tags is said under Add tag, and the selection stays', async () => {
  signedIn();
  const calls = bulkServer(() => invalid('add_tag', 'tags_too_many'));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Souza' }));
  fireEvent.change(bar().getByLabelText('Add tag'), { target: { value: 'vip' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));

  const text = 'A contact can have at most 2 tags; one of the chosen contacts already has 2 others. Take one off in the same change.';
  expect(await bar().findByText(text)).toBeInTheDocument();
  expect(bar().getByLabelText('Add tag')).toHaveAccessibleDescription(text);
  expect(bar().getByLabelText('Add tag')).toHaveAttribute('aria-invalid', 'true');
  expect(bar().getByLabelText('Remove tag')).not.toHaveAttribute('aria-invalid', 'true');
  expect(bar().queryByRole('alert')).not.toBeInTheDocument();
  expect(bulkCalls(calls)[0]!.body).toEqual({ org_id: ORG, ids: [1, 2], add_tag: 'vip' });
  expect(bar().getByTestId('bulk-count')).toHaveTextContent('2 selected');
  expect(screen.getByRole('checkbox', { name: 'Select Rhea Kapoor' })).toBeChecked();
  expect(bar().getByLabelText('Add tag')).toHaveValue('vip');
});

test('a tag refused as too long is said under Remove tag with its limit', async () => {
  signedIn();
  bulkServer(() => invalid('remove_tag', 'tag_too_long'));
  await page();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
  fireEvent.change(bar().getByLabelText('Remove tag'), { target: { value: 'old' } });
  fireEvent.click(bar().getByRole('button', { name: 'Apply' }));
  expect(await bar().findByText('A tag can be at most 10 characters.')).toBeInTheDocument();
  expect(bar().getByLabelText('Remove tag')).toHaveAccessibleDescription('A tag can be at most 10 characters.');
});
