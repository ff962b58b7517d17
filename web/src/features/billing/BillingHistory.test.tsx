// Billing readable (issue #25) against a fake server: every history line a sentence with its
// details (never a raw key), times to the minute in the organisation's zone, the history paged
// on the server; a yearly invoice said per year; a scheduled decrease shown and not offered
// again until cancelled; the billing read again when its tab comes back (after the portal or a
// checkout elsewhere).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { DATE_TIME_PARTS } from './logic';
import BillingPage from './pages/BillingPage';
import { currentPlan, entry, fakeServer, historyPage, ORG, orgMapping, overview, renderAt, resetStores, seats, signIn, type Call } from './testing';

setupSuite({
  before: () => {
    resetStores();
  },
});

const onPath = (path: string, body: (c: Call) => unknown) => (c: Call) =>
  c.url.pathname === path ? { body: body(c) } : undefined;

const rows = () => within(screen.getByTestId('history')).getAllByTestId('history-row');

test('every kind of line is a sentence with its details, never a raw key', async () => {
  const at = '2030-01-05T10:00:00Z';
  const lines = [
    entry('changed_by_operator', at, {
      plan_from: 'Pro Plus',
      plan_to: 'Teams',
      seats_from: 3,
      seats_to: 12,
      trial_from: true,
      trial_to: false,
      valid_to: '2030-03-01T00:00:00Z',
      by: 'ops@example.com',
      reason: 'Upgrade agreed by phone',
    }),
    entry('changed_by_operator', at, {}),
    entry('subscription_updated', at, { plan_from: 'Teams', plan_to: 'Pro Plus', amount_minor: 90_000, currency: 'USD', interval: 'year', status: 'past_due' }),
    entry('subscription_updated', at, { plan_to: 'Teams', seats_from: 5, seats_to: 8 }),
    entry('subscription_ended', at, { plan_to: 'Teams', status: 'canceled' }),
    entry('invoice_paid', at, { amount_minor: 1_234_567, currency: 'USD' }),
    entry('payment_failed', at, { amount_minor: 3_600, currency: 'USD' }),
    entry('seats_removal_scheduled', at, { seats_from: 8, seats_to: 6, effective_at: '2030-02-01T00:00:00Z' }),
    entry('seats_removal_cancelled', at, { seats_from: 6, seats_to: 8 }),
    entry('a_kind_from_the_future', at, {}),
  ];
  fakeServer(onPath('/api/billing/overview', () => overview()), onPath('/api/billing/history', () => historyPage(lines)));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  await screen.findByTestId('history');
  const text = rows().map((r) => r.textContent);
  expect(text[0]).toContain('Changed by Switchboard support (ops@example.com)');
  expect(text[0]).toContain('Plan: Pro Plus → Teams');
  expect(text[0]).toContain('Seats: 3 → 12');
  expect(text[0]).toContain('Trial turned off');
  expect(text[0]).toContain('Plan ends on Mar 1, 2030, 05:30 AM GMT+5:30');
  expect(text[0]).toContain('Reason: Upgrade agreed by phone');
  expect(text[1]).toContain('Changed by Switchboard support');
  expect(text[2]).toContain('Plan changed from Teams to Pro Plus');
  expect(text[2]).toContain('$900.00 a year');
  expect(text[2]).toContain('Payment status: payment overdue');
  expect(text[3]).toContain('Seats of Teams changed from 5 to 8');
  expect(text[4]).toContain('Subscription to Teams ended');
  expect(text[5]).toContain('Invoice of $12,345.67 paid');
  expect(text[6]).toContain('A payment of $36.00 failed');
  expect(text[7]).toContain('Seat decrease from 8 to 6 scheduled');
  expect(text[7]).toContain('Takes effect on Feb 1, 2030, 05:30 AM GMT+5:30');
  expect(text[8]).toContain('Scheduled decrease to 6 seats cancelled: 8 seats kept');
  expect(text[9]).toContain('Billing change');
  for (const t of text) expect(t).not.toMatch(/_by_|_scheduled|_updated|a_kind/);
});

test("times are to the minute in the organisation's zone, said; a personal workspace uses the browser's", async () => {
  fakeServer(
    onPath('/api/billing/overview', () => overview()),
    onPath('/api/billing/history', () => historyPage([entry('invoice_paid', '2030-01-02T09:30:00Z', { amount_minor: 100, currency: 'USD' })])),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  await screen.findByTestId('history');
  expect(rows()[0]).toHaveTextContent('Jan 2, 2030, 03:00 PM GMT+5:30');
  expect(screen.getByTestId('history-zone')).toHaveTextContent('Times in Asia/Kolkata');
});

test("a personal workspace's times are in the browser's zone", async () => {
  fakeServer(
    onPath('/api/billing/overview', () => overview({ seats: null, time_zone: null })),
    onPath('/api/billing/history', () => historyPage([entry('invoice_paid', '2030-01-02T09:30:00Z', { amount_minor: 100, currency: 'USD' })])),
  );
  signIn(orgMapping({ role_id: 3 }));
  renderAt('/settings/billing', <BillingPage />);
  await screen.findByTestId('history');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(screen.getByTestId('history-zone')).toHaveTextContent(`Times in your browser's time zone (${zone})`);
  const shown = new Intl.DateTimeFormat('en', DATE_TIME_PARTS).format(new Date('2030-01-02T09:30:00Z'));
  expect(rows()[0]).toHaveTextContent(shown);
});

test('the history is paged on the server', async () => {
  const page = (n: number) =>
    historyPage(
      Array.from({ length: n === 2 ? 3 : 10 }, (_, i) =>
        entry('invoice_paid', '2030-01-02T09:30:00Z', { amount_minor: (n * 10 + i + 1) * 100, currency: 'USD' }),
      ),
      23,
      n,
    );
  const calls = fakeServer(
    onPath('/api/billing/overview', () => overview()),
    onPath('/api/billing/history', (c) => page(Number(c.url.searchParams.get('page')))),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  await screen.findByTestId('history');
  expect(rows()).toHaveLength(10);
  expect(screen.getByTestId('history-range')).toHaveTextContent('1–10 of 23');
  const first = calls.find((c) => c.url.pathname === '/api/billing/history');
  expect(first?.url.search).toBe(`?org_id=${ORG}&page=0&per_page=10`);
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(rows()).toHaveLength(3));
  expect(screen.getByTestId('history-range')).toHaveTextContent('21–23 of 23');
  expect(rows()[0]).toHaveTextContent('Invoice of $21.00 paid');
  expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');
});

test('a yearly invoice is said per year', async () => {
  fakeServer(
    onPath('/api/billing/overview', () =>
      overview({ estimated_invoice: { amount_minor: 33_264, currency: 'USD', due_at: '2031-01-01T00:00:00Z', interval: 'year' } }),
    ),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('estimated-amount')).toHaveTextContent('$332.64 a year');
});

test('a plan that will not renew says it ends', async () => {
  fakeServer(onPath('/api/billing/overview', () => overview({ term: { kind: 'ends', at: '2030-02-01T00:00:00Z' } })));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('plan-term')).toHaveTextContent('Ends on Feb 1, 2030: it will not renew');
});

test('a scheduled decrease is shown as scheduled, not offered again, and can be cancelled', async () => {
  let scheduled = true;
  const calls = fakeServer(
    onPath('/api/billing/overview', () =>
      overview({ seats: seats({ seat_issued: 8, pending_seats: 6, pending_from: '2030-02-01T00:00:00Z' }) }),
    ),
    (c) =>
      c.url.pathname === '/api/billing/seats' && c.method === 'POST'
        ? ((scheduled = false), { body: { ...overview({ seats: seats({ seat_issued: 8 }) }), change: null } })
        : undefined,
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const card = await screen.findByTestId('seats-card');
  expect(within(card).getByTestId('seats-scheduled')).toHaveTextContent(
    'On Feb 1, 2030 your seats go from 8 to 6. Until then you keep 8 seats.',
  );
  expect(within(card).queryByLabelText('New number of seats')).toBeNull();
  expect(within(card).queryByRole('button', { name: 'Preview the change' })).toBeNull();
  fireEvent.click(within(card).getByRole('button', { name: 'Cancel the decrease' }));
  expect(await screen.findByText('Scheduled decrease cancelled: you keep 8 seats.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ org_id: ORG, seats: 8 });
  expect(scheduled).toBe(false);
  expect(await within(card).findByLabelText('New number of seats')).toBeInTheDocument();
  expect(within(card).queryByTestId('seats-scheduled')).toBeNull();
});

test('a decrease previewed and confirmed says when it applies, then shows as scheduled', async () => {
  const preview = {
    current_seats: 4,
    new_seats: 3,
    due_now_minor: 0,
    next_invoice_minor: 144_000,
    currency: 'INR',
    at_period_end: true,
    period_end: '2030-02-01T00:00:00Z',
  };
  fakeServer(
    onPath('/api/billing/overview', () => overview()),
    onPath('/api/billing/seats/preview', () => preview),
    (c) =>
      c.url.pathname === '/api/billing/seats' && c.method === 'POST'
        ? { body: { ...overview({ seats: seats({ pending_seats: 3, pending_from: '2030-02-01T00:00:00Z' }) }), change: preview } }
        : undefined,
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const card = await screen.findByTestId('seats-card');
  fireEvent.change(within(card).getByLabelText('New number of seats'), { target: { value: '3' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Preview the change' }));
  fireEvent.click(await within(card).findByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Seats go from 4 to 3 on Feb 1, 2030.')).toBeInTheDocument();
  expect(within(card).getByTestId('seat-change-invoice')).toHaveTextContent('Takes effect on Feb 1, 2030');
  expect(within(card).getByTestId('seats-scheduled')).toBeInTheDocument();
  expect(within(card).queryByLabelText('New number of seats')).toBeNull();
});

test('coming back to the tab reads the billing again (a checkout or the portal elsewhere)', async () => {
  let bought = false;
  const calls = fakeServer(
    onPath('/api/billing/overview', () =>
      bought
        ? overview()
        : overview({ plan: currentPlan({ plan_name: 'Free', standing: 'free', effective_plan_id: 1, plan_id: 1 }), subscribed: false, term: null }),
    ),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('plan-standing')).toHaveTextContent('Free');
  bought = true;
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  await waitFor(() => expect(screen.getByTestId('plan-standing')).toHaveTextContent('Active'));
  expect(screen.getByTestId('plan-name')).toHaveTextContent('Teams');
  expect(calls.filter((c) => c.url.pathname === '/api/billing/overview').length).toBeGreaterThanOrEqual(2);
  // The history is read again too.
  await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/billing/history')).toHaveLength(2));
});
