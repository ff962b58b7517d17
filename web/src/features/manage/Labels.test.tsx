// The Labels tab against a fake server: labels with colour swatches, sublabels nested under
// their parent, system labels translated and read-only, admins' shared labels read-only for
// others with a lock and 'Labels created by admins cannot be edited'; the label and funnel
// forms' messages from the rules before sending and from the server's 422 and 403; creating,
// editing and deleting with the 001 §8 toasts; the plan's limit and the upgrade prompt.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { board, errorBody, fakeServer, funnel, invalid, label, ORG, renderAt, signIn, systemLabel, world, type Call, setupManageSuite } from './testing';

setupManageSuite();


const dialog = () => within(screen.getByRole('dialog'));
const sent = (calls: Call[], path: string, method = 'POST') => calls.filter((c) => c.method === method && c.url.pathname === path);

const vip = label({ id: 1, name: 'VIP', color: '#f74848' });
const gold = label({ id: 2, name: 'Gold', color: '#ffd429', parent_id: 1 });
const shared = label({ id: 3, name: 'Hot lead', color: '#ff9485', kind: 'shared', editable: false });

test('labels show their colour, sublabels sit under their parent, system and shared labels are read-only', async () => {
  signIn(3);
  fakeServer(world({ board: board({ labels: [systemLabel, vip, gold, shared] }) }));
  renderAt('/labels');
  expect(await screen.findByRole('tab', { name: 'Labels', selected: true })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('label-row');
  expect(rows.map((r) => r.getAttribute('data-label'))).toEqual(['New customer', 'VIP', 'Hot lead']);
  expect(within(rows[1]!).getByRole('img', { name: 'Colour #f74848' })).toBeInTheDocument();
  const subs = screen.getByRole('list', { name: 'Sublabels of VIP' });
  expect(within(subs).getByTestId('sublabel-row')).toHaveTextContent('Gold');
  // The system label: translated, marked, no edit or delete.
  expect(rows[0]).toHaveTextContent('WhatsApp Business label');
  expect(within(rows[0]!).getByTestId('read-only')).toHaveTextContent('Read-only');
  expect(within(rows[0]!).queryByRole('button')).toBeNull();
  // The admin's shared label: locked for an employee, with the reason.
  expect(within(rows[2]!).getByTestId('read-only')).toHaveTextContent('Labels created by admins cannot be edited');
  expect(within(rows[2]!).queryByRole('button', { name: 'Edit Hot lead' })).toBeNull();
  expect(within(rows[1]!).getByRole('button', { name: 'Edit VIP' })).toBeInTheDocument();
});

test('no labels and no funnels say so, each offering its first one in its form', async () => {
  fakeServer(world({ board: board({ labels: [] }) }));
  renderAt('/labels');
  const labels = await screen.findByTestId('labels-empty');
  expect(labels).toHaveTextContent('No labels yet');
  expect(labels).toHaveTextContent('Labels sort your chats');
  const funnels = screen.getByTestId('funnels-empty');
  expect(funnels).toHaveTextContent('No funnels yet');
  expect(funnels).toHaveTextContent('A funnel holds the stages a chat moves through');
  fireEvent.click(within(labels).getByRole('button', { name: 'Add your first label' }));
  expect(await screen.findByRole('dialog', { name: 'New label' })).toBeInTheDocument();
  fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(within(funnels).getByRole('button', { name: 'Add your first funnel' }));
  expect(await screen.findByRole('dialog', { name: 'New funnel' })).toBeInTheDocument();
});

test('the label rule refuses an empty name and a bad colour before anything is sent', async () => {
  const calls = fakeServer();
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const form = dialog();
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Label name can not be empty')).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: /Label name/ }), { target: { value: 'VIP' } });
  fireEvent.change(form.getByRole('textbox', { name: 'Colour' }), { target: { value: 'red' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Choose a colour for the label')).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: /Label name/ }), { target: { value: 'x'.repeat(61) } });
  fireEvent.change(form.getByRole('textbox', { name: 'Colour' }), { target: { value: '#64c4ff' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Names can be at most 60 characters')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/labels')).toHaveLength(0);
});

test("the server's 422 and 403 are shown with the same texts", async () => {
  let answer = invalid('name', 'label_name_empty');
  fakeServer(world(), (c) => (c.method === 'POST' && c.url.pathname === '/api/manage/labels' ? answer : undefined));
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Label name/ }), { target: { value: 'VIP' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Label name can not be empty')).toBeInTheDocument();
  answer = invalid('color', 'label_color_invalid');
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Choose a colour for the label')).toBeInTheDocument();
  answer = { status: 403, body: errorBody('forbidden', { role: 'label_admin_only' }) };
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByRole('alert')).toHaveTextContent('Labels created by admins cannot be edited');
});

test("a name another label of the workspace has is refused by the server's 409, on the name field", async () => {
  fakeServer(world({ board: board({ labels: [vip] }) }), (c) =>
    c.method === 'POST' && c.url.pathname === '/api/manage/labels'
      ? { status: 409, body: errorBody('conflict', { name: 'label_name_taken' }) }
      : undefined,
  );
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const form = dialog();
  const name = form.getByRole('textbox', { name: /Label name/ });
  fireEvent.change(name, { target: { value: ' vip ' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  const text = 'A label with this name already exists in this workspace; choose another name';
  expect(await form.findByText(text)).toBeInTheDocument();
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(form.queryByRole('alert')).toBeNull();
});

test('a preset colour, a parent and sharing are sent; "Label created successfully"', async () => {
  const calls = fakeServer(world({ board: board({ labels: [systemLabel, vip] }) }));
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Label name/ }), { target: { value: ' Silver ' } });
  fireEvent.change(form.getByRole('textbox', { name: 'Colour' }), { target: { value: '#99B6C1' } });
  // System labels are not offered as parents.
  const parent = form.getByRole('combobox', { name: 'Sublabel of' });
  expect(within(parent).getAllByRole('option').map((o) => o.textContent)).toEqual(['None (a main label)', 'VIP']);
  fireEvent.change(parent, { target: { value: '1' } });
  fireEvent.click(form.getByRole('checkbox', { name: 'Share with the whole organisation' }));
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Label created successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/labels')[0]!.body).toEqual({ org_id: ORG, name: 'Silver', color: '#99b6c1', parent_id: 1, shared: true });
  const subs = await screen.findByRole('list', { name: 'Sublabels of VIP' });
  expect(within(subs).getByTestId('sublabel-row')).toHaveTextContent('Silver');
});

test('on Free: "used/limit", and the upgrade prompt instead of the form once the plan is full', async () => {
  signIn(1, 1);
  fakeServer(world({ board: board({ labels: [vip], limit: 5, used: 5 }) }));
  renderAt('/labels');
  expect(await screen.findByTestId('plan-usage')).toHaveTextContent('5/5 used');
  fireEvent.click(screen.getByRole('button', { name: 'New label' }));
  const prompt = await screen.findByTestId('upgrade-prompt');
  expect(prompt).toHaveTextContent('You have used all the labels of your plan.');
  expect(within(prompt).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/settings/billing');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a 402 on create shows the upgrade prompt in the form', async () => {
  fakeServer(world({ board: board({ labels: [], limit: 5, used: 4 }) }), (c) =>
    c.method === 'POST' && c.url.pathname === '/api/manage/labels' ? { status: 402, body: errorBody('plan_limit_reached', { plan: 'labels' }) } : undefined,
  );
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Label name/ }), { target: { value: 'VIP' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  const prompt = await form.findByTestId('upgrade-prompt');
  expect(within(prompt).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/settings/billing');
});

test('editing a label saves it; deleting asks, then "Label deleted successfully" and its sublabels go too', async () => {
  const calls = fakeServer(world({ board: board({ labels: [vip, gold] }) }));
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Gold' }));
  fireEvent.change(dialog().getByRole('textbox', { name: /Label name/ }), { target: { value: 'Platinum' } });
  fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/labels/2', 'PUT')[0]!.body).toMatchObject({ name: 'Platinum', parent_id: 1 });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete VIP' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete label' });
  expect(confirm).toHaveTextContent('Delete the label “VIP” and its sublabels?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Label deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryAllByTestId('label-row')).toHaveLength(0));
});

test('the funnel rule refuses a funnel without stages, a blank stage and two alike before anything is sent', async () => {
  const calls = fakeServer();
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New funnel' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Funnel name/ }), { target: { value: 'Sales' } });
  fireEvent.click(form.getByRole('button', { name: 'Remove stage 1' }));
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByTestId('stages-error')).toHaveTextContent('A funnel needs between 1 and 20 stages');
  fireEvent.click(form.getByRole('button', { name: 'Add stage' }));
  fireEvent.click(form.getByRole('button', { name: 'Add stage' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 1' }), { target: { value: 'New' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Stage names need 1 to 30 characters')).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 2' }), { target: { value: 'new' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText("Two stages can't have the same name")).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: /Funnel name/ }), { target: { value: ' ' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Give the funnel a name of 1 to 60 characters')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/funnels')).toHaveLength(0);
});

test('a funnel name error goes as soon as the name is fixed (issue #25)', async () => {
  fakeServer();
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'New funnel' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Funnel name/ }), { target: { value: 'y'.repeat(61) } });
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 1' }), { target: { value: 'New' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Give the funnel a name of 1 to 60 characters')).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: /Funnel name/ }), { target: { value: 'Sales' } });
  await waitFor(() => expect(form.queryByText('Give the funnel a name of 1 to 60 characters')).toBeNull());
});

test('a funnel is created with its stages in the order set (added, moved, removed): "Funnel created successfully"', async () => {
  const calls = fakeServer();
  renderAt('/labels');
  expect(await screen.findByTestId('funnels-empty')).toHaveTextContent('No funnels yet');
  fireEvent.click(screen.getByRole('button', { name: 'New funnel' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /Funnel name/ }), { target: { value: 'Sales' } });
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 1' }), { target: { value: 'Won' } });
  fireEvent.click(form.getByRole('button', { name: 'Add stage' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 2' }), { target: { value: 'Lead' } });
  fireEvent.click(form.getByRole('button', { name: 'Add stage' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 3' }), { target: { value: 'Lost' } });
  fireEvent.click(form.getByRole('button', { name: 'Move stage 2 up' }));
  expect(form.getByRole('button', { name: 'Move stage 1 up' })).toBeDisabled();
  expect(form.getByRole('button', { name: 'Move stage 3 down' })).toBeDisabled();
  fireEvent.click(form.getByRole('button', { name: 'Remove stage 3' }));
  fireEvent.click(form.getByRole('button', { name: 'Add stage' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Stage 3' }), { target: { value: 'Proposal' } });
  fireEvent.click(form.getByRole('button', { name: 'Move stage 3 up' }));
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Funnel created successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/funnels')[0]!.body).toEqual({ org_id: ORG, name: 'Sales', stages: ['Lead', 'Proposal', 'Won'], shared: false });
  const row = await screen.findByTestId('funnel-row');
  expect(row).toHaveTextContent('3 stages');
  expect(within(within(row).getByRole('list', { name: 'Stages' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    '1. Lead',
    '2. Proposal',
    '3. Won',
  ]);
}, 15_000);

test("a funnel's 422 is shown on its stages; editing and deleting a funnel", async () => {
  let refuse = true;
  const calls = fakeServer(world({ board: board({ funnels: [funnel({ id: 7, name: 'Support', stages: ['Open', 'Closed'] })] }) }), (c) =>
    refuse && c.method === 'PUT' ? invalid('stages', 'funnel_stage_duplicate') : undefined,
  );
  renderAt('/labels');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Support' }));
  const form = dialog();
  expect(form.getByRole('textbox', { name: 'Stage 2' })).toHaveValue('Closed');
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByTestId('stages-error')).toHaveTextContent("Two stages can't have the same name");
  refuse = false;
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/funnels/7', 'PUT').at(-1)!.body).toEqual({ org_id: ORG, name: 'Support', stages: ['Open', 'Closed'], shared: false });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Support' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete funnel' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Funnel deleted')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('funnel-row')).toBeNull());
});

test("an admin's shared funnel is read-only for others", async () => {
  signIn(3);
  fakeServer(world({ board: board({ funnels: [funnel({ id: 7, name: 'Org funnel', shared: true, editable: false })] }) }));
  renderAt('/labels');
  const row = await screen.findByTestId('funnel-row');
  expect(within(row).getByTestId('read-only')).toHaveTextContent('Labels created by admins cannot be edited');
  expect(within(row).queryByRole('button')).toBeNull();
});

const shareBox = 'Share with the whole organisation';

async function openLabelAndFunnelForms() {
  fireEvent.click(await screen.findByRole('button', { name: 'New label' }));
  const label = dialog().queryByRole('checkbox', { name: shareBox });
  fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'New funnel' }));
  const funnelBox = dialog().queryByRole('checkbox', { name: shareBox });
  fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return { label: label !== null, funnel: funnelBox !== null };
}

test('sharing is offered to managers when the organisation lets them edit team tools, and sent', async () => {
  signIn(2);
  const calls = fakeServer(world({ editors: 'admins_and_managers' }));
  renderAt('/labels');
  expect(await openLabelAndFunnelForms()).toEqual({ label: true, funnel: true });
  fireEvent.click(screen.getByRole('button', { name: 'New label' }));
  fireEvent.change(dialog().getByRole('textbox', { name: /Label name/ }), { target: { value: 'Team lead' } });
  fireEvent.click(dialog().getByRole('checkbox', { name: shareBox }));
  fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Label created successfully')).toBeInTheDocument();
  expect(sent(calls, '/api/manage/labels')[0]!.body).toMatchObject({ name: 'Team lead', shared: true });
});

for (const [who, role, editors] of [
  ['managers while only admins may', 2, 'admins'],
  ['employees', 3, 'admins_and_managers'],
] as const) {
  test(`sharing is not offered to ${who}; their funnel is sent without \`shared\``, async () => {
    signIn(role);
    const calls = fakeServer(world({ editors }));
    renderAt('/labels');
    expect(await openLabelAndFunnelForms()).toEqual({ label: false, funnel: false });
    fireEvent.click(screen.getByRole('button', { name: 'New funnel' }));
    fireEvent.change(dialog().getByRole('textbox', { name: /Funnel name/ }), { target: { value: 'Mine' } });
    fireEvent.change(dialog().getByRole('textbox', { name: 'Stage 1' }), { target: { value: 'Open' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Funnel created successfully')).toBeInTheDocument();
    expect(sent(calls, '/api/manage/funnels')[0]!.body).toEqual({ org_id: ORG, name: 'Mine', stages: ['Open'], shared: null });
  });
}

const boardSaying = (mayShare: boolean) => (c: Call) =>
  c.method === 'GET' && c.url.pathname === '/api/manage/labels' ? { body: { ...board(), may_share: mayShare } } : undefined;

test("sharing is the server's to allow: offered to an employee it lets share", async () => {
  signIn(3);
  fakeServer(world(), boardSaying(true));
  renderAt('/labels');
  expect(await openLabelAndFunnelForms()).toEqual({ label: true, funnel: true });
});

test("sharing is the server's to allow: not offered to an admin it refuses", async () => {
  fakeServer(world(), boardSaying(false));
  renderAt('/labels');
  expect(await openLabelAndFunnelForms()).toEqual({ label: false, funnel: false });
});

test('sharing is never offered in the personal workspace', async () => {
  signIn(null, 1);
  const calls = fakeServer(world(), boardSaying(true));
  renderAt('/labels');
  expect(await openLabelAndFunnelForms()).toEqual({ label: false, funnel: false });
  expect(calls.find((c) => c.url.pathname === '/api/manage/labels')!.url.search).toBe('');
});
