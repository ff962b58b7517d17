// A contact's timeline in its drawer against a fake server: entries of every kind said in words
// (read for exactly the organisation, newest page first), "Load older" asking for the page before
// the cursor and adding it under, nothing yet said so, a failed read with its retry, a note sent
// with exactly its text and confirmed with the CRMs it reached (a CRM that refused it named), the
// timeline read again; a task sent with its time and the browser's zone, a refused time said under
// it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ContactActivity, Timeline, TimelineItem } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, invalid, setupSuite, type Answer, type Call } from '@/testing/harness';
import { ORG, renderLeads, serviceCalls, serviceServer, signedIn } from './testing';

setupSuite({ toasts: true, before: () => useWorkspace.getState().reset() });

const entry = (over: Partial<TimelineItem>): TimelineItem => ({
  kind: 'message',
  id: 1,
  at: '2026-11-28T09:00:00Z',
  user_id: 8,
  direction: null,
  title: null,
  text: null,
  status: null,
  duration_s: null,
  ...over,
});

const TIMELINE = /^\/api\/contacts\/1\/timeline$/;

/** The contacts' server, answering contact 1's timeline from `pages` (by `before`, the newest
 * without it) and its notes and tasks by `added`. */
function timelineServer(pages: Record<string, Timeline>, added?: (c: Call) => Answer | undefined) {
  return serviceServer({
    extra: (c) => {
      if (c.method === 'GET' && TIMELINE.test(c.url.pathname)) {
        const page = pages[c.url.searchParams.get('before') ?? ''];
        return page ? { body: page } : { status: 422, body: errorBody('validation_failed', { before: 'value_invalid' }) };
      }
      if (c.method === 'POST' && /^\/api\/contacts\/1\/(notes|tasks)$/.test(c.url.pathname)) return added?.(c);
      return undefined;
    },
  });
}

/** /leads with contact 1's drawer open: its Timeline section. */
async function openTimeline() {
  renderLeads();
  fireEvent.click(await screen.findByRole('button', { name: 'Open Rhea Kapoor' }));
  const drawer = await screen.findByRole('dialog', { name: 'Rhea Kapoor' });
  return within(await within(drawer).findByTestId('contact-timeline'));
}

const describedBy = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

const activity = (over: Partial<ContactActivity> = {}): Answer => ({ status: 201, body: { id: 77, written_to: [], failed: [], ...over } });

test('the timeline says each kind of entry in words, read for exactly the organisation', async () => {
  signedIn();
  const requests = timelineServer({
    '': {
      items: [
        entry({ kind: 'task', id: 5, at: '2026-12-02T10:00:00Z', title: 'Send the price list', text: 'With the linen samples', status: 'open' }),
        entry({ kind: 'message', id: 11, direction: 'incoming', text: 'Do you ship to Pune?' }),
        entry({ kind: 'call', id: 12, direction: 'missed', duration_s: 0, user_id: 10 }),
        entry({ kind: 'call_log', id: 13, status: 'left_voicemail', duration_s: 245, text: 'Asked for a call back' }),
        entry({ kind: 'deal', id: 14, title: '500 linen shirts', status: 'closedwon' }),
        entry({ kind: 'ticket', id: 15, title: 'Printer jam', status: 'waiting_on_us' }),
        entry({ kind: 'note', id: 16, text: 'Prefers calls after 5pm', status: 'note', user_id: null }),
      ],
      next: null,
    },
  });
  const timeline = await openTimeline();
  await waitFor(() => expect(timeline.getAllByTestId('timeline-entry')).toHaveLength(7));
  const [task, message, call, logged, deal, ticket, note] = timeline.getAllByTestId('timeline-entry');

  expect(task).toHaveTextContent('Task');
  expect(task).toHaveTextContent('Send the price list');
  expect(task).toHaveTextContent('With the linen samples');
  expect(within(task!).getByTestId('timeline-status')).toHaveTextContent('Open');
  expect(task).toHaveTextContent(/Priya Sharma · Due .*2026/);

  expect(message).toHaveTextContent('Message');
  expect(message).toHaveTextContent('Incoming');
  expect(message).toHaveTextContent('Do you ship to Pune?');
  expect(message).toHaveTextContent('Priya Sharma');

  expect(call).toHaveTextContent('WhatsApp call');
  expect(call).toHaveTextContent('Missed');
  expect(within(call!).getByTestId('timeline-duration')).toHaveTextContent('0:00');
  expect(call).toHaveTextContent('Mateo Silva');

  expect(logged).toHaveTextContent('Logged call');
  expect(within(logged!).getByTestId('timeline-status')).toHaveTextContent('Left voicemail');
  expect(within(logged!).getByTestId('timeline-duration')).toHaveTextContent('4:05');
  expect(logged).toHaveTextContent('Asked for a call back');

  expect(deal).toHaveTextContent('500 linen shirts');
  expect(within(deal!).getByTestId('timeline-status')).toHaveTextContent('Closed Won');
  expect(ticket).toHaveTextContent('Printer jam');
  expect(within(ticket!).getByTestId('timeline-status')).toHaveTextContent('Waiting on us');

  expect(note).toHaveTextContent('Prefers calls after 5pm');
  expect(within(note!).queryByTestId('timeline-status')).toBeNull();
  expect(note).not.toHaveTextContent('Nobody');

  // Two days: the task's and the rest's.
  expect(timeline.getAllByTestId('timeline-day')).toHaveLength(2);
  expect(timeline.queryByRole('button', { name: 'Load older' })).toBeNull();
  const reads = serviceCalls(requests, 'GET', TIMELINE);
  expect(reads).toHaveLength(1);
  expect(Object.fromEntries(reads[0]!.url.searchParams)).toEqual({ org_id: String(ORG) });
});

test('"Load older" asks for the page before the cursor and adds it under the shown entries', async () => {
  signedIn();
  const requests = timelineServer({
    '': { items: [entry({ id: 1, text: 'Newest' }), entry({ id: 2, text: 'Second' })], next: 'cursor-2' },
    'cursor-2': { items: [entry({ id: 3, text: 'Oldest', at: '2026-10-01T09:00:00Z' })], next: null },
  });
  const timeline = await openTimeline();
  await waitFor(() => expect(timeline.getAllByTestId('timeline-entry')).toHaveLength(2));
  fireEvent.click(timeline.getByRole('button', { name: 'Load older' }));
  await waitFor(() => expect(timeline.getAllByTestId('timeline-entry')).toHaveLength(3));
  expect(timeline.getAllByTestId('timeline-entry').map((e) => e.textContent)).toEqual([
    expect.stringContaining('Newest'),
    expect.stringContaining('Second'),
    expect.stringContaining('Oldest'),
  ]);
  const reads = serviceCalls(requests, 'GET', TIMELINE);
  expect(reads).toHaveLength(2);
  expect(Object.fromEntries(reads[1]!.url.searchParams)).toEqual({ org_id: String(ORG), before: 'cursor-2' });
  // The end: no more to load.
  await waitFor(() => expect(timeline.queryByRole('button', { name: 'Load older' })).toBeNull());
});

test('a contact with no history says so; a failed read says so and Try again reads it again', async () => {
  signedIn();
  let reads = 0;
  const requests = serviceServer({
    extra: (c) =>
      c.method === 'GET' && TIMELINE.test(c.url.pathname)
        ? ++reads === 1
          ? { status: 500, body: errorBody('internal') }
          : { body: { items: [], next: null } satisfies Timeline }
        : undefined,
  });
  const timeline = await openTimeline();
  expect(await timeline.findByText('The timeline could not be loaded')).toBeInTheDocument();
  fireEvent.click(timeline.getByRole('button', { name: 'Try again' }));
  expect(await timeline.findByText('Nothing has happened with this contact yet')).toBeInTheDocument();
  expect(timeline.queryByTestId('timeline-entry')).toBeNull();
  expect(serviceCalls(requests, 'GET', TIMELINE)).toHaveLength(2);
});

test('a note is sent with exactly its text, confirmed with the CRMs it reached, and the timeline read again', async () => {
  signedIn();
  const requests = timelineServer({ '': { items: [], next: null } }, () =>
    activity({ written_to: ['hubspot'], failed: [{ provider: 'zoho', code: 'crm_not_connected' }] }),
  );
  const timeline = await openTimeline();
  expect(await timeline.findByText('Nothing has happened with this contact yet')).toBeInTheDocument();

  fireEvent.click(timeline.getByRole('button', { name: 'Add note' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a note' }));
  // A blank note is said before sending.
  fireEvent.click(dialog.getByRole('button', { name: 'Save note' }));
  expect(await dialog.findByText('Write the note first.')).toBeInTheDocument();
  expect(serviceCalls(requests, 'POST', /\/notes$/)).toHaveLength(0);

  fireEvent.change(dialog.getByLabelText(/^Note/), { target: { value: '  Wants 20% off on 500 pieces  ' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save note' }));
  expect(await screen.findByText('Note added')).toBeInTheDocument();
  expect(await screen.findByText('Also added in HubSpot')).toBeInTheDocument();
  const posts = serviceCalls(requests, 'POST', /^\/api\/contacts\/1\/notes$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ org_id: ORG, body: 'Wants 20% off on 500 pieces' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a note' })).toBeNull());
  // Zoho refused it: named, with the reason in words.
  const warning = await timeline.findByTestId('timeline-crm-failures');
  expect(warning).toHaveTextContent('Not added in Zoho: Connect this CRM in Integrations first (or connect it again)');
  fireEvent.click(within(warning).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(timeline.queryByTestId('timeline-crm-failures')).toBeNull());
  // The timeline is read again after the note.
  await waitFor(() => expect(serviceCalls(requests, 'GET', TIMELINE).length).toBeGreaterThanOrEqual(2));
});

test('a note written to both CRMs names them both, and the new note shows once the timeline is read again', async () => {
  signedIn();
  const items: TimelineItem[] = [];
  const requests = serviceServer({
    extra: (c) => {
      if (c.method === 'GET' && TIMELINE.test(c.url.pathname)) return { body: { items: [...items], next: null } satisfies Timeline };
      if (c.method === 'POST' && c.url.pathname === '/api/contacts/1/notes') {
        items.unshift(entry({ kind: 'note', id: 77, text: (c.body as { body: string }).body, status: 'note', user_id: 7 }));
        return activity({ written_to: ['hubspot', 'zoho'] });
      }
      return undefined;
    },
  });
  const timeline = await openTimeline();
  expect(await timeline.findByText('Nothing has happened with this contact yet')).toBeInTheDocument();
  fireEvent.click(timeline.getByRole('button', { name: 'Add note' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a note' }));
  fireEvent.change(dialog.getByLabelText(/^Note/), { target: { value: 'Call back on Monday' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save note' }));
  expect(await screen.findByText('Also added in HubSpot and Zoho')).toBeInTheDocument();
  expect(await timeline.findByTestId('timeline-entry')).toHaveTextContent('Call back on Monday');
  expect(timeline.queryByTestId('timeline-crm-failures')).toBeNull();
  expect(serviceCalls(requests, 'GET', TIMELINE)).toHaveLength(2);
});

test("a task is sent with its time and the browser's zone; a time the server refuses is said under it", async () => {
  signedIn();
  let refuse = true;
  const requests = timelineServer({ '': { items: [], next: null } }, (c) =>
    c.url.pathname.endsWith('/tasks') ? (refuse ? invalid('due', 'time_has_passed') : activity()) : undefined,
  );
  const timeline = await openTimeline();
  expect(await timeline.findByText('Nothing has happened with this contact yet')).toBeInTheDocument();
  fireEvent.click(timeline.getByRole('button', { name: 'Add task' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a task' }));
  const due = dialog.getByLabelText(/^Due/) as HTMLInputElement;
  // It starts at a whole hour.
  expect(due.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);

  // A blank title is said before sending.
  fireEvent.click(dialog.getByRole('button', { name: 'Save task' }));
  await waitFor(() => expect(describedBy(dialog.getByLabelText(/^Title/))).toContain('Give the task a title.'));
  expect(serviceCalls(requests, 'POST', /\/tasks$/)).toHaveLength(0);

  fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: ' Send the quote ' } });
  fireEvent.change(due, { target: { value: '2020-01-02T09:30' } });
  fireEvent.change(dialog.getByLabelText(/^Notes/), { target: { value: 'For 500 shirts' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save task' }));
  await waitFor(() => expect(describedBy(dialog.getByLabelText(/^Due/))).toContain('Time has already passed'));
  expect(dialog.getByLabelText(/^Due/)).toHaveAttribute('aria-invalid', 'true');
  const posts = serviceCalls(requests, 'POST', /^\/api\/contacts\/1\/tasks$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({
    org_id: ORG,
    title: 'Send the quote',
    due: '2020-01-02T09:30',
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    notes: 'For 500 shirts',
  });
  expect(screen.queryByText('Task added')).toBeNull();

  refuse = false;
  fireEvent.change(dialog.getByLabelText(/^Due/), { target: { value: '2099-01-02T09:30' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save task' }));
  expect(await screen.findByText('Task added')).toBeInTheDocument();
  // Written to no CRM: nothing more is said.
  expect(screen.queryByText(/^Also added in/)).toBeNull();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a task' })).toBeNull());
  await waitFor(() => expect(serviceCalls(requests, 'GET', TIMELINE)).toHaveLength(2));
});
