// The team inbox's Lead panel against a fake server: the chat's contact found by exactly its key
// (a partial match of the search is not it) and shown — name, number, stage, status, owner, the
// link to it in Leads, its deals, tickets and calls —; its stage changed (exactly the change
// sent); a ticket created from the panel (exactly its fields sent, listed); a number that is no
// contact said so and added with one click; a group chat's panel; a failed lookup with its retry.
// And /leads?contact=<id>, where the link leads, opening that contact's drawer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Contact } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, renderRoutes, setupSuite, type Call } from '@/testing/harness';
import { ChatLeadPanel } from './components/ChatLeadPanel';
import LeadsPage from './pages/LeadsPage';
import { contact, ORG, server, serviceCalls, serviceServer, signedIn, ticket } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const KEY = '919876543210';
/** A contact the search also finds for KEY, whose number only holds it. */
const longer = contact({ id: 2, contact: `${KEY}9`, phone: `+${KEY}9`, display_name: 'Someone Else', name: 'Someone Else' });

/** The contacts' changes as the server makes them: a PATCH of contact 1, a new contact. */
function contactChanges(kept: Contact[]) {
  return (c: Call) => {
    if (c.method === 'PATCH' && c.url.pathname === '/api/contacts/1') {
      const { org_id: _org, owner_id: _owner, ...change } = c.body as Partial<Contact>;
      kept[0] = { ...kept[0]!, ...change };
      return { body: kept[0] };
    }
    if (c.method === 'POST' && c.url.pathname === '/api/contacts') {
      const made = contact({ id: 3, contact: KEY, phone: `+${KEY}`, display_name: null, name: null, company: null, lifecycle_stage: null, lead_status: null, owner_id: null, source: 'member' });
      kept.push(made);
      return { status: 201, body: made };
    }
    return undefined;
  };
}

const renderPanel = (key = KEY) => renderRoutes([{ path: '*', element: <ChatLeadPanel orgId={ORG} contact={key} /> }], '/team-inbox');

const lookups = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/contacts');

test('the chat’s contact, found by exactly its key, with its stage, status, owner, link and records', async () => {
  signedIn();
  const requests = serviceServer({ contacts: [longer, contact({})], tickets: [ticket({})] });
  renderPanel();
  const lead = within(await screen.findByTestId('lead-contact'));
  expect(lead.getByRole('heading', { name: 'Rhea Kapoor' })).toBeInTheDocument();
  expect(lead.getByText('+919876543210')).toBeInTheDocument();
  expect(lead.getByTestId('lead-stage')).toHaveTextContent('Sales Qualified Lead');
  expect(lead.getByLabelText('Lifecycle stage')).toHaveValue('salesqualifiedlead');
  expect(lead.getByLabelText('Lead status')).toHaveValue('IN_PROGRESS');
  await waitFor(() => expect(lead.getByTestId('lead-owner')).toHaveTextContent('Owner: Priya Sharma'));
  expect(lead.getByRole('link', { name: 'Open in Leads' })).toHaveAttribute('href', '/leads?contact=1');
  expect(screen.queryByText('Someone Else')).toBeNull();

  const [read] = lookups(requests);
  expect(read!.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(read!.url.searchParams.get('q')).toBe(KEY);
  expect(await within(screen.getByTestId('contact-tickets')).findByTestId('contact-ticket')).toHaveTextContent('Printer jam');
  expect(await within(screen.getByTestId('contact-calls')).findByText('No calls logged yet')).toBeInTheDocument();
  expect(await within(screen.getByTestId('contact-deals')).findByText('No deals with this contact yet.')).toBeInTheDocument();
  // Each of the contact's records read for contact 1.
  for (const path of [/^\/api\/tickets$/, /^\/api\/calls$/, /^\/api\/deals$/]) {
    expect(serviceCalls(requests, 'GET', path).map((c) => c.url.searchParams.get('contact_id'))).toEqual(['1']);
  }
});

test('a stage changed in the panel sends exactly the change, and the panel shows the saved contact', async () => {
  signedIn();
  const kept = [contact({})];
  const requests = serviceServer({ contacts: kept, extra: contactChanges(kept) });
  renderPanel();
  const lead = within(await screen.findByTestId('lead-contact'));
  fireEvent.click(lead.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Nothing to save: no field changed.')).toBeInTheDocument();
  expect(serviceCalls(requests, 'PATCH', /^\/api\/contacts\//)).toHaveLength(0);

  fireEvent.change(lead.getByLabelText('Lifecycle stage'), { target: { value: 'customer' } });
  fireEvent.click(lead.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Contact successfully updated')).toBeInTheDocument();
  const patches = serviceCalls(requests, 'PATCH', /^\/api\/contacts\/1$/);
  expect(patches).toHaveLength(1);
  expect(patches[0]!.body).toEqual({ org_id: ORG, owner_id: null, lifecycle_stage: 'customer' });
  await waitFor(() => expect(lead.getByTestId('lead-stage')).toHaveTextContent('Customer'));
  expect(lead.getByLabelText('Lifecycle stage')).toHaveValue('customer');
  expect(lead.getByLabelText('Lead status')).toHaveValue('IN_PROGRESS');
});

test('a ticket created from the panel is sent with exactly its fields and listed', async () => {
  signedIn();
  const requests = serviceServer();
  renderPanel();
  const tickets = within(await screen.findByTestId('contact-tickets'));
  expect(await tickets.findByText('No tickets yet')).toBeInTheDocument();
  fireEvent.click(tickets.getByRole('button', { name: 'New ticket' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New ticket' }));
  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Wrong size delivered' } });
  fireEvent.change(dialog.getByLabelText('Type'), { target: { value: 'product_issue' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Create ticket' }));
  expect(await screen.findByText('Ticket created')).toBeInTheDocument();
  const posts = serviceCalls(requests, 'POST', /^\/api\/tickets$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG, contact_id: 1, name: 'Wrong size delivered', status: 'new', ticket_type: 'product_issue' });
  expect(await tickets.findByTestId('contact-ticket')).toHaveTextContent('Wrong size delivered');
});

test('a deal and a call are created from the panel too', async () => {
  signedIn();
  const requests = serviceServer();
  renderPanel();
  const deals = within(await screen.findByTestId('contact-deals'));
  fireEvent.click(await deals.findByRole('button', { name: 'New deal' }));
  const dealForm = within(await screen.findByRole('dialog', { name: 'New deal' }));
  expect(dealForm.getByLabelText('Contact')).toHaveValue('Rhea Kapoor');
  fireEvent.change(dealForm.getByLabelText(/^Deal name/), { target: { value: '200 cotton shirts' } });
  fireEvent.click(dealForm.getByRole('button', { name: 'Create deal' }));
  expect(await deals.findByTestId('contact-deal')).toHaveTextContent('200 cotton shirts');
  expect(serviceCalls(requests, 'POST', /^\/api\/deals$/)[0]!.body).toMatchObject({ org_id: ORG, contact_id: 1, name: '200 cotton shirts' });

  const calls = within(screen.getByTestId('contact-calls'));
  fireEvent.click(calls.getByRole('button', { name: 'Log call' }));
  const callForm = within(await screen.findByRole('dialog', { name: 'Log a call' }));
  fireEvent.change(callForm.getByLabelText('Minutes'), { target: { value: '3' } });
  fireEvent.click(callForm.getByRole('button', { name: 'Save call' }));
  expect(await calls.findByTestId('contact-call')).toHaveTextContent('3:00');
  expect(serviceCalls(requests, 'POST', /^\/api\/calls$/)[0]!.body).toEqual({ org_id: ORG, contact_id: 1, outcome: 'connected', duration_secs: 180 });
});

test('a number that is no contact yet is said so, and added with one click', async () => {
  signedIn();
  const kept = [longer];
  const requests = serviceServer({ contacts: kept, extra: contactChanges(kept) });
  renderPanel();
  const none = await screen.findByTestId('lead-none');
  expect(none).toHaveTextContent('Not a contact yet');
  expect(none).toHaveTextContent("+919876543210 is not one of the organisation's contacts.");
  expect(screen.queryByTestId('lead-contact')).toBeNull();
  expect(screen.queryByText('Someone Else')).toBeNull();

  fireEvent.click(within(none).getByRole('button', { name: 'Add to contacts' }));
  expect(await screen.findByText('Contact successfully created')).toBeInTheDocument();
  const posts = serviceCalls(requests, 'POST', /^\/api\/contacts$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG, phone: '+919876543210', owner_id: null });
  const lead = within(await screen.findByTestId('lead-contact'));
  expect(lead.getByRole('heading', { name: '+919876543210' })).toBeInTheDocument();
  expect(lead.getByTestId('lead-owner')).toHaveTextContent('Owner: Nobody');
  expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
});

test('a group chat has no lead, and nothing is looked up', async () => {
  signedIn();
  const requests = serviceServer();
  renderPanel('120363000000000000@g.us');
  expect(await screen.findByTestId('lead-no-number')).toHaveTextContent("Only a chat with a person's number has a lead; a group chat has none.");
  expect(lookups(requests)).toHaveLength(0);
});

test('a failed lookup is said, and Try again looks again', async () => {
  signedIn();
  let reads = 0;
  const requests = serviceServer({
    extra: (c) => (c.method === 'GET' && c.url.pathname === '/api/contacts' && ++reads === 1 ? { status: 500, body: errorBody('internal') } : undefined),
  });
  renderPanel();
  const failed = await screen.findByTestId('lead-load-error');
  expect(failed).toHaveTextContent("The chat's contact could not be looked up.");
  fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('lead-contact')).toHaveTextContent('Rhea Kapoor');
  expect(lookups(requests)).toHaveLength(2);
});

test('/leads?contact=<id> opens that contact’s drawer; closing it takes the parameter off', async () => {
  signedIn();
  const requests = server([contact({})], [], (c) => (c.method === 'GET' && c.url.pathname === '/api/contacts/1' ? { body: contact({}) } : undefined));
  const { router } = renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads?contact=1');
  const drawer = await screen.findByRole('dialog', { name: 'Rhea Kapoor' });
  const read = requests.find((c) => c.url.pathname === '/api/contacts/1')!;
  expect(read.url.searchParams.get('org_id')).toBe(String(ORG));
  fireEvent.keyDown(drawer, { key: 'Escape' });
  await waitFor(() => expect(router.state.location.search).toBe(''));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rhea Kapoor' })).toBeNull());
  expect(requests.filter((c) => c.url.pathname === '/api/contacts/1')).toHaveLength(1);
});

test('/leads?contact=<id> of a contact not seen says so and leaves the table', async () => {
  signedIn();
  server([contact({})], [], (c) => (c.url.pathname === '/api/contacts/5' ? { status: 404, body: errorBody('not_found') } : undefined));
  renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads?contact=5');
  expect(await screen.findByText("We couldn't find what you asked for.")).toBeInTheDocument();
  expect(screen.getByTestId('lead-row')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
});
