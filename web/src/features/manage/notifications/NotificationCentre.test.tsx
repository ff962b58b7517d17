// The frame's notification centre and reminder scheduler against the planner's fake server, at
// the planner tests' clock (noon in Asia/Kolkata, 1 January 2030) with fake intervals: the bell's
// count; Pending and Upcoming with each entry's title, contact, time in the user's zone and
// priority; ticking one and "Mark all complete"; the link to the Follow-ups tab; loading, empty and
// error states. The scheduler: a follow-up due in a minute notifies once (toast, a tone only with
// sound on, a system notification only when permitted) and never again, not even after a reload;
// a lead time brings it forward; nothing with notifications off or after sign-out; many at once
// become one toast. The quick-reminder form and the reminders by date.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { ME, renderRoutes, signInAs } from '@/testing/harness';
import { callsTo, errorBody, fakeServer, followUp, NOW, ORG, setupPlannerSuite, type FakeState } from '../planner/testing';
import NotificationCentre from './NotificationCentre';
import { POLL_MS } from './due';

setupPlannerSuite();

const MIN = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const overdue = followUp({ id: 1, title: 'Call Ana about the invoice', due_at: at(-3 * 60 * MIN), contact: '+919812345678', priority: 'high' });
const soon = followUp({ id: 2, title: 'Send the quote', due_at: at(MIN) });
const later = followUp({ id: 3, title: 'Renewal call', due_at: at(26 * 60 * MIN), priority: 'low' });

/** The browser's Notification API: permission as given, every notification and request recorded. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: Array<{ title: string; body?: string }> = [];
  static asked = 0;
  static requestPermission = vi.fn(async () => {
    FakeNotification.asked += 1;
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
  close() {}
}

/** WebAudio: counts the tones started. */
let tones = 0;
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    return { type: 'sine', frequency: { setValueAtTime() {} }, connect: (n: unknown) => n, start: () => (tones += 1), stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: unknown) => n };
  }
  resume() {
    return Promise.resolve();
  }
}

/** The scheduler's intervals under the test's control (Testing Library's own polling too, so only where needed). */
function fakeIntervals() {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
}

beforeEach(() => {
  window.localStorage.clear();
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  FakeNotification.asked = 0;
  tones = 0;
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  signInAs(null);
});

function show(server: FakeState) {
  renderRoutes(
    [
      { path: '/', element: <NotificationCentre orgId={ORG} userId={ME} /> },
      { path: '/quick-replies/follow-ups', element: <p>The Follow-ups tab</p> },
    ],
    '/',
  );
  return server;
}

const bell = () => screen.findByTestId('notification-bell');
const later_ = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toastsWith = (text: string) => screen.queryAllByText(text).length;

async function openCentre() {
  fireEvent.click(await bell());
  return within(await screen.findByRole('dialog', { name: 'Notifications' }));
}

test('the bell counts what is due; Pending and Upcoming list the entries with contact, time in the user zone and priority', async () => {
  const server = show(fakeServer({ followUps: [structuredClone(overdue), structuredClone(later)] }));
  await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications: 1 due'));
  expect(callsTo(server, '/api/manage/follow-ups', 'GET')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
  const centre = await openCentre();
  expect(centre.getByTestId('centre-count-pending')).toHaveTextContent('1');
  expect(centre.getByTestId('centre-count-upcoming')).toHaveTextContent('1');
  const item = within(centre.getByTestId('centre-list-pending'));
  expect(item.getByTestId('centre-item-title')).toHaveTextContent('Call Ana about the invoice');
  expect(item.getByText('Contact: +919812345678')).toBeInTheDocument();
  expect(item.getByTestId('centre-item-due')).toHaveTextContent('Jan 1, 2030, 9:00 AM · 3 hours ago');
  expect(item.getByText('High')).toBeInTheDocument();
  fireEvent.click(centre.getByRole('tab', { name: /Upcoming/ }));
  const up = within(await centre.findByTestId('centre-list-upcoming'));
  expect(up.getByTestId('centre-item-title')).toHaveTextContent('Renewal call');
  expect(up.getByTestId('centre-item-due')).toHaveTextContent('Jan 2, 2030, 2:00 PM · tomorrow');
  // Closed and opened again, it shows Pending: what the bell counts.
  fireEvent.keyDown(screen.getByRole('dialog', { name: 'Notifications' }), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  const again = await openCentre();
  expect(again.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
});

test('ticking one completes it; "Mark all complete" completes every due one; the link opens the Follow-ups tab', async () => {
  const server = show(
    fakeServer({ followUps: [structuredClone(overdue), followUp({ id: 4, title: 'Pay the supplier', due_at: at(-MIN) }), structuredClone(later)] }),
  );
  const centre = await openCentre();
  fireEvent.click(await centre.findByRole('checkbox', { name: 'Mark “Call Ana about the invoice” complete' }));
  expect(await screen.findByText('“Call Ana about the invoice” is complete.')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/1/complete', 'POST')[0]!.url.searchParams.get('org_id')).toBe(String(ORG));
  await waitFor(() => expect(centre.getByTestId('centre-count-pending')).toHaveTextContent('1'));
  fireEvent.click(centre.getByRole('button', { name: 'Mark all complete' }));
  expect(await screen.findByText('All pending follow-ups are complete.')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/complete-all', 'POST')).toHaveLength(1);
  expect(await centre.findByTestId('centre-empty-pending')).toHaveTextContent('Nothing is due right now.');
  expect(await bell()).toHaveAccessibleName('Notifications');
  fireEvent.click(centre.getByRole('link', { name: 'Open all follow-ups' }));
  expect(await screen.findByText('The Follow-ups tab')).toBeInTheDocument();
});

test('empty tabs say so; a failed load says so and Retry reads again', async () => {
  let fail = true;
  const server = show(fakeServer({}, (c) => (c.url.pathname === '/api/manage/follow-ups' && fail ? { status: 500, body: errorBody('internal') } : undefined)));
  const centre = await openCentre();
  expect(await centre.findByTestId('centre-failed')).toHaveTextContent('This could not be loaded.');
  fail = false;
  fireEvent.click(centre.getByRole('button', { name: 'Retry' }));
  expect(await centre.findByTestId('centre-empty-pending')).toBeInTheDocument();
  fireEvent.click(centre.getByRole('tab', { name: /Upcoming/ }));
  expect(await centre.findByTestId('centre-empty-upcoming')).toHaveTextContent('No upcoming reminders.');
  expect(callsTo(server, '/api/manage/follow-ups', 'GET').length).toBeGreaterThanOrEqual(2);
});

test('a follow-up due in a minute notifies once when it falls due: a toast, a tone and a system notification; never again, not even after a reload', async () => {
  fakeIntervals();
  const server = show(fakeServer({ followUps: [structuredClone(soon)] }));
  await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications'));
  await later_(30_000);
  expect(toastsWith('Reminder: Send the quote is due now')).toBe(0);
  await later_(30_000);
  expect(await screen.findByText('Reminder: Send the quote is due now')).toBeInTheDocument();
  expect(tones).toBeGreaterThan(0);
  expect(FakeNotification.shown).toEqual([{ title: 'Switchboard reminder', body: 'Reminder: Send the quote is due now' }]);
  // Pending now, before the server is asked again.
  expect(await bell()).toHaveAccessibleName('Notifications: 1 due');
  const polls = callsTo(server, '/api/manage/follow-ups', 'GET').length;
  await later_(2 * POLL_MS);
  expect(callsTo(server, '/api/manage/follow-ups', 'GET').length).toBeGreaterThan(polls);
  expect(FakeNotification.shown).toHaveLength(1);
  expect(JSON.parse(window.localStorage.getItem(`switchboard.notified.${ME}`) ?? '[]')).toHaveLength(1);
});

test('a reload does not notify what was notified before', async () => {
  fakeIntervals();
  window.localStorage.setItem(`switchboard.notified.${ME}`, JSON.stringify([`1@${Date.parse(overdue.due_at)}`]));
  show(fakeServer({ followUps: [structuredClone(overdue)] }));
  await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications: 1 due'));
  await later_(10_000);
  expect(FakeNotification.shown).toHaveLength(0);
  expect(toastsWith('Reminder: Call Ana about the invoice is due 3 hours ago')).toBe(0);
});

test('a lead time brings the notification forward: due in 30 minutes, notified 30 minutes early', async () => {
  show(fakeServer({ followUps: [followUp({ id: 5, title: 'Demo', due_at: at(30 * MIN), lead_minutes: 30 })] }));
  expect(await screen.findByText('Reminder: Demo is due in 30 minutes')).toBeInTheDocument();
  expect(FakeNotification.shown).toHaveLength(1);
});

test('with sound off there is no tone; without permission no system notification, and the centre offers to ask', async () => {
  FakeNotification.permission = 'default';
  show(fakeServer({ followUps: [structuredClone(overdue)], notifications: { enabled: true, sound: false } }));
  expect(await screen.findByText('Reminder: Call Ana about the invoice is due 3 hours ago')).toBeInTheDocument();
  expect(tones).toBe(0);
  expect(FakeNotification.shown).toHaveLength(0);
  const centre = await openCentre();
  fireEvent.click(centre.getByRole('button', { name: 'Enable desktop notifications' }));
  await waitFor(() => expect(FakeNotification.asked).toBe(1));
  await waitFor(() => expect(centre.queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull());
});

test('with notifications switched off nothing is shown, and switching them on later does not replay it', async () => {
  fakeIntervals();
  const server = show(fakeServer({ followUps: [structuredClone(overdue)], notifications: { enabled: false, sound: true } }));
  await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications: 1 due'));
  await later_(10_000);
  server.notifications = { enabled: true, sound: true };
  await later_(POLL_MS);
  expect(toastsWith('Reminder: Call Ana about the invoice is due 3 hours ago')).toBe(0);
  expect(FakeNotification.shown).toHaveLength(0);
  expect(tones).toBe(0);
});

test('the centre says when notifications are switched off', async () => {
  show(fakeServer({ notifications: { enabled: false, sound: true } }));
  const centre = await openCentre();
  expect(await centre.findByTestId('notifications-off')).toHaveTextContent('Notifications are switched off. Turn them on in Follow-ups.');
});

test('nothing after sign-out: no more reads, no notification', async () => {
  fakeIntervals();
  const server = show(fakeServer({ followUps: [structuredClone(soon)] }));
  await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications'));
  act(() => useSession.setState({ status: 'anonymous', user: null }));
  const reads = callsTo(server, '/api/manage/follow-ups', 'GET').length;
  await later_(3 * POLL_MS);
  expect(callsTo(server, '/api/manage/follow-ups', 'GET')).toHaveLength(reads);
  expect(FakeNotification.shown).toHaveLength(0);
  expect(toastsWith('Reminder: Send the quote is due now')).toBe(0);
});

test('many due at once become one toast', async () => {
  const many = [1, 2, 3, 4].map((id) => followUp({ id, title: `Task ${id}`, due_at: at(-id * MIN) }));
  show(fakeServer({ followUps: many }));
  expect(await screen.findByText('4 reminders are due')).toBeInTheDocument();
  expect(FakeNotification.shown).toEqual([{ title: 'Switchboard reminder', body: '4 reminders are due' }]);
});

test("the quick-reminder form creates a reminder with its comment, e-mail and lead time: 'Reminder created successfully'", async () => {
  const server = show(fakeServer());
  const centre = await openCentre();
  fireEvent.click(centre.getByRole('button', { name: 'Quick reminder' }));
  const form = within(await screen.findByRole('form', { name: 'Quick reminder' }));
  fireEvent.click(form.getByRole('button', { name: 'Create reminder' }));
  expect(await form.findByText('Please enter a title')).toBeInTheDocument();
  fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Call back Ravi' } });
  fireEvent.change(form.getByLabelText('Date and time'), { target: { value: '2030-01-02T10:00' } });
  fireEvent.change(form.getByLabelText('Notify me before'), { target: { value: '1' } });
  fireEvent.change(form.getByLabelText('Unit'), { target: { value: 'days' } });
  fireEvent.change(form.getByLabelText('Comment (optional)'), { target: { value: 'About the order' } });
  fireEvent.change(form.getByLabelText('Email (optional)'), { target: { value: 'ravi@example.com' } });
  fireEvent.click(form.getByRole('button', { name: 'Create reminder' }));
  expect(await screen.findByText('Reminder created successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups', 'POST')[0]!.body).toEqual({
    org_id: ORG,
    title: 'Call back Ravi',
    due: '2030-01-02T10:00',
    time_zone: 'Asia/Kolkata',
    comment: 'About the order',
    email: 'ravi@example.com',
    lead_minutes: 1440,
  });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Quick reminder' })).toBeNull());
});

test("reminders by date: the chosen day and the week after it, day by day; deleting says 'Reminder deleted successfully'", async () => {
  const server = show(fakeServer({ followUps: [structuredClone(overdue), structuredClone(later)] }));
  const centre = await openCentre();
  fireEvent.click(centre.getByRole('button', { name: 'By date' }));
  const day = (d: string) => within(screen.getAllByTestId('reminder-day').find((e) => e.dataset.day === d)!);
  await waitFor(() => expect(day('2030-01-01').getByText('Call Ana about the invoice')).toBeInTheDocument());
  expect(day('2030-01-02').getByText('Renewal call')).toBeInTheDocument();
  expect(day('2030-01-03').getByText('No reminders on this day.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-02' } });
  expect(screen.queryAllByTestId('reminder-day').map((e) => e.dataset.day)[0]).toBe('2030-01-02');
  fireEvent.click(day('2030-01-02').getByRole('button', { name: 'Delete “Renewal call”' }));
  fireEvent.click(await screen.findByTestId('confirm-delete'));
  expect(await screen.findByText('Reminder deleted successfully')).toBeInTheDocument();
  expect(callsTo(server, '/api/manage/follow-ups/3', 'DELETE')).toHaveLength(1);
  await waitFor(() => expect(day('2030-01-02').getByText('No reminders on this day.')).toBeInTheDocument());
});
