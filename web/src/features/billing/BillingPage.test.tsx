// The billing screen against a fake server: loading, then the plan, the estimated invoice, the
// seats, invoices and the translated history; empty lists; a failed load that can be retried; a
// failed payment's warning; a change of seats previewed then confirmed; Manage billing opening
// the portal; and the personal workspace for someone who is not the organisation's admin.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { SeatPreview } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import BillingPage from './pages/BillingPage';
import { useBillingUi } from './stores/billing';
import { currentPlan, errorBody, fakeServer, historyPage, ORG, orgMapping, overview, renderAt, resetStores, seats as seatsOf, signIn, type Call } from './testing';

setupSuite({
  before: () => {
    resetStores();
  },
});

const onOverview = (answer: (c: Call) => { status?: number; body: unknown }) => (c: Call) =>
  c.url.pathname === '/api/billing/overview' ? answer(c) : undefined;

/** The billing page of the signed-in admin, opened at its seats card. */
async function openSeats() {
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  return screen.findByTestId('seats-card');
}

test("loading, then the organisation's plan, invoice, seats, invoices and history", async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const calls = fakeServer((c) => (c.url.pathname === '/api/billing/overview' ? { body: overview() } : undefined));
  const slowFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
    await gate;
    return slowFetch(...args);
  });
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByLabelText('Loading billing…')).toBeInTheDocument();
  act(() => release());
  const plan = await screen.findByTestId('current-plan');
  expect(calls.find((c) => c.url.pathname === '/api/billing/overview')?.url.search).toBe(`?org_id=${ORG}`);
  expect(screen.getByTestId('billing-payer')).toHaveTextContent('Acme Traders');
  expect(within(plan).getByTestId('plan-name')).toHaveTextContent('Teams');
  expect(within(plan).getByTestId('plan-standing')).toHaveTextContent('Active');
  expect(within(plan).getByTestId('plan-term')).toHaveTextContent(/^Renews on Feb 1, 2030$/);
  expect(screen.getByTestId('estimated-amount')).toHaveTextContent('₹1,920.00 a month');
  expect(screen.getByTestId('seats-issued')).toHaveTextContent('4');
  expect(screen.getByTestId('seats-used')).toHaveTextContent('2');
  const invoices = screen.getByTestId('invoices');
  expect(within(invoices).getByText('₹1,920.00')).toBeInTheDocument();
  expect(within(invoices).getByText('Paid')).toBeInTheDocument();
  const history = await screen.findByTestId('history');
  expect(within(history).getByText('Subscription to Teams started with 3 seats')).toBeInTheDocument();
  expect(within(history).getByText('Seats increased from 3 to 4')).toBeInTheDocument();
  expect(within(history).getByText('Charged now: ₹160.00')).toBeInTheDocument();
  expect(screen.queryByTestId('dunning-warning')).toBeNull();
});

test('empty lists, no invoice expected, and a failed payment warned about', async () => {
  fakeServer(
    onOverview(() => ({
      body: overview({
        plan: currentPlan({ standing: 'grace', grace_until: '2030-02-04T00:00:00Z', dunning_since: '2030-01-20T00:00:00Z' }),
        term: { kind: 'grace_until', at: '2030-02-04T00:00:00Z' },
        estimated_invoice: null,
        invoices: [],
        manageBillingURL: null,
      }),
    })),
    (c) => (c.url.pathname === '/api/billing/history' ? { body: historyPage([]) } : undefined),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('dunning-warning')).toHaveTextContent(/A payment failed on .*Update your payment method/);
  expect(screen.getByTestId('plan-standing')).toHaveTextContent('Grace period');
  expect(screen.getByTestId('plan-term')).toHaveTextContent('Ended: your features are kept until Feb 4, 2030');
  expect(screen.getByText('No upcoming invoice.')).toBeInTheDocument();
  const invoices = screen.getByTestId('invoices-empty');
  expect(invoices).toHaveTextContent('No invoices yet.');
  expect(invoices).toHaveTextContent('Each payment adds its invoice here.');
  // A subscription already: its first invoice is on its way, nothing to choose.
  expect(within(invoices).queryByRole('button')).toBeNull();
  const history = await screen.findByTestId('history-empty');
  expect(history).toHaveTextContent('Nothing has happened yet.');
  expect(history).toHaveTextContent('Plan, seat and payment changes are listed here as they happen.');
  expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
});

test('no invoices without a subscription offers to choose a plan', async () => {
  fakeServer(
    onOverview(() => ({ body: overview({ subscribed: false, invoices: [] }) })),
    (c) => (c.url.pathname === '/api/billing/history' ? { body: historyPage([]) } : undefined),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const invoices = await screen.findByTestId('invoices-empty');
  fireEvent.click(within(invoices).getByRole('button', { name: 'Choose a plan' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
});

test('a failed load says so and can be tried again', async () => {
  let fail = true;
  fakeServer(onOverview(() => (fail ? { status: 500, body: errorBody('internal') } : { body: overview() })));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByText('Billing could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('current-plan')).toBeInTheDocument();
});

test('adding seats shows the price before Confirm, then a toast and the change\'s invoice', async () => {
  const preview: SeatPreview = {
    current_seats: 4,
    new_seats: 6,
    due_now_minor: 48_000,
    next_invoice_minor: 288_000,
    currency: 'INR',
    at_period_end: false,
    period_end: '2030-02-01T00:00:00Z',
  };
  const calls = fakeServer(
    (c) => (c.url.pathname === '/api/billing/seats/preview' ? { body: preview } : undefined),
    (c) =>
      c.url.pathname === '/api/billing/seats' && c.method === 'POST'
        ? { body: { ...overview({ seats: seatsOf({ seat_issued: 6 }) }), change: preview } }
        : undefined,
    onOverview(() => ({ body: overview() })),
  );
  const seats = await openSeats();
  const field = within(seats).getByLabelText('New number of seats');
  // Not pre-filled with the seats the plan has: the current number is only a hint.
  expect(field).toHaveValue('');
  expect(field).toHaveAttribute('placeholder', 'Now 4');
  expect(within(seats).getByRole('button', { name: 'Preview the change' })).toBeDisabled();
  fireEvent.change(field, { target: { value: '6' } });
  fireEvent.click(within(seats).getByRole('button', { name: 'Preview the change' }));
  const shown = await within(seats).findByTestId('seat-preview');
  expect(calls.find((c) => c.url.pathname === '/api/billing/seats/preview')?.url.search).toBe(`?org_id=${ORG}&seats=6`);
  expect(shown).toHaveTextContent('4 → 6 seats');
  expect(shown).toHaveTextContent('Due now: ₹480.00');
  expect(shown).toHaveTextContent('Next invoice: ₹2,880.00');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.click(within(shown).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.getByTestId('seats-issued')).toHaveTextContent('6'));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ org_id: ORG, seats: 6 });
  expect(await screen.findByText('Seats changed from 4 to 6. Charged now: ₹480.00.')).toBeInTheDocument();
  const invoice = screen.getByTestId('seat-change-invoice');
  expect(invoice).toHaveTextContent('Charged now: ₹480.00');
  expect(invoice).toHaveTextContent('Next invoice, on Feb 1, 2030: ₹2,880.00');
  // The history is read again from its first page.
  await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/billing/history')).toHaveLength(2));
});

test('too few seats is refused with the rule text', async () => {
  fakeServer(
    (c) =>
      c.url.pathname === '/api/billing/seats/preview'
        ? { status: 422, body: errorBody('validation_failed', { seats: 'team_too_small' }) }
        : undefined,
    onOverview(() => ({ body: overview() })),
  );
  const seats = await openSeats();
  // Checked live by the domain: below the minimum and past the maximum are said at once.
  const field = within(seats).getByLabelText('New number of seats');
  fireEvent.change(field, { target: { value: '2' } });
  expect(within(seats).getByText('At least 3 seats: the team minimum, and one for each member')).toBeInTheDocument();
  expect(within(seats).getByRole('button', { name: 'Preview the change' })).toBeDisabled();
  fireEvent.change(field, { target: { value: '100000' } });
  expect(within(seats).getByText('At most 10,000 seats on one plan')).toBeInTheDocument();
  expect(field).toHaveValue('100,000');
  expect(within(seats).getByRole('button', { name: 'Preview the change' })).toBeDisabled();
  // The server's refusal reads the same.
  fireEvent.change(field, { target: { value: '5' } });
  fireEvent.click(within(seats).getByRole('button', { name: 'Preview the change' }));
  expect(await within(seats).findByRole('alert')).toHaveTextContent('At least 3 seats');
});

test('without a subscription the seats change only through a plan', async () => {
  fakeServer(onOverview(() => ({ body: overview({ subscribed: false, estimated_invoice: null }) })));
  const seats = await openSeats();
  expect(within(seats).getByText('Seats change through a paid plan. Choose a plan first.')).toBeInTheDocument();
  expect(within(seats).queryByRole('button', { name: 'Preview the change' })).toBeNull();
  fireEvent.click(within(seats).getByRole('button', { name: 'Choose a plan' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
});

test('Manage billing asks for the portal and opens it', async () => {
  const calls = fakeServer(
    onOverview(() => ({ body: overview() })),
    (c) => (c.url.pathname === '/api/billing/portal' ? { body: { result: true, data: 'https://portal.example.test/c' } } : undefined),
  );
  const tab = { opener: {}, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
  vi.stubGlobal('open', vi.fn(() => tab));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
  await waitFor(() => expect(tab.location.href).toBe('https://portal.example.test/c'));
  expect(calls.find((c) => c.url.pathname === '/api/billing/portal')?.url.search).toBe(`?org_id=${ORG}`);
});

test('a member who is not the admin sees their personal workspace', async () => {
  const calls = fakeServer(onOverview(() => ({ body: overview({ seats: null, plan: currentPlan({ plan_name: 'Free', standing: 'free', validity: null }) }) })));
  signIn(orgMapping({ role_id: 3 }));
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('plan-standing')).toHaveTextContent('Free');
  expect(calls.find((c) => c.url.pathname === '/api/billing/overview')?.url.search).toBe('?workspace_id=7');
  expect(screen.getByTestId('billing-payer')).toHaveTextContent('Your personal workspace');
  expect(screen.queryByTestId('seats-card')).toBeNull();
});

test('an organisation whose trial is over reads Free, and which plan ended', async () => {
  fakeServer(
    onOverview(() => ({
      body: overview({
        plan: currentPlan({ plan_id: 10, effective_plan_id: 1, standing: 'free', is_trial: true, validity: '2020-01-01T00:00:00Z' }),
        seats: seatsOf({ seat_issued: 3, seats_used: 1 }),
        term: null,
        subscribed: false,
        estimated_invoice: null,
        invoices: [],
        manageBillingURL: null,
      }),
    })),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('plan-name')).toHaveTextContent('Free');
  expect(screen.getByTestId('plan-ended')).toHaveTextContent('Your Teams plan has ended.');
  expect(screen.queryByTestId('plan-term')).toBeNull();
});
