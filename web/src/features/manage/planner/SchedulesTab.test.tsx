// The scheduled-messages tab against a fake server and the real manage rules, at a pinned clock
// (Tuesday 1 January 2030, noon in Asia/Kolkata): a schedule's recipient, message, attachment,
// "Every 1 week, 5 times", next send, counts, status and recent sends with late and missed
// badges; the rule's and the server's refusals on their fields; the live "Next 5 sends" preview
// of a weekly schedule (and a New York spring-forward send that moved); creating with an
// attachment uploaded behind a progress bar; a file over 16 MB refused in the browser; a failed
// upload keeping the saved schedule; editing and deleting.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import SchedulesTab from './SchedulesTab';
import { callsTo, errorBody, fakeServer, holdUploads, ORG, renderTab, schedule, type FakeState, setupPlannerSuite } from './testing';

setupPlannerSuite();

const weekly = schedule({
  id: 7,
  recipient: '+919812345678',
  message: 'Hello Ana, your weekly order summary is ready. Reply STOP to stop these messages, or call us any time.',
  attachment: { name: 'summary.pdf', size_bytes: 204_800, content_type: 'application/pdf', url: `/api/manage/schedules/7/attachment?org_id=${ORG}` },
  start: '2029-12-17T09:00',
  every: 1,
  unit: 'week',
  stop_after: 5,
  next_send_at: '2030-01-07T03:30:00Z',
  sent: 2,
  failed: 0,
  missed: 1,
  recent: [
    { id: 3, occurrence: 2, due_at: '2029-12-31T03:30:00Z', status: 'missed', late: false, error: null },
    { id: 2, occurrence: 1, due_at: '2029-12-24T03:30:00Z', status: 'sent', late: true, error: null },
    { id: 1, occurrence: 0, due_at: '2029-12-17T03:30:00Z', status: 'sent', late: false, error: null },
  ],
});

function show(server: FakeState) {
  renderTab(<SchedulesTab orgId={ORG} />);
  return server;
}

const form = () => within(screen.getByRole('form'));
const field = (label: string) => form().getByLabelText(label);
const submit = () => fireEvent.click(form().getByRole('button', { name: 'Schedule' }));
const previewSends = () => within(screen.getByTestId('schedule-preview')).queryAllByTestId('preview-send').map((e) => e.textContent);

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'Schedule a message' }));
  await screen.findByRole('form', { name: 'Schedule a message' });
}

/** Fills a valid one-off message to an Indian number, tomorrow at 10:00. */
function fillValid() {
  fireEvent.change(field("Recipient's phone number"), { target: { value: '+91 98123 45678' } });
  fireEvent.change(field('Message'), { target: { value: 'Your order is ready.' } });
  fireEvent.change(field('First send'), { target: { value: '2030-01-02T10:00' } });
}

async function chooseZone(zone: string) {
  const input = form().getByRole('combobox', { name: 'Time zone' });
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: zone } });
  fireEvent.click(await screen.findByRole('option', { name: zone, hidden: true }));
  await waitFor(() => expect(input).toHaveValue(zone));
}

test('a schedule shows its recipient, message, attachment, repeat, next send, counts, status and recent sends', async () => {
  show(fakeServer({ schedules: [structuredClone(weekly)] }));
  const card = within(await screen.findByTestId('schedule'));
  expect(card.getByTestId('schedule-recipient')).toHaveTextContent('+919812345678');
  expect(card.getByTestId('schedule-status')).toHaveTextContent('Active');
  expect(card.getByTestId('schedule-message')).toHaveTextContent('Hello Ana, your weekly order summary is ready. Reply STOP to stop these messages…');
  expect(card.getByRole('link', { name: 'summary.pdf' })).toHaveAttribute('href', `/api/manage/schedules/7/attachment?org_id=${ORG}`);
  expect(card.getByTestId('schedule-attachment')).toHaveTextContent('(200 KB)');
  expect(card.getByTestId('schedule-repeat')).toHaveTextContent('Every 1 week, 5 times');
  expect(card.getByTestId('schedule-next')).toHaveTextContent('Next send: Mon, Jan 7, 2030, 09:00 AM (Asia/Kolkata) · in 6 days');
  expect(card.getByTestId('schedule-counts')).toHaveTextContent('Sent 2 · Failed 0 · Missed 1');
  const sends = card.getAllByTestId('recent-send');
  expect(sends.map((s) => within(s).getByTestId('send-status').textContent)).toEqual(['Missed', 'Sent', 'Sent']);
  expect(within(sends[1]!).getByTestId('late-badge')).toHaveTextContent('Late');
  expect(within(sends[0]!).queryByTestId('late-badge')).toBeNull();
  expect(within(sends[0]!).getByText('Mon, Dec 31, 2029, 09:00 AM')).toBeInTheDocument();
});

test('an empty list says so and offers the first message; a failed load offers Retry', async () => {
  let fail = true;
  const server = fakeServer({}, (c) => (c.url.pathname === '/api/manage/schedules' && fail ? { status: 500, body: errorBody('internal') } : undefined));
  show(server);
  fail = false;
  fireEvent.click(within(await screen.findByTestId('load-failed')).getByRole('button', { name: 'Retry' }));
  const empty = await screen.findByTestId('schedules-empty');
  expect(empty).toHaveTextContent('No scheduled messages yet');
  expect(empty).toHaveTextContent('the extension sends it at the time you choose');
  expect(callsTo(server, '/api/manage/schedules', 'GET').map((c) => c.url.searchParams.get('org_id'))).toEqual([String(ORG), String(ORG)]);
  fireEvent.click(within(empty).getByRole('button', { name: 'Schedule your first message' }));
  expect(await screen.findByRole('dialog', { name: 'Schedule a message' })).toBeInTheDocument();
});

test('a one-off message and an attachment-only message read as such', async () => {
  show(fakeServer({ schedules: [schedule({ id: 1, message: '', attachment: { name: 'menu.jpg', size_bytes: 3_565_158, content_type: 'image/jpeg', url: '/x' } })] }));
  const card = within(await screen.findByTestId('schedule'));
  expect(card.getByTestId('schedule-repeat')).toHaveTextContent('Once');
  expect(card.getByTestId('schedule-message')).toHaveTextContent('(attachment only)');
  expect(card.getByTestId('schedule-attachment')).toHaveTextContent('menu.jpg(3.4 MB)');
  expect(card.queryByTestId('recent-sends')).toBeNull();
});

test("the scheduled_message rule refuses before sending: the phone number's country code, 'Message and Upload can't be empty', 'Time has already passed'", async () => {
  const server = show(fakeServer());
  await openNew();
  expect(field('First send')).toHaveValue('2030-01-01T13:00');
  expect(form().getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
  fillValid();

  fireEvent.change(field("Recipient's phone number"), { target: { value: '98123 45678' } });
  submit();
  expect(await form().findByText('Invalid phone number. Phone numbers need a country code.')).toBeInTheDocument();
  expect(field("Recipient's phone number")).toHaveAttribute('aria-invalid', 'true');
  fireEvent.change(field("Recipient's phone number"), { target: { value: '12' } });
  submit();
  expect(await form().findByText('Invalid phone number. Phone numbers need a country code.')).toBeInTheDocument();
  fireEvent.change(field("Recipient's phone number"), { target: { value: '+91 98123 45678' } });
  expect(form().queryByText('Invalid phone number. Phone numbers need a country code.')).toBeNull();

  fireEvent.change(field('Message'), { target: { value: '   ' } });
  submit();
  expect(await form().findByText("Message and Upload can't be empty")).toBeInTheDocument();
  fireEvent.change(field('Message'), { target: { value: 'Your order is ready.' } });

  fireEvent.change(field('First send'), { target: { value: '2030-01-01T11:00' } });
  submit();
  expect(await form().findByText('Time has already passed')).toBeInTheDocument();

  fireEvent.change(field('First send'), { target: { value: '2030-01-02T10:00' } });
  fireEvent.change(field('Repeat'), { target: { value: 'day' } });
  fireEvent.change(field('Every'), { target: { value: '0' } });
  submit();
  expect(await screen.findByTestId('repeat-error')).toHaveTextContent('Repeat every 1 to 1,000 units');
  expect(callsTo(server, '/api/manage/schedules', 'POST')).toHaveLength(0);
});

test("the server's 422 field errors show on their fields", async () => {
  const refusals = [
    errorBody('validation_failed', { recipient: 'phone_country_code_missing' }),
    errorBody('validation_failed', { message: 'message_and_upload_empty' }),
    errorBody('validation_failed', { start: 'time_has_passed' }),
    errorBody('validation_failed', { recipient: 'phone_invalid' }),
  ];
  let n = 0;
  const server = show(
    fakeServer({}, (c) => (c.url.pathname === '/api/manage/schedules' && c.method === 'POST' ? { status: 422, body: refusals[n++] } : undefined)),
  );
  await openNew();
  fillValid();
  submit();
  expect(await form().findByText('Invalid phone number. Phone numbers need a country code.')).toBeInTheDocument();
  expect(field("Recipient's phone number")).toHaveAttribute('aria-invalid', 'true');
  submit();
  expect(await form().findByText("Message and Upload can't be empty")).toBeInTheDocument();
  expect(field('Message')).toHaveAttribute('aria-invalid', 'true');
  submit();
  expect(await form().findByText('Time has already passed')).toBeInTheDocument();
  expect(field('First send')).toHaveAttribute('aria-invalid', 'true');
  submit();
  expect(await form().findByText('Invalid phone number. Phone numbers need a country code.')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/schedules', 'POST')).toHaveLength(4);
  expect(screen.queryByText('Message scheduled successfully')).toBeNull();
});

test('"Next 5 sends" previews a weekly schedule as it is typed, in its zone', async () => {
  show(fakeServer());
  await openNew();
  fireEvent.change(field('First send'), { target: { value: '2030-01-07T09:00' } });
  expect(previewSends()).toEqual(['Mon, Jan 7, 2030, 09:00 AM']);
  fireEvent.change(field('Repeat'), { target: { value: 'week' } });
  expect(field('Every')).toHaveValue('1');
  expect(previewSends()).toEqual([
    'Mon, Jan 7, 2030, 09:00 AM',
    'Mon, Jan 14, 2030, 09:00 AM',
    'Mon, Jan 21, 2030, 09:00 AM',
    'Mon, Jan 28, 2030, 09:00 AM',
    'Mon, Feb 4, 2030, 09:00 AM',
  ]);
  fireEvent.change(field('Stop after (times)'), { target: { value: '3' } });
  await waitFor(() => expect(previewSends()).toHaveLength(3));
  fireEvent.change(field('Every'), { target: { value: '2' } });
  await waitFor(() =>
    expect(previewSends()).toEqual(['Mon, Jan 7, 2030, 09:00 AM', 'Mon, Jan 21, 2030, 09:00 AM', 'Mon, Feb 4, 2030, 09:00 AM']),
  );
  fireEvent.change(field('First send'), { target: { value: '' } });
  expect(screen.getByTestId('schedule-preview')).toHaveTextContent("Choose the first send's date and time");
});

test('a send whose time does not exist that day (New York springs forward) says when it goes out instead', async () => {
  show(fakeServer());
  await openNew();
  await chooseZone('America/New_York');
  fireEvent.change(field('First send'), { target: { value: '2030-03-03T02:30' } });
  fireEvent.change(field('Repeat'), { target: { value: 'week' } });
  expect(previewSends()[0]).toBe('Sun, Mar 3, 2030, 02:30 AM');
  const shifted = screen.getAllByTestId('preview-shifted');
  expect(shifted).toHaveLength(1);
  expect(shifted[0]).toHaveTextContent('02:30 does not exist that day (the clocks go forward), so it is sent at 03:00 AM.');
  expect(previewSends()[1]).toContain('Sun, Mar 10, 2030, 03:00 AM');
});

test("creating a weekly message with an attachment: sent, the file uploaded behind a progress bar, 'Message scheduled successfully', listed", async () => {
  const server = show(fakeServer());
  await openNew();
  fillValid();
  fireEvent.change(field('Repeat'), { target: { value: 'week' } });
  fireEvent.change(field('Stop after (times)'), { target: { value: '5' } });
  fireEvent.click(form().getByLabelText('Skip it'));
  fireEvent.click(form().getByLabelText('Cancel the next send if the contact replied'));
  const file = new File(['%PDF-1.4 summary'], 'summary.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [file] } });
  expect(screen.getByTestId('attachment-chosen')).toHaveTextContent('summary.pdf');
  const upload = holdUploads(server);
  submit();
  const bar = await screen.findByRole('progressbar', { name: 'Uploading summary.pdf' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
  expect(callsTo(server, '/api/manage/schedules', 'POST')[0]!.body).toEqual({
    org_id: ORG,
    recipient: '+91 98123 45678',
    message: 'Your order is ready.',
    start: '2030-01-02T10:00',
    time_zone: 'Asia/Kolkata',
    every: 1,
    unit: 'week',
    stop_after: 5,
    missed_policy: 'skip',
    cancel_if_replied: true,
    has_attachment: true,
  });
  act(() => upload.sent.open());
  await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));
  act(() => upload.answered.open());
  expect(await screen.findByText('Message scheduled successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  expect(screen.queryByRole('progressbar')).toBeNull();
  const post = server.calls.find((c) => c.url.pathname.endsWith('/attachment') && c.method === 'POST')!;
  expect(post.url.pathname).toBe('/api/manage/schedules/100/attachment');
  expect(post.url.searchParams.get('org_id')).toBe(String(ORG));
  expect(post.url.searchParams.get('name')).toBe('summary.pdf');
  expect(post.body).toBe(file);
  const card = within(screen.getByTestId('schedule'));
  expect(card.getByTestId('schedule-repeat')).toHaveTextContent('Every 1 week, 5 times');
  expect(card.getByRole('link', { name: 'summary.pdf' })).toBeInTheDocument();
  expect(card.getByText('Missed sends are skipped · Cancelled if the contact replies')).toBeInTheDocument();
});

test('a file over 16 MB is refused in the browser; an attachment alone is enough of a message', async () => {
  const server = show(fakeServer());
  await openNew();
  fillValid();
  fireEvent.change(field('Message'), { target: { value: '' } });
  const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
  Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 });
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [big] } });
  expect(await screen.findByTestId('attachment-error')).toHaveTextContent('Files can be at most 16 MB');
  expect(screen.queryByTestId('attachment-chosen')).toBeNull();
  submit();
  expect(await form().findByText("Message and Upload can't be empty")).toBeInTheDocument();
  const fits = new File(['x'], 'menu.jpg', { type: 'image/jpeg' });
  Object.defineProperty(fits, 'size', { value: 16 * 1024 * 1024 });
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [fits] } });
  expect(screen.queryByTestId('attachment-error')).toBeNull();
  submit();
  expect(await screen.findByText('Message scheduled successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/schedules', 'POST')).toHaveLength(1);
});

test('a failed upload keeps the saved schedule; trying again saves it (no second schedule) and uploads', async () => {
  let failUpload = true;
  const server = show(
    fakeServer({}, (c) =>
      c.url.pathname.endsWith('/attachment') && c.method === 'POST' && failUpload ? { status: 500, body: errorBody('internal') } : undefined,
    ),
  );
  await openNew();
  fillValid();
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [new File(['x'], 'menu.jpg', { type: 'image/jpeg' })] } });
  submit();
  expect(await screen.findByTestId('upload-failed')).toHaveTextContent(
    'The message was saved, but its attachment could not be uploaded: Something went wrong',
  );
  expect(await screen.findByTestId('schedule')).toBeInTheDocument();
  failUpload = false;
  fireEvent.click(form().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Message scheduled successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/schedules', 'POST')).toHaveLength(1);
  expect(callsTo(server, '/api/manage/schedules/100', 'PUT')).toHaveLength(1);
  expect(screen.getAllByTestId('schedule')).toHaveLength(1);
});

test("editing sends the changes and says 'Scheduled message updated'; removing the attachment deletes it", async () => {
  const server = show(fakeServer({ schedules: [structuredClone(weekly)] }));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the message to +919812345678' }));
  await screen.findByRole('form', { name: 'Edit scheduled message' });
  expect(field('Message')).toHaveValue(weekly.message);
  expect(field('Repeat')).toHaveValue('week');
  expect(field('Stop after (times)')).toHaveValue('5');
  // Its first send is past: the form starts at the next one, and says so.
  expect(field('First send')).toHaveValue('2030-01-07T09:00');
  expect(form().getByText('The next send: the schedule goes on from there.')).toBeInTheDocument();
  fireEvent.change(field('First send'), { target: { value: '2030-01-08T09:00' } });
  expect(form().queryByText('The next send: the schedule goes on from there.')).toBeNull();
  fireEvent.change(field('Message'), { target: { value: 'Your weekly summary.' } });
  fireEvent.click(form().getByRole('button', { name: 'Remove the attachment' }));
  fireEvent.click(form().getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Scheduled message updated')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/schedules/7', 'PUT')[0]!.body).toMatchObject({
    org_id: ORG,
    message: 'Your weekly summary.',
    start: '2030-01-08T09:00',
    every: 1,
    unit: 'week',
    stop_after: 5,
  });
  expect(callsTo(server, '/api/manage/schedules/7/attachment', 'DELETE')).toHaveLength(1);
  const card = within(screen.getByTestId('schedule'));
  expect(card.getByTestId('schedule-message')).toHaveTextContent('Your weekly summary.');
  expect(card.queryByTestId('schedule-attachment')).toBeNull();
});

test('deleting asks first', async () => {
  const server = show(fakeServer({ schedules: [structuredClone(weekly)] }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the message to +919812345678' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this scheduled message?' });
  expect(dialog).toHaveTextContent('The message to +919812345678 will not be sent again.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Scheduled message deleted')).toBeInTheDocument();
  expect(await screen.findByTestId('schedules-empty')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/schedules/7', 'DELETE')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
});
