// The team inbox screen against a fake server and a fake live feed: the tabs in the spec's order
// with their counts, rows with whose chat they are, a conversation's messages oldest first, a
// reply sent and its ticks moved by live acks, a quick reply with its variables filled, an
// internal note with a mention shown as a name, assign and close, a live message reaching the
// list, the Free limit's notice, open chat by number refused, the panels asking for a chat
// first, a task created and completed, the settings drawer with the organisation's business
// hours (read-only below admin), and the page for those below manager.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { loadManageRules } from '@/lib/manageDomain';
import { conversation, errorBody, FakeEventSource, fakeServer, message, renderPage, resetStores, signIn, stubEventSource, world, type Call } from './testing';

setupSuite({
  prepare: async () => {
    await loadManageRules();
    // jsdom has no layout: Mantine's comboboxes scroll their options into view.
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  },
  before: () => {
    resetStores();
    signIn();
    stubEventSource();
  },
  toasts: true,
});

const calls = (all: Call[], path: string, method = 'GET') => all.filter((c) => c.url.pathname === path && c.method === method);
const rows = () => screen.getAllByTestId('chatter-row');

async function openFirst() {
  renderPage();
  fireEvent.click((await screen.findAllByTestId('chatter-row'))[0]!);
  return screen.findByTestId('conversation-pane');
}

test('the tabs come in the spec’s order with their counts, the hub tabs without one', async () => {
  fakeServer(world());
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Team Inbox' })).toBeInTheDocument();
  const tabs = within(screen.getByRole('group', { name: 'Filter conversations' })).getAllByRole('button');
  expect(tabs.map((b) => b.getAttribute('data-testid'))).toEqual([
    'tab-all', 'tab-unread', 'tab-groups', 'tab-scheduled', 'tab-followup', 'tab-mentions',
    'tab-needs_reply', 'tab-awaiting_reply', 'tab-tasks', 'tab-open', 'tab-hub_contacts', 'tab-hub_lifecycle',
  ]);
  expect(await screen.findByTestId('tab-count-unread')).toHaveTextContent('2');
  expect(screen.getByTestId('tab-count-hub_contacts')).toHaveTextContent('0');
  fireEvent.click(screen.getByTestId('tab-hub_contacts'));
  expect(await screen.findByTestId('chatter-empty')).toHaveTextContent('linked to a CRM yet');
});

test('rows say whose chat they are: the shared number or the member’s own', async () => {
  fakeServer(world());
  renderPage();
  await screen.findAllByTestId('chatter-row');
  const [shared, member] = rows();
  expect(within(shared!).getByTestId('chatter-owner')).toHaveTextContent('Shared number');
  expect(within(shared!).getByTestId('chatter-unread')).toBeInTheDocument();
  expect(within(member!).getByTestId('chatter-owner')).toHaveTextContent('Priya Sharma’s chat'.replace('’', "'"));
  expect(within(member!).getByTestId('standing')).toHaveTextContent('Awaiting reply');
});

test('opening a conversation shows its messages oldest first and marks it read', async () => {
  const w = world({ messages: { 1: [message({ id: 13, body: 'third' }), message({ id: 12, body: 'second' }), message({ id: 11, body: 'first' })] } });
  const all = fakeServer(w);
  const pane = await openFirst();
  await waitFor(() => expect(within(pane).getAllByTestId('message-body').map((e) => e.textContent)).toEqual(['first', 'second', 'third']));
  await waitFor(() => expect(calls(all, '/api/inbox/conversations/1/read', 'POST')).toHaveLength(1));
});

test('a reply is shown queued and its ticks follow the live acks, never back', async () => {
  const all = fakeServer(world());
  const pane = await openFirst();
  fireEvent.change(within(pane).getByRole('textbox', { name: 'Your reply' }), { target: { value: 'Yes, it is.' } });
  fireEvent.click(within(pane).getByTestId('composer-send'));
  await waitFor(() => expect(calls(all, '/api/inbox/conversations/1/replies', 'POST')).toHaveLength(1));
  expect(calls(all, '/api/inbox/conversations/1/replies', 'POST')[0]!.body).toEqual({ org_id: 42, text: 'Yes, it is.' });
  const ticks = () => within(pane).getAllByTestId('ticks').at(-1)!;
  await waitFor(() => expect(ticks()).toHaveAttribute('data-ack', 'queued'));
  expect(within(pane).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  const feed = FakeEventSource.last!;
  feed.push('ack', { conversation_id: 1, message_id: 500, ack: 'read' });
  await waitFor(() => expect(ticks()).toHaveAttribute('data-ack', 'read'));
  feed.push('ack', { conversation_id: 1, message_id: 500, ack: 'delivered' });
  expect(ticks()).toHaveAttribute('data-ack', 'read');
});

test('media kept by the server downloads from the message', async () => {
  fakeServer(world({ messages: { 1: [message({ id: 11, body: 'the invoice', media_name: 'invoice.pdf', media_type: 'application/pdf', media_ready: true }), message({ id: 10, body: null, media_name: 'photo.jpg' })] } }));
  const pane = await openFirst();
  const link = await within(pane).findByTestId('message-media');
  expect(link).toHaveTextContent('Download invoice.pdf');
  expect(link).toHaveAttribute('href', '/api/inbox/conversations/1/messages/11/media?org_id=42');
  expect(within(pane).getByText('Attachment: photo.jpg')).toBeInTheDocument();
});

test('a blank reply is refused before it is sent', async () => {
  const all = fakeServer(world());
  const pane = await openFirst();
  fireEvent.click(within(pane).getByTestId('composer-send'));
  expect(await within(pane).findByText('Write something first (at most 4,096 characters).')).toBeInTheDocument();
  expect(calls(all, '/api/inbox/conversations/1/replies', 'POST')).toHaveLength(0);
});

test('a quick reply fills its variables for the contact', async () => {
  fakeServer(world());
  const pane = await openFirst();
  fireEvent.click(within(pane).getByTestId('quick-replies'));
  fireEvent.click(await screen.findByTestId('quick-reply-item'));
  await waitFor(() => expect(within(pane).getByRole('textbox', { name: 'Your reply' })).toHaveValue('Hi Ravi, yes it is in stock.'));
});

test('an internal note mentions a member by name', async () => {
  const all = fakeServer(world());
  const pane = await openFirst();
  fireEvent.click(within(pane).getByRole('radio', { name: 'Internal note' }));
  const box = within(pane).getByRole('textbox', { name: 'Your internal note' });
  fireEvent.change(box, { target: { value: 'Can you take this?' } });
  fireEvent.change(box, { target: { value: 'Can you take this? @[8] ' } });
  fireEvent.click(within(pane).getByTestId('composer-send'));
  await waitFor(() => expect(calls(all, '/api/inbox/conversations/1/notes', 'POST')).toHaveLength(1));
  const note = await within(pane).findByTestId('note');
  expect(within(note).getByTestId('mention')).toHaveTextContent('@Priya Sharma');
});

test('closing a conversation changes its standing and reads the counts again', async () => {
  const all = fakeServer(world());
  const pane = await openFirst();
  const before = calls(all, '/api/inbox/counts').length;
  fireEvent.click(within(pane).getByTestId('status-toggle'));
  await waitFor(() => expect(within(pane).getByTestId('standing')).toHaveTextContent('Closed'));
  expect(calls(all, '/api/inbox/conversations/1/status', 'PUT')[0]!.body).toEqual({ org_id: 42, open: false });
  await waitFor(() => expect(calls(all, '/api/inbox/counts').length).toBeGreaterThan(before));
  expect(within(pane).getByTestId('status-toggle')).toHaveTextContent('Reopen');
});

test('a live message brings the new conversation to the top of the list', async () => {
  const w = world();
  fakeServer(w);
  renderPage();
  await screen.findAllByTestId('chatter-row');
  w.conversations = [conversation({ id: 3, name: 'Lucía Gómez', last_message_at: '2030-01-02T00:00:00Z' }), ...w.conversations];
  FakeEventSource.last!.push('message', { conversation_id: 3 });
  await waitFor(() => expect(within(rows()[0]!).getByTestId('chatter-name')).toHaveTextContent('Lucía Gómez'));
  expect(rows()).toHaveLength(3);
});

test('on Free the unread tab says upgrading shows all', async () => {
  fakeServer(world({ upgrade: true }));
  renderPage();
  await screen.findAllByTestId('chatter-row');
  fireEvent.click(screen.getByTestId('tab-unread'));
  expect(await screen.findByTestId('inbox-upgrade')).toHaveTextContent('Upgrading is needed to see all mentions and unread messages.');
});

test('open chat by number shows the server’s refusal on the number', async () => {
  fakeServer(world(), (c) =>
    c.url.pathname === '/api/inbox/open' ? { status: 422, body: errorBody('validation_failed', { number: 'phone_country_code_missing' }) } : undefined,
  );
  renderPage();
  fireEvent.click(await screen.findByTestId('open-chat'));
  fireEvent.change(await screen.findByTestId('open-chat-number'), { target: { value: '98123 45678' } });
  fireEvent.click(screen.getByTestId('open-chat-submit'));
  expect(await screen.findByText('Phone numbers need a country code')).toBeInTheDocument();
});

test('the panels ask to open a chat first', async () => {
  fakeServer(world());
  renderPage();
  await screen.findAllByTestId('chatter-row');
  expect(screen.getByTestId('open-chat-first')).toHaveTextContent('Open a chat first to see this.');
});

test('the contact’s panels are the app’s (manage tools, Lead CRM) for the open chat’s contact', async () => {
  fakeServer(world());
  await openFirst();
  expect(within(screen.getByTestId('chat-panels')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Follow-up', 'Notes', 'Tasks', 'Docs', 'User profile', 'Lead']);
  expect(await screen.findByTestId('contact-panel')).toHaveTextContent('notes +91980000001');
  fireEvent.click(screen.getByTestId('panel-docs'));
  expect(await screen.findByTestId('contact-panel')).toHaveTextContent('docs +91980000001');
  fireEvent.click(screen.getByTestId('panel-lead'));
  expect(await screen.findByTestId('contact-panel')).toHaveTextContent('lead +91980000001');
});

test('a task is created for the chat and completed with a tick', async () => {
  const all = fakeServer(world());
  await openFirst();
  fireEvent.click(screen.getByTestId('panel-tasks'));
  fireEvent.change(await screen.findByTestId('task-name'), { target: { value: 'Send the catalogue' } });
  fireEvent.click(screen.getByTestId('task-add'));
  await waitFor(() => expect(calls(all, '/api/inbox/tasks', 'POST')).toHaveLength(1));
  expect(calls(all, '/api/inbox/tasks', 'POST')[0]!.body).toMatchObject({ conversation_id: 1, name: 'Send the catalogue', visibility: 'shared', priority: 'none' });
  const task = await screen.findByTestId('task');
  fireEvent.click(within(task).getByRole('checkbox'));
  await waitFor(() => expect(screen.getByTestId('task')).toHaveAttribute('data-status', 'completed'));
});

test('?settings=1 opens the shared number’s settings; an admin sees the connect form and the business hours', async () => {
  const all = fakeServer(world());
  renderPage('/team-inbox?settings=1');
  expect(await screen.findByTestId('gateway-form')).toBeInTheDocument();
  const settings = await screen.findByTestId('inbox-settings');
  expect(within(settings).getByTestId('clock-hours')).toHaveTextContent('counts only the open minutes of the organisation’s business hours'.replace('’', "'"));
  // The needs-reply clock is counted in the organisation's hours, edited below it (and saved apart).
  const hours = await screen.findByTestId('business-hours');
  expect(within(hours).getByLabelText('Monday, shift 1: opens')).toHaveValue('09:00');
  expect(within(hours).getByTestId('bh-save')).toBeInTheDocument();
  expect(calls(all, '/api/business-hours')[0]!.url.searchParams.get('org_id')).toBe('42');
  fireEvent.click(within(settings).getByTestId('settings-save'));
  await waitFor(() => expect(calls(all, '/api/inbox/settings', 'PUT')).toHaveLength(1));
  expect(calls(all, '/api/inbox/settings', 'PUT')[0]!.body).toEqual({ org_id: 42, agents: expect.any(Array), reply_minutes: null, escalation: 'alert' });
});

test('a manager sees the shared number’s state but not the connect form', async () => {
  fakeServer(world());
  signIn(2);
  renderPage('/team-inbox?settings=1');
  expect(await screen.findByText('No shared number is connected. An admin of your organisation can connect one.')).toBeInTheDocument();
  expect(screen.queryByTestId('gateway-form')).toBeNull();
  // The business hours are shown to a manager, not changed.
  expect(await screen.findByTestId('bh-read-only')).toBeInTheDocument();
  expect(screen.queryByTestId('bh-save')).toBeNull();
});

test('below manager the page says who it is for and reads nothing', async () => {
  const all = fakeServer(world());
  signIn(3);
  renderPage();
  expect(await screen.findByTestId('inbox-forbidden')).toHaveTextContent('for admins and managers');
  expect(calls(all, '/api/inbox/conversations')).toHaveLength(0);
});
