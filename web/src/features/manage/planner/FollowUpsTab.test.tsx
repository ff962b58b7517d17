// The follow-ups tab against a fake server and the real manage rules, at a pinned clock (noon in
// Asia/Kolkata on 1 January 2030, so "3 hours ago" never reads "yesterday"): the three tabs and
// their counts, an entry's due time in its zone and relative to now, its priority, amount,
// contact and recurrence; the rule's and the server's refusals on their fields ('Please enter a
// title', 'Time has already passed'); creating, editing, ticking (a recurring one comes round
// again), marking all complete, deleting after confirming; an upcoming one turning pending on an
// open screen; the notification switches.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import FollowUpsTab from './FollowUpsTab';
import { callsTo, errorBody, fakeServer, followUp, ORG, renderTab, type FakeState, NOW, setupPlannerSuite } from './testing';

setupPlannerSuite();

const ana = followUp({
  id: 1,
  title: 'Call Ana about the invoice',
  due_at: '2030-01-01T03:30:00Z',
  due_local: '2030-01-01T09:00',
  priority: 'high',
  amount: '1500',
  contact: '+919812345678',
  recurrence: 'weekly',
  notes: 'She asked for the GST number.',
});
const quote = followUp({ id: 2, title: 'Send the quote', due_at: '2030-01-03T04:30:00Z', due_local: '2030-01-03T10:00', priority: 'low' });
const done = followUp({ id: 3, title: 'Thank Ravi', completed_at: '2029-12-31T06:30:00Z' });

const board = () => ({ followUps: [structuredClone(ana), structuredClone(quote), structuredClone(done)] });

function show(server: FakeState) {
  renderTab(<FollowUpsTab orgId={ORG} />);
  return server;
}

const count = (tab: string) => screen.getByTestId(`count-${tab}`);
const tabNamed = (name: RegExp) => screen.getByRole('tab', { name });
const item = (title: string) => {
  const el = screen.getAllByTestId('follow-up').find((e) => within(e).getByTestId('follow-up-title').textContent === title);
  if (!el) throw new Error(`no follow-up ${title}`);
  return within(el);
};
const form = () => within(screen.getByRole('form'));
const field = (label: string) => form().getByLabelText(label);

async function openNew() {
  fireEvent.click(screen.getByRole('button', { name: 'New follow-up' }));
  await screen.findByRole('form', { name: 'New follow-up' });
}

test('the board: Pending, Upcoming and Completed with their counts; an entry with its time in its zone, priority, amount, contact and recurrence', async () => {
  show(fakeServer(board()));
  expect(await screen.findByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  expect(count('pending')).toHaveTextContent('1');
  expect(count('upcoming')).toHaveTextContent('1');
  expect(count('completed')).toHaveTextContent('1');
  const a = item('Call Ana about the invoice');
  expect(a.getByTestId('follow-up-due')).toHaveTextContent('Jan 1, 2030, 9:00 AM (Asia/Kolkata) · 3 hours ago');
  expect(a.getByTestId('priority')).toHaveTextContent('High');
  expect(a.getByTestId('follow-up-amount')).toHaveTextContent('Amount: 1500');
  expect(a.getByTestId('follow-up-contact')).toHaveTextContent('Contact: +919812345678');
  expect(a.getByTestId('follow-up-recurrence')).toHaveTextContent('Weekly');
  expect(a.getByText('She asked for the GST number.')).toBeInTheDocument();
  expect(a.getByText('Overdue')).toBeInTheDocument();

  fireEvent.click(tabNamed(/Upcoming/));
  const q = item('Send the quote');
  expect(q.getByTestId('follow-up-due')).toHaveTextContent('Jan 3, 2030, 10:00 AM (Asia/Kolkata) · in 2 days');
  expect(q.getByTestId('priority')).toHaveTextContent('Low');

  fireEvent.click(tabNamed(/Completed/));
  expect(item('Thank Ravi').getByTestId('follow-up-completed')).toHaveTextContent('Completed yesterday');
});

test('no follow-up at all says so in every tab and offers the first one; a failed load offers Retry', async () => {
  let fail = true;
  show(fakeServer({}, (c) => (c.url.pathname === '/api/manage/follow-ups' && fail ? { status: 500, body: errorBody('internal') } : undefined)));
  fireEvent.click(within(await screen.findByTestId('load-failed')).getByRole('button', { name: 'Retry' }));
  expect(screen.queryByTestId('empty-pending')).toBeNull();
  fail = false;
  fireEvent.click(within(await screen.findByTestId('load-failed')).getByRole('button', { name: 'Retry' }));
  const pending = await screen.findByTestId('empty-pending');
  expect(pending).toHaveTextContent('No follow-ups yet');
  expect(pending).toHaveTextContent('to be reminded to get back to a contact');
  expect(screen.queryByRole('button', { name: 'Mark all complete' })).toBeNull();
  fireEvent.click(tabNamed(/Completed/));
  const completed = await screen.findByTestId('empty-completed');
  expect(completed).toHaveTextContent('No follow-ups yet');
  fireEvent.click(within(completed).getByRole('button', { name: 'Add your first follow-up' }));
  expect(await screen.findByRole('form', { name: 'New follow-up' })).toBeInTheDocument();
});

test('an empty tab of a board with follow-ups elsewhere says what shows there, with no first-one button', async () => {
  show(fakeServer({ followUps: [structuredClone(done)] }));
  expect(await screen.findByTestId('empty-pending')).toHaveTextContent('Nothing is due. Follow-ups show here once their time has come.');
  expect(screen.queryByRole('button', { name: 'Add your first follow-up' })).toBeNull();
  fireEvent.click(tabNamed(/Upcoming/));
  expect(await screen.findByTestId('empty-upcoming')).toHaveTextContent('No upcoming follow-ups.');
  fireEvent.click(tabNamed(/Completed/));
  expect(item('Thank Ravi').getByTestId('follow-up-title')).toHaveTextContent('Thank Ravi');
});

test("the follow_up rule refuses before sending: 'Please enter a title', 'Time has already passed', an invalid amount", async () => {
  const server = show(fakeServer());
  await screen.findByTestId('empty-pending');
  await openNew();
  expect(field('Date and time')).toHaveValue('2030-01-01T13:00');
  expect(form().getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Please enter a title')).toBeInTheDocument();

  fireEvent.change(field('Title'), { target: { value: 'Call Ana' } });
  expect(form().queryByText('Please enter a title')).toBeNull();
  fireEvent.change(field('Date and time'), { target: { value: '2030-01-01T11:59' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Time has already passed')).toBeInTheDocument();

  fireEvent.change(field('Date and time'), { target: { value: '2030-01-02T10:00' } });
  fireEvent.change(field('Amount (optional)'), { target: { value: 'lots' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('This amount is not valid')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups', 'POST')).toHaveLength(0);
});

test("the server's 422 field errors show on their fields: 'Please enter a title', 'Time has already passed'", async () => {
  const refusals = [
    errorBody('validation_failed', { title: 'title_required' }),
    errorBody('validation_failed', { due: 'time_has_passed' }),
  ];
  let n = 0;
  show(
    fakeServer({}, (c) =>
      c.url.pathname === '/api/manage/follow-ups' && c.method === 'POST' ? { status: 422, body: refusals[n++] } : undefined,
    ),
  );
  await screen.findByTestId('empty-pending');
  await openNew();
  fireEvent.change(field('Title'), { target: { value: 'Call Ana' } });
  fireEvent.change(field('Date and time'), { target: { value: '2030-01-02T10:00' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Please enter a title')).toBeInTheDocument();
  expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Time has already passed')).toBeInTheDocument();
  expect(field('Date and time')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Followup created successfully')).toBeNull();
});

test("creating sends the form in the chosen zone, says 'Followup created successfully' and shows it under Upcoming", async () => {
  const server = show(fakeServer());
  await screen.findByTestId('empty-pending');
  await openNew();
  fireEvent.change(field('Title'), { target: { value: '  Call Ana  ' } });
  fireEvent.change(field('Date and time'), { target: { value: '2030-01-02T10:00' } });
  fireEvent.change(field('Notes'), { target: { value: 'About the invoice' } });
  fireEvent.change(field('Priority'), { target: { value: 'very_high' } });
  fireEvent.change(field('Amount (optional)'), { target: { value: '1500.50' } });
  fireEvent.change(field('Repeat'), { target: { value: 'monthly' } });
  fireEvent.change(field('Comment (optional)'), { target: { value: ' Prefers mornings ' } });
  fireEvent.change(field('Email (optional)'), { target: { value: 'ana@example.com' } });
  fireEvent.change(field('Notify me before'), { target: { value: '2' } });
  fireEvent.change(field('Unit'), { target: { value: 'hours' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await screen.findByText('Followup created successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups', 'POST')[0]!.body).toEqual({
    org_id: ORG,
    title: 'Call Ana',
    notes: 'About the invoice',
    contact: null,
    due: '2030-01-02T10:00',
    time_zone: 'Asia/Kolkata',
    priority: 'very_high',
    amount: '1500.50',
    recurrence: 'monthly',
    comment: 'Prefers mornings',
    email: 'ana@example.com',
    lead_minutes: 120,
  });
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  expect(tabNamed(/Upcoming/)).toHaveAttribute('aria-selected', 'true');
  expect(item('Call Ana').getByTestId('priority')).toHaveTextContent('Very high');
  expect(item('Call Ana').getByTestId('follow-up-lead')).toHaveTextContent('Notifies 2 hours before');
  expect(item('Call Ana').getByTestId('follow-up-email')).toHaveTextContent('Email: ana@example.com');
  expect(item('Call Ana').getByTestId('follow-up-comment')).toHaveTextContent('Comment: Prefers mornings');
  expect(count('upcoming')).toHaveTextContent('1');
});

test('a lead time that is not a whole number of units is refused on its field; an e-mail the server refuses lands on its field', async () => {
  const server = show(
    fakeServer({}, (c) =>
      c.url.pathname === '/api/manage/follow-ups' && c.method === 'POST' ? { status: 422, body: errorBody('validation_failed', { email: 'email_invalid' }) } : undefined,
    ),
  );
  await screen.findByTestId('empty-pending');
  await openNew();
  fireEvent.change(field('Title'), { target: { value: 'Call Ana' } });
  fireEvent.change(field('Notify me before'), { target: { value: '1.5' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Please enter valid value')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups', 'POST')).toHaveLength(0);
  fireEvent.change(field('Notify me before'), { target: { value: '30' } });
  fireEvent.change(field('Email (optional)'), { target: { value: 'ana@' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await form().findByText('Enter a valid email address')).toBeInTheDocument();
  expect(field('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(callsTo(server, '/api/manage/follow-ups', 'POST')[0]!.body).toMatchObject({ lead_minutes: 30, email: 'ana@' });
});

test("a failed create says 'Failed to create followup' and keeps the form", async () => {
  show(fakeServer({}, (c) => (c.url.pathname === '/api/manage/follow-ups' && c.method === 'POST' ? { status: 500, body: errorBody('internal') } : undefined)));
  await screen.findByTestId('empty-pending');
  await openNew();
  fireEvent.change(field('Title'), { target: { value: 'Call Ana' } });
  fireEvent.click(form().getByRole('button', { name: 'Create follow-up' }));
  expect(await screen.findByText('Failed to create followup')).toBeInTheDocument();
  expect(field('Title')).toHaveValue('Call Ana');
});

test('ticking one completes it: it moves to Completed and the counts follow', async () => {
  const server = show(fakeServer({ followUps: [followUp({ id: 1, title: 'Call Ana' }), structuredClone(quote)] }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Mark “Call Ana” complete' }));
  expect(await screen.findByText('“Call Ana” is complete.')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/1/complete', 'POST')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
  await waitFor(() => expect(count('pending')).toHaveTextContent('0'));
  expect(count('completed')).toHaveTextContent('1');
  expect(screen.getByTestId('empty-pending')).toBeInTheDocument();
  expect(screen.queryByTestId('next-occurrence')).toBeNull();
  fireEvent.click(tabNamed(/Completed/));
  expect(item('Call Ana').getByTestId('follow-up-completed')).toHaveTextContent('Completed now');
  expect(item('Call Ana').getByRole('checkbox')).toBeChecked();
});

test('ticking a weekly one completes it and shows when it comes round again', async () => {
  show(fakeServer(board()));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Mark “Call Ana about the invoice” complete' }));
  expect(await screen.findByTestId('next-occurrence')).toHaveTextContent(
    '“Call Ana about the invoice” comes round again Jan 8, 2030, 9:00 AM (Asia/Kolkata) · in 7 days.',
  );
  expect(count('pending')).toHaveTextContent('0');
  expect(count('upcoming')).toHaveTextContent('2');
  expect(count('completed')).toHaveTextContent('2');
});

test('"Mark all complete" completes every pending one', async () => {
  const server = show(
    fakeServer({
      followUps: [followUp({ id: 1, title: 'Call Ana' }), followUp({ id: 4, title: 'Email Bo', due_at: '2030-01-01T05:00:00Z' }), structuredClone(quote)],
    }),
  );
  await screen.findByRole('checkbox', { name: 'Mark “Email Bo” complete' });
  expect(count('pending')).toHaveTextContent('2');
  fireEvent.click(screen.getByRole('button', { name: 'Mark all complete' }));
  expect(await screen.findByText('All pending follow-ups are complete.')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/complete-all', 'POST')).toHaveLength(1);
  expect(count('pending')).toHaveTextContent('0');
  expect(count('upcoming')).toHaveTextContent('1');
  expect(count('completed')).toHaveTextContent('2');
});

test("deleting asks first, then says 'Followup deleted'", async () => {
  const server = show(fakeServer(board()));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete “Call Ana about the invoice”' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this follow-up?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo(server, '/api/manage/follow-ups/1', 'DELETE')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Delete “Call Ana about the invoice”' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Followup deleted')).toBeInTheDocument();
  expect(count('pending')).toHaveTextContent('0');
  expect(callsTo(server, '/api/manage/follow-ups/1', 'DELETE')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
});

test("editing one whose time has passed keeps that time, and says 'Changes saved successfully'", async () => {
  const server = show(fakeServer(board()));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit “Call Ana about the invoice”' }));
  await screen.findByRole('form', { name: 'Edit follow-up' });
  expect(field('Title')).toHaveValue('Call Ana about the invoice');
  expect(field('Date and time')).toHaveValue('2030-01-01T09:00');
  expect(field('Priority')).toHaveValue('high');
  expect(field('Repeat')).toHaveValue('weekly');
  fireEvent.change(field('Title'), { target: { value: 'Call Ana (invoice 7)' } });
  fireEvent.click(form().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  const put = callsTo(server, '/api/manage/follow-ups/1', 'PUT')[0]!;
  expect(put.body).toMatchObject({ org_id: ORG, title: 'Call Ana (invoice 7)', due: '2030-01-01T09:00', time_zone: 'Asia/Kolkata' });
  expect(await screen.findByText('Call Ana (invoice 7)')).toBeInTheDocument();

  // Moving it to another past time is refused.
  fireEvent.click(screen.getByRole('button', { name: 'Edit “Call Ana (invoice 7)”' }));
  await screen.findByRole('form', { name: 'Edit follow-up' });
  fireEvent.change(field('Date and time'), { target: { value: '2030-01-01T10:00' } });
  fireEvent.click(form().getByRole('button', { name: 'Save' }));
  expect(await form().findByText('Time has already passed')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/1', 'PUT')).toHaveLength(1);
});

test('the notification switches save at once; sound is off while notifications are', async () => {
  const server = show(fakeServer({ notifications: { enabled: true, sound: true } }));
  const on = await screen.findByRole('switch', { name: 'Notify me when a follow-up is due' });
  const sound = screen.getByRole('switch', { name: 'Play a sound' });
  expect(on).toBeChecked();
  expect(sound).toBeChecked();
  fireEvent.click(sound);
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/notifications', 'PUT')[0]!.body).toEqual({ enabled: true, sound: false });
  await waitFor(() => expect(sound).not.toBeDisabled());
  fireEvent.click(on);
  await waitFor(() => expect(callsTo(server, '/api/manage/notifications', 'PUT')).toHaveLength(2));
  expect(callsTo(server, '/api/manage/notifications', 'PUT')[1]!.body).toEqual({ enabled: false, sound: false });
  await waitFor(() => expect(sound).toBeDisabled());
  expect(sound).not.toBeChecked();
});

test('a failed save of the switches puts them back', async () => {
  show(fakeServer({}, (c) => (c.url.pathname === '/api/manage/notifications' && c.method === 'PUT' ? { status: 500, body: errorBody('internal') } : undefined)));
  const on = await screen.findByRole('switch', { name: 'Notify me when a follow-up is due' });
  fireEvent.click(on);
  expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  await waitFor(() => expect(on).toBeChecked());
});

test('an upcoming follow-up moves to Pending once its time comes, on an open screen', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  const server = show(fakeServer({ followUps: [followUp({ id: 5, title: 'Call Bo', due_at: '2030-01-01T06:30:30Z' })] }));
  await waitFor(() => expect(screen.getByTestId('count-upcoming')).toHaveTextContent('1'));
  expect(count('pending')).toHaveTextContent('0');
  act(() => vi.advanceTimersByTime(60_000));
  await waitFor(() => expect(count('pending')).toHaveTextContent('1'));
  expect(count('upcoming')).toHaveTextContent('0');
  expect(callsTo(server, '/api/manage/follow-ups', 'GET')).toHaveLength(2);
});
