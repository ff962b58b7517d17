// The dynamic assignment panel (000 §2, §4, §5) against a fake server and the real wasm rules:
// one member expanded at a time; the form's stages (placeholder Select stages), Target % and
// Region (default other); Add Member disabled while that member has an error, with each §5
// message; the total red with '(Exceeds 100%)' and save disabled with 'Fix percentage errors
// first' over 100; a saved row losing its save icon; removal; search and paging of All Members.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { MEMBERS_PER_PAGE } from './components/AssignmentPanel';
import { ADMIN_PATHS } from './paths';
import { callsTo, fakeServer, member, owner, renderAdmin } from './testing';

const PATH = '/api/v1/whatzapp/dashboard/dynamic-assignment';

setupSuite({
  prepare: async () => {
    // jsdom has no layout: Mantine's comboboxes scroll their options into view.
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  },
  toasts: true,
});

const activeRow = (name: string) => within(screen.getByTestId('active-members')).getByRole('group', { name });
const allRow = (name: string) => within(screen.getByTestId('all-members')).getByRole('group', { name });
const total = () => screen.getByTestId('assignment-total');

/** The screen the last `openDashboard` rendered (its router). */
let shown: ReturnType<typeof renderAdmin>;

async function openDashboard(members = [member('9001', 'Lucia Moreno', '50'), member('9002', 'Javier Ruiz', '30'), member('9003', 'Asha Rao', '20')]) {
  const server = fakeServer({ signedIn: true, members });
  shown = renderAdmin(ADMIN_PATHS.dashboard);
  await screen.findByRole('heading', { name: 'Active Members' });
  return server;
}

function typeTarget(scope: ReturnType<typeof within>, value: string) {
  fireEvent.change(scope.getByRole('textbox', { name: 'Target %' }), { target: { value } });
}

test('lists the active members with their total, and All Members with the HubSpot owners', async () => {
  await openDashboard([member('9001', 'Lucia Moreno', '70')]);
  expect(total()).toHaveTextContent('Total: 70%');
  expect(total()).not.toHaveTextContent('Exceeds');
  expect(total()).not.toHaveAttribute('data-over');
  expect(within(activeRow('Lucia Moreno')).getByText(/70%/)).toBeInTheDocument();
  const all = within(screen.getByTestId('all-members')).getAllByTestId('all-member').map((r) => r.getAttribute('aria-label'));
  expect(all).toEqual(['Lucia Moreno', 'Javier Ruiz', 'Asha Rao']);
  expect(within(allRow('Lucia Moreno')).getByText('Active')).toBeInTheDocument();
  expect(within(allRow('Javier Ruiz')).getByText('Not added yet')).toBeInTheDocument();
});

test('only one member is expanded at a time, across both lists', async () => {
  await openDashboard();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Lucia Moreno' }));
  expect(within(activeRow('Lucia Moreno')).getByTestId('member-form')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit Lucia Moreno' })).toHaveAttribute('aria-expanded', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Edit Javier Ruiz' }));
  expect(within(activeRow('Javier Ruiz')).getByTestId('member-form')).toBeInTheDocument();
  expect(within(activeRow('Lucia Moreno')).queryByTestId('member-form')).toBeNull();
  expect(screen.getByRole('button', { name: 'Edit Lucia Moreno' })).toHaveAttribute('aria-expanded', 'false');

  fireEvent.click(screen.getByRole('button', { name: 'Add Asha Rao' }));
  expect(within(allRow('Asha Rao')).getByTestId('member-form')).toBeInTheDocument();
  expect(screen.getAllByTestId('member-form')).toHaveLength(1);

  fireEvent.click(screen.getByRole('button', { name: 'Add Asha Rao' }));
  expect(screen.queryAllByTestId('member-form')).toHaveLength(0);
});

test('the form: Onboarding Stages (Select stages, the four stages), Target % and Region (latam, spain, other; other by default)', async () => {
  await openDashboard([]);
  fireEvent.click(screen.getByRole('button', { name: 'Add Javier Ruiz' }));
  const form = within(allRow('Javier Ruiz'));
  const stages = form.getByPlaceholderText('Select stages');
  expect(form.getByRole('textbox', { name: 'Target %' })).toHaveValue('');
  const region = form.getAllByLabelText('Region').find((e) => e.tagName === 'INPUT')!;
  expect(region).toHaveValue('Other');

  fireEvent.click(stages);
  const stageList = await screen.findByRole('listbox', { name: 'Onboarding Stages', hidden: true });
  const stageOptions = within(stageList).getAllByRole('option', { hidden: true }).map((o) => o.textContent);
  expect(stageOptions).toEqual(['LinkedIn ads', 'Extension installed', 'Integration done', 'User added']);
  fireEvent.click(screen.getByRole('option', { name: 'Integration done', hidden: true }));
  fireEvent.click(screen.getByRole('option', { name: 'LinkedIn ads', hidden: true }));

  fireEvent.click(region);
  const regionList = await screen.findByRole('listbox', { name: 'Region', hidden: true });
  expect(within(regionList).getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Latin America', 'Spain', 'Other']);
  fireEvent.click(screen.getByRole('option', { name: 'Spain', hidden: true }));
  expect(region).toHaveValue('Spain');
});

test('Add Member is disabled while that member has an error, with the §5 messages', async () => {
  const { calls } = await openDashboard([member('9001', 'Lucia Moreno', '70')]);
  fireEvent.click(screen.getByRole('button', { name: 'Add Javier Ruiz' }));
  const form = within(allRow('Javier Ruiz'));
  const add = form.getByRole('button', { name: 'Add Member' });
  // Nothing typed yet: no message, but nothing to add either.
  expect(add).toBeDisabled();
  expect(form.queryByText('Enter a target percentage')).toBeNull();

  typeTarget(form, '150');
  expect(form.getByText('Percentage cannot exceed 100%')).toBeInTheDocument();
  expect(add).toBeDisabled();

  typeTarget(form, '40');
  expect(form.getByText('Total percentage cannot exceed 100%. Other members use 70%')).toBeInTheDocument();
  expect(add).toBeDisabled();

  typeTarget(form, 'abc');
  expect(form.getByText('Enter a number from 0 to 100, with at most two decimals')).toBeInTheDocument();
  expect(add).toBeDisabled();

  typeTarget(form, '');
  expect(form.getByText('Enter a target percentage')).toBeInTheDocument();
  expect(add).toBeDisabled();

  typeTarget(form, '30');
  expect(form.queryByText(/cannot exceed/)).toBeNull();
  expect(add).toBeEnabled();
  fireEvent.click(add);

  await waitFor(() => expect(within(screen.getByTestId('active-members')).getByRole('group', { name: 'Javier Ruiz' })).toBeInTheDocument());
  expect(callsTo(calls, PATH, 'POST')[0]!.body).toEqual({
    owner_id: '9002',
    name: 'Javier Ruiz',
    target_percentage: 30,
    region: 'other',
    onboarding_stage: [],
    paused: false,
  });
  expect(total()).toHaveTextContent('Total: 100%');
  // Adding clears and closes the form.
  expect(screen.queryAllByTestId('member-form')).toHaveLength(0);
  expect(await screen.findByText('Javier Ruiz was added')).toBeInTheDocument();
});

test('over 100 the total turns red with (Exceeds 100%), and save is disabled with its tooltip until fixed', async () => {
  const { calls } = await openDashboard();
  expect(total()).toHaveTextContent('Total: 100%');
  expect(screen.queryByRole('button', { name: 'Save Lucia Moreno' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Edit Lucia Moreno' }));
  const row = within(activeRow('Lucia Moreno'));
  typeTarget(row, '60');

  expect(total()).toHaveTextContent('Total: 110% (Exceeds 100%)');
  expect(total()).toHaveAttribute('data-over', 'true');
  expect(total().getAttribute('style') ?? '').toMatch(/red/);
  expect(screen.getByTestId('assignment-total-issue')).toHaveTextContent('Total percentage cannot exceed 100%. Current total is 110%');
  expect(row.getByText('Total percentage cannot exceed 100%. Other members use 50%')).toBeInTheDocument();
  // The other rows name the others' share too.
  expect(within(activeRow('Javier Ruiz')).getByText('Total percentage cannot exceed 100%. Other members use 80%')).toBeInTheDocument();

  // An edited row shows its save icon, disabled, with the tooltip.
  const save = screen.getByRole('button', { name: 'Save Lucia Moreno' });
  expect(save).toHaveAttribute('aria-disabled', 'true');
  fireEvent.mouseEnter(save);
  expect(await screen.findByText('Fix percentage errors first')).toBeInTheDocument();
  fireEvent.click(save);
  expect(callsTo(calls, PATH, 'POST')).toHaveLength(0);

  // A single share over 100 is its own error.
  typeTarget(row, '101');
  expect(row.getByText('Percentage cannot exceed 100%')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save Lucia Moreno' })).toHaveAttribute('aria-disabled', 'true');

  typeTarget(row, '40');
  expect(total()).toHaveTextContent('Total: 90%');
  expect(total()).not.toHaveTextContent('Exceeds');
  expect(total()).not.toHaveAttribute('data-over');
  expect(screen.queryByTestId('assignment-total-issue')).toBeNull();
  const enabled = screen.getByRole('button', { name: 'Save Lucia Moreno' });
  expect(enabled).toHaveAttribute('aria-disabled', 'false');
  fireEvent.click(enabled);

  await waitFor(() => expect(callsTo(calls, PATH, 'POST')).toHaveLength(1));
  expect(callsTo(calls, PATH, 'POST')[0]!.body).toMatchObject({ owner_id: '9001', target_percentage: 40 });
  // After a save the dirty flag clears: no save icon any more.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Lucia Moreno' })).toBeNull());
  expect(total()).toHaveTextContent('Total: 90%');
});

test('several edited rows save lowered shares first, so the saved total never passes 100', async () => {
  const { calls } = await openDashboard();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Asha Rao' }));
  typeTarget(within(activeRow('Asha Rao')), '30');
  fireEvent.click(screen.getByRole('button', { name: 'Edit Lucia Moreno' }));
  typeTarget(within(activeRow('Lucia Moreno')), '40');
  expect(total()).toHaveTextContent('Total: 100%');
  fireEvent.click(screen.getByRole('button', { name: 'Save all changes (2)' }));
  await waitFor(() => expect(callsTo(calls, PATH, 'POST')).toHaveLength(2));
  expect(callsTo(calls, PATH, 'POST').map((c) => (c.body as { owner_id: string }).owner_id)).toEqual(['9001', '9003']);
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Save / })).toBeNull());
});

test('a save the server refuses for the total names the others’ saved share', async () => {
  await openDashboard();
  fakeServer({ signedIn: true }, (c) =>
    c.method === 'POST' ? { status: 422, body: { error: { code: 'validation_failed', message: '', fields: { target_percentage: 'total_percentage_others' } } } } : undefined,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Edit Asha Rao' }));
  typeTarget(within(activeRow('Asha Rao')), '10');
  fireEvent.click(screen.getByRole('button', { name: 'Save Asha Rao' }));
  expect(await within(activeRow('Asha Rao')).findByText('Total percentage cannot exceed 100%. Other members use 80%')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save Asha Rao' })).toBeInTheDocument();
});

test('the delete icon removes an active member after confirming', async () => {
  const { calls } = await openDashboard();
  fireEvent.click(screen.getByRole('button', { name: 'Remove Javier Ruiz' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(within(screen.getByTestId('active-members')).queryByRole('group', { name: 'Javier Ruiz' })).toBeNull());
  expect(callsTo(calls, PATH, 'DELETE')[0]!.url.searchParams.get('owner_id')).toBe('9002');
  expect(total()).toHaveTextContent('Total: 70%');
});

test('All Members is searched and paged', async () => {
  const owners = Array.from({ length: 25 }, (_, i) => owner(String(100 + i), `Owner ${String(i + 1).padStart(2, '0')}`));
  fakeServer({ signedIn: true, owners });
  renderAdmin(ADMIN_PATHS.dashboard);
  await screen.findByRole('heading', { name: 'All Members' });
  const names = () => within(screen.getByTestId('all-members')).getAllByTestId('all-member').map((r) => r.getAttribute('aria-label'));
  expect(await screen.findByText('No active members yet. Add one from All Members.')).toBeInTheDocument();
  expect(names()).toHaveLength(MEMBERS_PER_PAGE);
  expect(names()[0]).toBe('Owner 01');
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(names()).toEqual(['Owner 21', 'Owner 22', 'Owner 23', 'Owner 24', 'Owner 25']);
  fireEvent.change(screen.getByRole('textbox', { name: 'Search members' }), { target: { value: 'owner 1' } });
  expect(names()).toEqual(['Owner 10', 'Owner 11', 'Owner 12', 'Owner 13', 'Owner 14', 'Owner 15', 'Owner 16', 'Owner 17', 'Owner 18', 'Owner 19']);
  fireEvent.change(screen.getByRole('textbox', { name: 'Search members' }), { target: { value: 'nobody' } });
  expect(screen.getByText('No member matches this search.')).toBeInTheDocument();
  fireEvent.click(within(screen.getByTestId('all-members-no-match')).getByRole('button', { name: 'Clear the search' }));
  expect(screen.getByRole('textbox', { name: 'Search members' })).toHaveValue('');
  expect(names()).toHaveLength(MEMBERS_PER_PAGE);
});

test('without HubSpot owners or members, the lists and the report say where members come from', async () => {
  fakeServer({ signedIn: true, owners: [] });
  renderAdmin(ADMIN_PATHS.dashboard);
  const none = await screen.findByTestId('all-members-empty');
  expect(none).toHaveTextContent('No HubSpot owners or members yet.');
  expect(none).toHaveTextContent('providers.hubspot.operator_token');
  const report = await screen.findByTestId('report-empty');
  expect(report).toHaveTextContent('No members to report on.');
  expect(report).toHaveTextContent('Add active members under Dynamic assignment');
});

test('loading and failure states, with a retry', async () => {
  let fail = true;
  fakeServer({ signedIn: true }, (c) => (c.url.pathname === PATH && fail ? { status: 500, body: { error: { code: 'internal', message: '' } } } : undefined));
  renderAdmin(ADMIN_PATHS.dashboard);
  expect(await screen.findByText('The members could not be loaded')).toBeInTheDocument();
  fail = false;
  fireEvent.click(within(screen.getByRole('region', { name: 'Dynamic assignment' })).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Active Members' })).toBeInTheDocument();
});

test('a total under 100% says where the rest of the leads go', async () => {
  await openDashboard([member('9001', 'Lucia Moreno', '30'), member('9002', 'Javier Ruiz', '30')]);
  expect(total()).toHaveTextContent('Total: 60%');
  expect(screen.getByTestId('assignment-under-total')).toHaveTextContent(
    'The shares add up to 60%. No lead is left over: each one goes to a member it matches, in proportion to their shares',
  );
  // At exactly 100% (or over it, with its own message) the explanation is not needed.
  fireEvent.click(screen.getByRole('button', { name: 'Edit Lucia Moreno' }));
  typeTarget(within(activeRow('Lucia Moreno')), '70');
  expect(total()).toHaveTextContent('Total: 100%');
  expect(screen.queryByTestId('assignment-under-total')).toBeNull();
});

test('unsaved edits are not lost to a click elsewhere: the operator is asked first', async () => {
  await openDashboard();
  const { router } = shown;
  fireEvent.click(screen.getByRole('button', { name: 'Edit Lucia Moreno' }));
  typeTarget(within(activeRow('Lucia Moreno')), '40');
  await act(() => router.navigate(ADMIN_PATHS.organisations));
  const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  // Stay: still here, the edit kept.
  fireEvent.click(within(ask).getByRole('button', { name: 'Stay and save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
  expect(router.state.location.pathname).toBe(ADMIN_PATHS.dashboard);
  expect(within(activeRow('Lucia Moreno')).getByRole('textbox', { name: 'Target %' })).toHaveValue('40');
  // Leave: gone, on purpose.
  await act(() => router.navigate(ADMIN_PATHS.organisations));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_PATHS.organisations));
});
