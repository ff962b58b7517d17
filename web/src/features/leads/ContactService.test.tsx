// A contact's tickets and logged calls in its drawer against a fake server: none of either said so
// (each read for exactly the organisation and contact), a new ticket (a blank name said first,
// exactly its fields sent, listed first), a refused field said under it, a status changed from the
// list, a ticket removed after a confirmation, the HubSpot marker; a call logged with exactly its
// length in seconds (listed as m:ss, an hour and more as h:mm:ss), a changed time sent in UTC,
// a wrong length or a time to come said before sending, a refused length said under it, a call
// removed; and a failed read said with its retry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, invalid, setupSuite } from '@/testing/harness';
import { callLog, ORG, renderLeads, serviceCalls, serviceServer, signedIn, ticket } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

/** /leads with contact 1's drawer open: its Tickets and Calls sections. */
async function openDrawer() {
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog', { name: 'Rhea Kapoor' });
  return {
    tickets: within(await within(drawer).findByTestId('contact-tickets')),
    calls: within(await within(drawer).findByTestId('contact-calls')),
  };
}

/** The texts that describe a field (its error among them). */
const describedBy = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

test('a contact without tickets or calls says so, each read for exactly the organisation and contact', async () => {
  signedIn();
  const requests = serviceServer();
  const { tickets, calls } = await openDrawer();
  expect(tickets.getByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
  expect(await tickets.findByText('No tickets yet')).toBeInTheDocument();
  expect(calls.getByRole('heading', { name: 'Calls' })).toBeInTheDocument();
  expect(await calls.findByText('No calls logged yet')).toBeInTheDocument();
  for (const path of [/^\/api\/tickets$/, /^\/api\/calls$/]) {
    const reads = serviceCalls(requests, 'GET', path);
    expect(reads).toHaveLength(1);
    expect(Object.fromEntries(reads[0]!.url.searchParams)).toEqual({ org_id: String(ORG), contact_id: '1' });
  }
});

test('a new ticket: a blank name is said first, then exactly its fields are sent and it is listed first', async () => {
  signedIn();
  const requests = serviceServer({ tickets: [ticket({})] });
  const { tickets } = await openDrawer();
  await waitFor(() => expect(tickets.getAllByTestId('contact-ticket')).toHaveLength(1));

  fireEvent.click(tickets.getByRole('button', { name: 'New ticket' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New ticket' }));
  expect(dialog.getByLabelText('Status')).toHaveValue('new');
  expect(dialog.getByLabelText('Type')).toHaveValue('');
  fireEvent.click(dialog.getByRole('button', { name: 'Create ticket' }));
  await waitFor(() => expect(describedBy(dialog.getByLabelText(/^Name/))).toContain('Give the ticket a name.'));
  expect(serviceCalls(requests, 'POST', /^\/api\/tickets$/)).toHaveLength(0);

  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: ' Invoice sent twice ' } });
  fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'waiting_on_us' } });
  fireEvent.change(dialog.getByLabelText('Type'), { target: { value: 'billing_issue' } });
  fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'Charged on the 1st and the 3rd.' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Create ticket' }));
  expect(await screen.findByText('Ticket created')).toBeInTheDocument();
  const posts = serviceCalls(requests, 'POST', /^\/api\/tickets$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({
    org_id: ORG,
    contact_id: 1,
    name: 'Invoice sent twice',
    status: 'waiting_on_us',
    ticket_type: 'billing_issue',
    description: 'Charged on the 1st and the 3rd.',
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New ticket' })).toBeNull());
  const [made, old] = tickets.getAllByTestId('contact-ticket');
  expect(made).toHaveTextContent('Invoice sent twice');
  expect(within(made!).getByTestId('ticket-status')).toHaveTextContent('Waiting on us');
  expect(made).toHaveTextContent('Billing issue');
  expect(made).toHaveTextContent('Charged on the 1st and the 3rd.');
  expect(old).toHaveTextContent('Printer jam');
  expect(old).toHaveTextContent('Product issue');
  expect(tickets.queryByText('No tickets yet')).toBeNull();
});

test('the fields the server refuses are said under each, and the form stays open', async () => {
  signedIn();
  const requests = serviceServer({
    extra: (c) =>
      c.method === 'POST' && c.url.pathname === '/api/tickets'
        ? { status: 422, body: errorBody('validation_failed', { name: 'value_invalid', ticket_type: 'value_invalid' }) }
        : undefined,
  });
  const { tickets } = await openDrawer();
  fireEvent.click(await tickets.findByRole('button', { name: 'New ticket' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New ticket' }));
  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Broken' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Create ticket' }));
  await waitFor(() => expect(describedBy(dialog.getByLabelText(/^Name/))).toContain('Use one line of at most 200 characters.'));
  expect(dialog.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  expect(describedBy(dialog.getByLabelText('Type'))).toContain('Choose one of the options.');
  expect(serviceCalls(requests, 'POST', /^\/api\/tickets$/)).toHaveLength(1);
  expect(screen.queryByText('Ticket created')).toBeNull();
  expect(await tickets.findByText('No tickets yet')).toBeInTheDocument();
});

test("a ticket's status is changed from the list: exactly the status sent, the answer shown", async () => {
  signedIn();
  const requests = serviceServer({ tickets: [ticket({ crm_provider: 'hubspot' }), ticket({ id: 302, name: 'Login loop', ticket_type: null })] });
  const { tickets } = await openDrawer();
  await waitFor(() => expect(tickets.getAllByTestId('contact-ticket')).toHaveLength(2));
  const [jam, loop] = tickets.getAllByTestId('contact-ticket');
  // Written to HubSpot: marked so; the other not.
  expect(within(jam!).getByTestId('crm-marker')).toHaveTextContent('In HubSpot');
  expect(within(loop!).queryByTestId('crm-marker')).toBeNull();
  expect(within(jam!).getByTestId('ticket-times')).toHaveTextContent(/^Opened .*2026.* · Updated .*2026/);

  fireEvent.change(tickets.getByLabelText('Status of Login loop'), { target: { value: 'closed' } });
  expect(await screen.findByText('Login loop moved to Closed')).toBeInTheDocument();
  const patches = serviceCalls(requests, 'PATCH', /^\/api\/tickets\/302$/);
  expect(patches).toHaveLength(1);
  expect(patches[0]!.url.search).toBe('');
  expect(patches[0]!.body).toEqual({ org_id: ORG, status: 'closed' });
  // The changed ticket goes first, as the server orders them, closed.
  await waitFor(() => expect(tickets.getAllByTestId('contact-ticket')[0]).toHaveTextContent('Login loop'));
  const closed = tickets.getAllByTestId('contact-ticket')[0]!;
  expect(within(closed).getByTestId('ticket-status')).toHaveTextContent('Closed');
  expect(within(closed).getByTestId('ticket-times')).toHaveTextContent(/ · Closed .*2026/);
  expect(tickets.getByLabelText('Status of Login loop')).toHaveValue('closed');
});

test('a ticket is deleted only after a confirmation', async () => {
  signedIn();
  const requests = serviceServer({ tickets: [ticket({})] });
  const { tickets } = await openDrawer();
  fireEvent.click(await tickets.findByRole('button', { name: 'Delete Printer jam' }));
  const confirm = tickets.getByRole('alertdialog', { name: 'Delete this ticket?' });
  expect(serviceCalls(requests, 'DELETE', /^\/api\/tickets\//)).toHaveLength(0);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(tickets.queryByRole('alertdialog')).toBeNull();

  fireEvent.click(tickets.getByRole('button', { name: 'Delete Printer jam' }));
  fireEvent.click(tickets.getByRole('button', { name: 'Delete it' }));
  expect(await screen.findByText('Ticket deleted')).toBeInTheDocument();
  const deletes = serviceCalls(requests, 'DELETE', /^\/api\/tickets\/301$/);
  expect(deletes).toHaveLength(1);
  expect(deletes[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(await tickets.findByText('No tickets yet')).toBeInTheDocument();
});

test('a failed read of the tickets is said, and Try again reads them again', async () => {
  signedIn();
  let reads = 0;
  const requests = serviceServer({
    tickets: [ticket({})],
    extra: (c) => (c.method === 'GET' && c.url.pathname === '/api/tickets' && ++reads === 1 ? { status: 500, body: errorBody('internal') } : undefined),
  });
  const { tickets, calls } = await openDrawer();
  expect(await tickets.findByText('The tickets could not be loaded')).toBeInTheDocument();
  // The calls are read on their own.
  expect(await calls.findByText('No calls logged yet')).toBeInTheDocument();
  fireEvent.click(tickets.getByRole('button', { name: 'Try again' }));
  expect(await tickets.findByTestId('contact-ticket')).toHaveTextContent('Printer jam');
  expect(tickets.queryByText('The tickets could not be loaded')).toBeNull();
  expect(serviceCalls(requests, 'GET', /^\/api\/tickets$/)).toHaveLength(2);
});

test('a call is logged with exactly its length in seconds, and listed as m:ss beside an h:mm:ss one', async () => {
  signedIn();
  const requests = serviceServer({ calls: [callLog({ crm_provider: 'hubspot', description: 'Went through the order' })] });
  const { calls } = await openDrawer();
  const long = await calls.findByTestId('contact-call');
  expect(within(long).getByTestId('call-duration')).toHaveTextContent('1:02:03');
  expect(long).toHaveTextContent('Connected');
  expect(long).toHaveTextContent('Went through the order');
  expect(within(long).getByTestId('crm-marker')).toHaveTextContent('In HubSpot');

  fireEvent.click(calls.getByRole('button', { name: 'Log call' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Log a call' }));
  expect(dialog.getByLabelText('Outcome')).toHaveValue('connected');
  // When: now, to the minute.
  expect((dialog.getByLabelText('When') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  fireEvent.change(dialog.getByLabelText('Outcome'), { target: { value: 'left_voicemail' } });
  fireEvent.change(dialog.getByLabelText('Minutes'), { target: { value: '4' } });
  fireEvent.change(dialog.getByLabelText('Seconds'), { target: { value: '5' } });
  fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'Asked for a call back' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save call' }));
  expect(await screen.findByText('Call logged')).toBeInTheDocument();
  const posts = serviceCalls(requests, 'POST', /^\/api\/calls$/);
  expect(posts).toHaveLength(1);
  // The time left as it opened is not sent: the server takes the moment it is logged.
  expect(posts[0]!.body).toEqual({ org_id: ORG, contact_id: 1, outcome: 'left_voicemail', duration_secs: 245, description: 'Asked for a call back' });

  await waitFor(() => expect(calls.getAllByTestId('contact-call')).toHaveLength(2));
  const logged = calls.getAllByTestId('contact-call')[0]!;
  expect(within(logged).getByTestId('call-duration')).toHaveTextContent(/^4:05$/);
  expect(logged).toHaveTextContent('Left voicemail');
  expect(logged).toHaveTextContent('Asked for a call back');
  expect(within(logged).queryByTestId('crm-marker')).toBeNull();
});

test("a call's length and time are checked before sending; a changed time is sent in UTC; a refused length is said", async () => {
  signedIn();
  let refuse = true;
  const requests = serviceServer({
    extra: (c) => (c.method === 'POST' && c.url.pathname === '/api/calls' && refuse ? invalid('duration_secs', 'value_invalid') : undefined),
  });
  const { calls } = await openDrawer();
  expect(await calls.findByText('No calls logged yet')).toBeInTheDocument();
  fireEvent.click(calls.getByRole('button', { name: 'Log call' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Log a call' }));
  const lengthError = 'Enter whole minutes and 0 to 59 seconds, at most 24 hours in all.';
  const whenError = "Enter the date and time of the call; it can't be in the future.";

  fireEvent.change(dialog.getByLabelText('Minutes'), { target: { value: '2' } });
  fireEvent.change(dialog.getByLabelText('Seconds'), { target: { value: '75' } });
  fireEvent.change(dialog.getByLabelText('When'), { target: { value: '2099-01-01T10:00' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save call' }));
  expect(await dialog.findByText(lengthError)).toBeInTheDocument();
  expect(describedBy(dialog.getByLabelText('When'))).toContain(whenError);
  expect(serviceCalls(requests, 'POST', /^\/api\/calls$/)).toHaveLength(0);

  fireEvent.change(dialog.getByLabelText('Seconds'), { target: { value: '15' } });
  fireEvent.change(dialog.getByLabelText('When'), { target: { value: '2024-05-06T09:30' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save call' }));
  await waitFor(() => expect(serviceCalls(requests, 'POST', /^\/api\/calls$/)).toHaveLength(1));
  expect(serviceCalls(requests, 'POST', /^\/api\/calls$/)[0]!.body).toEqual({
    org_id: ORG,
    contact_id: 1,
    outcome: 'connected',
    duration_secs: 135,
    called_at: new Date(2024, 4, 6, 9, 30).toISOString(),
  });
  // The server's refusal of the length, under it.
  expect(await dialog.findByText(lengthError)).toBeInTheDocument();
  expect(dialog.queryByText(whenError)).toBeNull();
  expect(screen.queryByText('Call logged')).toBeNull();

  refuse = false;
  fireEvent.click(dialog.getByRole('button', { name: 'Save call' }));
  expect(await screen.findByText('Call logged')).toBeInTheDocument();
  expect(await calls.findByTestId('contact-call')).toHaveTextContent('2:15');
});

test('a call is deleted only after a confirmation', async () => {
  signedIn();
  const requests = serviceServer({ calls: [callLog({})] });
  const { calls } = await openDrawer();
  fireEvent.click(await calls.findByRole('button', { name: /^Delete the call of / }));
  expect(serviceCalls(requests, 'DELETE', /^\/api\/calls\//)).toHaveLength(0);
  fireEvent.click(within(calls.getByRole('alertdialog', { name: 'Delete this call?' })).getByRole('button', { name: 'Delete it' }));
  expect(await screen.findByText('Call deleted')).toBeInTheDocument();
  const deletes = serviceCalls(requests, 'DELETE', /^\/api\/calls\/401$/);
  expect(deletes).toHaveLength(1);
  expect(deletes[0]!.url.search).toBe(`?org_id=${ORG}`);
  expect(await calls.findByText('No calls logged yet')).toBeInTheDocument();
});
