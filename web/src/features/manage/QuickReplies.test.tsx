// The Quick Replies tab against a fake server: the list (team or 'Only me', attachment, sent
// count), the plan's 'used/limit', the Free signature note and the upgrade prompt (full plan
// and 402); the form's messages from the `quick_reply` rule before sending and from the
// server's 422, the Insert variable menu and the live preview, the team choice for those who
// may edit team tools, attachments refused in the browser or uploaded with a progress bar,
// delete with a confirmation, and the admins' team tools access.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { errorBody, fakeServer, gate, holdUploads, invalid, ORG, renderAt, reply, sales, signIn, world, type Call, setupManageSuite } from './testing';

setupManageSuite();


const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/manage/quick-replies');
const dialog = () => within(screen.getByRole('dialog'));

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'New quick reply' }));
  return dialog();
}

function fill(form: ReturnType<typeof dialog>, name: string, message: string) {
  fireEvent.change(form.getByRole('textbox', { name: /^Name/ }), { target: { value: name } });
  fireEvent.change(form.getByRole('textbox', { name: 'Message' }), { target: { value: message } });
}

test('lists quick replies with their team or "Only me", attachment and sent count', async () => {
  fakeServer(
    world({
      replies: {
        items: [
          reply({ id: 1, name: 'Greeting', message: 'Hello {{first_name}}!', sent_count: 12 }),
          reply({
            id: 2,
            name: 'Price list',
            message: 'Our prices',
            team_id: sales.id,
            attachment: { name: 'prices.pdf', size_bytes: 2048, content_type: 'application/pdf', url: '/api/manage/quick-replies/2/attachment' },
          }),
        ],
        limit: null,
        used: 2,
        signature: null,
      },
    }),
  );
  renderAt('/quick-replies');
  expect(await screen.findByRole('heading', { level: 1, name: 'Manage Tools' })).toBeInTheDocument();
  expect(await screen.findByRole('tab', { name: 'Quick Replies', selected: true })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('reply-row');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Greeting');
  expect(rows[0]).toHaveTextContent('Only me');
  expect(rows[0]).toHaveTextContent('12');
  await waitFor(() => expect(rows[1]).toHaveTextContent('Team: Sales'));
  expect(within(rows[1]!).getByRole('link', { name: 'Download prices.pdf' })).toHaveAttribute('href', '/api/manage/quick-replies/2/attachment');
  expect(screen.queryByTestId('plan-usage')).toBeNull();
});

test('an empty list says so, and its first quick reply opens the form', async () => {
  fakeServer();
  renderAt('/quick-replies');
  const empty = await screen.findByTestId('replies-empty');
  expect(empty).toHaveTextContent('No quick replies yet');
  expect(empty).toHaveTextContent('send one from WhatsApp Web in a click');
  fireEvent.click(within(empty).getByRole('button', { name: 'Add your first quick reply' }));
  expect(await screen.findByRole('dialog', { name: 'New quick reply' })).toBeInTheDocument();
});

test('no empty state while the list is loading, only the loader', async () => {
  const slow = gate();
  fakeServer(world(), async (c) => {
    if (c.method !== 'GET' || c.url.pathname !== '/api/manage/quick-replies') return undefined;
    await slow.wait;
    return undefined;
  });
  renderAt('/quick-replies');
  expect(await screen.findByTestId('manage-loading')).toBeInTheDocument();
  expect(screen.queryByTestId('replies-empty')).toBeNull();
  act(() => slow.open());
  expect(await screen.findByTestId('replies-empty')).toBeInTheDocument();
  expect(screen.queryByTestId('manage-loading')).toBeNull();
});

test('a failed load shows the error with Retry, which loads again', async () => {
  let fail = true;
  fakeServer(world(), (c) => (c.url.pathname === '/api/manage/quick-replies' && fail ? { status: 500, body: errorBody('internal') } : undefined));
  renderAt('/quick-replies');
  const error = await screen.findByTestId('manage-load-error');
  expect(error).toHaveTextContent('This could not be loaded.');
  fail = false;
  fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('replies-empty')).toBeInTheDocument();
});

test('on Free: "used/limit", the signature note, and the upgrade prompt once the plan is full', async () => {
  signIn(1, 1);
  fakeServer(
    world({
      replies: { items: [1, 2, 3, 4, 5].map((id) => reply({ id, name: `Reply ${id}` })), limit: 5, used: 5, signature: 'Sent with Switchboard' },
    }),
  );
  renderAt('/quick-replies');
  expect(await screen.findByTestId('plan-usage')).toHaveTextContent('5/5 used');
  expect(screen.getByTestId('signature-note')).toHaveTextContent('On the Free plan, this signature is added to every message you send: Sent with Switchboard');
  fireEvent.click(screen.getByRole('button', { name: 'New quick reply' }));
  const prompt = await screen.findByTestId('upgrade-prompt');
  expect(prompt).toHaveTextContent('You have used all the quick replies of your plan.');
  expect(within(prompt).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/settings/billing');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a 402 from the server shows the upgrade prompt in the form', async () => {
  fakeServer(world(), (c) =>
    posts([c]).length ? { status: 402, body: errorBody('plan_limit_reached', { plan: 'quick_replies' }) } : undefined,
  );
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, 'Thanks', 'Thank you!');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  const prompt = await screen.findByTestId('upgrade-prompt');
  expect(prompt).toHaveTextContent("Your plan's limit is reached. Upgrade to add more.");
  expect(within(prompt).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/settings/billing');
});

test('the quick_reply rule refuses an empty name and an empty message before anything is sent', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByText('Give the quick reply a name of 1 to 60 characters')).toBeInTheDocument();
  fill(form, 'Greeting', '   ');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByText('Write a message of 1 to 4096 characters, or attach a file')).toBeInTheDocument();
  expect(form.queryByText('Give the quick reply a name of 1 to 60 characters')).toBeNull();
  expect(posts(calls)).toHaveLength(0);
});

test('a name error names the limit and goes as soon as the name is fixed, without sending again (issue #25)', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, 'x'.repeat(300), 'Hello');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByText('Give the quick reply a name of 1 to 60 characters')).toBeInTheDocument();
  fireEvent.change(form.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Greeting' } });
  await waitFor(() => expect(form.queryByText('Give the quick reply a name of 1 to 60 characters')).toBeNull());
  // Emptying the message now shows its own problem at once, the name staying quiet.
  fireEvent.change(form.getByRole('textbox', { name: 'Message' }), { target: { value: ' ' } });
  expect(form.queryByText('Write a message of 1 to 4096 characters, or attach a file')).toBeNull();
  expect(posts(calls)).toHaveLength(0);
});

test("the server's 422 lands on its field with the same texts", async () => {
  let field = 'name';
  fakeServer(world(), (c) =>
    posts([c]).length ? invalid(field, field === 'name' ? 'quick_reply_name_invalid' : 'quick_reply_message_invalid') : undefined,
  );
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, 'Greeting', 'Hello');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByText('Give the quick reply a name of 1 to 60 characters')).toBeInTheDocument();
  field = 'message';
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByText('Write a message of 1 to 4096 characters, or attach a file')).toBeInTheDocument();
});

test('Insert variable puts {{first_name}} in the message; the preview fills it for the sample contact; Create saves it with a toast', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, ' Greeting ', 'Hello ');
  expect(form.getByTestId('reply-preview')).toHaveTextContent('Hello');
  fireEvent.click(form.getByRole('button', { name: 'Insert variable' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /First name/ }));
  const message = form.getByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(message).toHaveValue('Hello {{first_name}}'));
  await waitFor(() => expect(form.getByTestId('reply-preview')).toHaveTextContent('Hello Priya'));
  fireEvent.change(message, { target: { value: 'Hello {{first_name}}, I am {{my_name}} {{frist}}' } });
  await waitFor(() => expect(form.getByTestId('reply-preview')).toHaveTextContent('Hello Priya, I am Asha Rao {{frist}}'));
  expect(form.getByTestId('unknown-variables')).toHaveTextContent('{{frist}}');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Quick Reply created')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posts(calls)[0]!.body).toEqual({ org_id: ORG, name: 'Greeting', message: 'Hello {{first_name}}, I am {{my_name}} {{frist}}', team_id: null, has_attachment: false });
  expect(await screen.findByTestId('reply-row')).toHaveTextContent('Greeting');
});

test('an admin may write for a team of the organisation', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  const forSelect = await form.findByRole('combobox', { name: 'For' });
  fireEvent.change(forSelect, { target: { value: String(sales.id) } });
  fill(form, 'Team hello', 'Hi team');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  await screen.findByText('Quick Reply created');
  expect(posts(calls)[0]!.body).toMatchObject({ team_id: sales.id });
});

test('an employee is not offered the team choice', async () => {
  signIn(3);
  fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(form.queryByRole('combobox', { name: 'For' })).toBeNull();
});

test('a manager is offered the team choice only when the organisation lets managers edit team tools', async () => {
  signIn(2);
  fakeServer(world({ editors: 'admins_and_managers' }));
  renderAt('/quick-replies');
  const form = await openForm();
  expect(await form.findByRole('combobox', { name: 'For' })).toBeInTheDocument();
});

test('an attachment over 16 MB is refused in the browser and never sent', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const form = await openForm();
  const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
  Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 });
  fireEvent.change(form.getByTestId('reply-attachment-input'), { target: { files: [big] } });
  expect(await form.findByTestId('attachment-error')).toHaveTextContent('Files can be at most 16 MB');
  expect(form.queryByTestId('chosen-attachment')).toBeNull();
  expect(calls.filter((c) => c.url.pathname.endsWith('/attachment'))).toHaveLength(0);
});

test('an attachment is uploaded after the quick reply is created, with a progress bar', async () => {
  const calls = fakeServer();
  const gates = holdUploads();
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, 'Brochure', 'Here is our brochure, {{first_name}}');
  const pdf = new File(['%PDF-1.4 brochure'], 'brochure.pdf', { type: 'application/pdf' });
  fireEvent.change(form.getByTestId('reply-attachment-input'), { target: { files: [pdf] } });
  expect(form.getByTestId('chosen-attachment')).toHaveTextContent('brochure.pdf');
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  const bar = await form.findByRole('progressbar', { name: 'Uploading brochure.pdf' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
  expect(screen.getByText('Quick Reply created')).toBeInTheDocument();
  act(() => gates.sent.open());
  act(() => gates.answered.open());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const upload = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/manage/quick-replies/100/attachment')!;
  expect(upload.url.searchParams.get('name')).toBe('brochure.pdf');
  expect(upload.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(upload.body).toBe(pdf);
  expect(await screen.findByRole('link', { name: 'Download brochure.pdf' })).toBeInTheDocument();
});

test("the server's refusal of an upload is shown on the attachment, the quick reply kept for editing", async () => {
  fakeServer(world(), (c) => (c.url.pathname.endsWith('/attachment') ? invalid('file', 'attachment_too_large') : undefined));
  renderAt('/quick-replies');
  const form = await openForm();
  fill(form, 'Brochure', 'Here');
  fireEvent.change(form.getByTestId('reply-attachment-input'), { target: { files: [new File(['x'], 'a.pdf')] } });
  fireEvent.click(form.getByRole('button', { name: 'Create' }));
  expect(await form.findByTestId('attachment-error')).toHaveTextContent('Files can be at most 16 MB');
  expect(form.getByRole('button', { name: 'Save' })).toBeInTheDocument();
});

test('editing saves with "Changes saved successfully"; deleting asks first, then "Quick Reply deleted"', async () => {
  const calls = fakeServer(world({ replies: { items: [reply({ id: 1, name: 'Greeting' })], limit: null, used: 1, signature: null } }));
  renderAt('/quick-replies');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Greeting' }));
  const form = dialog();
  fireEvent.change(form.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Welcome' } });
  fireEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe('/api/manage/quick-replies/1');
  await waitFor(() => expect(screen.getByTestId('reply-row')).toHaveTextContent('Welcome'));

  fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete quick reply' });
  expect(confirm).toHaveTextContent('Delete the quick reply “Welcome”?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Quick Reply deleted')).toBeInTheDocument();
  expect(await screen.findByTestId('replies-empty')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'DELETE' && c.url.search === `?org_id=${ORG}`)).toBe(true);
});

test('Teams admins choose who may edit team labels and quick replies', async () => {
  const calls = fakeServer();
  renderAt('/quick-replies');
  const select = await screen.findByRole('combobox', { name: 'Who may edit team labels and quick replies' });
  await waitFor(() => expect(select).toHaveValue('admins'));
  fireEvent.change(select, { target: { value: 'admins_and_managers' } });
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ org_id: ORG, editors: 'admins_and_managers' });
});

test('the access choice is not shown to managers (nor read for them), nor on a plan other than Teams', async () => {
  signIn(2);
  const calls = fakeServer();
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  expect(screen.queryByRole('combobox', { name: 'Who may edit team labels and quick replies' })).toBeNull();
  expect(calls.some((c) => c.url.pathname === '/api/manage/team-tools-access')).toBe(false);
});

test('the personal workspace names no organisation', async () => {
  signIn(null, 1);
  const calls = fakeServer();
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  const list = calls.find((c) => c.url.pathname === '/api/manage/quick-replies')!;
  expect(list.url.search).toBe('');
  expect(calls.some((c) => c.url.pathname === '/api/manage/team-tools-access')).toBe(false);
});

test('a manager is not offered the team choice while only admins may edit team tools', async () => {
  signIn(2);
  fakeServer(world({ editors: 'admins' }));
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  const form = await openForm();
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(form.queryByRole('combobox', { name: 'For' })).toBeNull();
});

const listSaying = (flag: boolean) => (c: Call) =>
  c.method === 'GET' && c.url.pathname === '/api/manage/quick-replies'
    ? { body: { items: [], limit: null, used: 0, signature: null, may_edit_team_tools: flag } }
    : undefined;

test("the team choice is the server's to allow: an admin it refuses is not offered it", async () => {
  fakeServer(world(), listSaying(false));
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  const form = await openForm();
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(form.queryByRole('combobox', { name: 'For' })).toBeNull();
});

test('the team choice needs the organisation\'s teams, whatever the server allows', async () => {
  fakeServer(world(), (c) => (c.url.pathname === '/api/v1/whatzapp/teams' ? { body: { result: true, data: [] } } : undefined));
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  const form = await openForm();
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(form.queryByRole('combobox', { name: 'For' })).toBeNull();
});

test('an employee the server lets edit team tools is offered the team choice', async () => {
  signIn(3);
  fakeServer(world(), listSaying(true));
  renderAt('/quick-replies');
  await screen.findByTestId('replies-empty');
  const form = await openForm();
  expect(await form.findByRole('combobox', { name: 'For' })).toBeInTheDocument();
});
