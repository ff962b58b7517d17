// The billing screen against a fake server: loading, then the plan, the estimated invoice, the
// seats, invoices and the translated history; empty lists; a failed load that can be retried; a
// failed payment's warning; a change of seats previewed then confirmed; Manage billing opening
// the portal; and the personal workspace for someone who is not the organisation's admin.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { SeatPreview } from '@/generated/contract';
import { initI18n } from '@/lib/i18n';
import BillingPage from './pages/BillingPage';
import { useBillingUi } from './stores/billing';
import { currentPlan, errorBody, fakeServer, ORG, orgMapping, overview, renderAt, resetStores, signIn, type Call } from './testing';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const onOverview = (answer: (c: Call) => { status?: number; body: unknown }) => (c: Call) =>
  c.url.pathname === '/api/billing/overview' ? answer(c) : undefined;

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
  expect(within(plan).getByText(/Renews or ends on/)).toBeInTheDocument();
  expect(screen.getByTestId('estimated-amount')).toHaveTextContent('₹1,920.00');
  expect(screen.getByTestId('seats-issued')).toHaveTextContent('4');
  expect(screen.getByTestId('seats-used')).toHaveTextContent('2');
  const invoices = screen.getByTestId('invoices');
  expect(within(invoices).getByText('₹1,920.00')).toBeInTheDocument();
  expect(within(invoices).getByText('Paid')).toBeInTheDocument();
  const history = screen.getByTestId('history');
  expect(within(history).getByText('Subscription started')).toBeInTheDocument();
  expect(within(history).getByText('Seats added')).toBeInTheDocument();
  expect(within(history).getByText('3 → 4 seats')).toBeInTheDocument();
  expect(screen.queryByTestId('dunning-warning')).toBeNull();
});

test('every history kind is translated', async () => {
  const kinds = [
    ['subscription_started', 'Subscription started'],
    ['subscription_updated', 'Subscription updated'],
    ['subscription_ended', 'Subscription ended'],
    ['invoice_paid', 'Invoice paid'],
    ['payment_failed', 'Payment failed'],
    ['seats_added', 'Seats added'],
    ['seats_removal_scheduled', 'Seat removal scheduled'],
  ];
  fakeServer(onOverview(() => ({ body: overview({ history: kinds.map(([kind]) => ({ at: '2030-01-01T00:00:00Z', kind: kind!, detail: {} })) }) })));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const history = await screen.findByTestId('history');
  for (const [, text] of kinds) expect(within(history).getByText(text!)).toBeInTheDocument();
});

test('empty lists, no invoice expected, and a failed payment warned about', async () => {
  fakeServer(
    onOverview(() => ({
      body: overview({
        plan: currentPlan({ standing: 'grace', grace_until: '2030-02-04T00:00:00Z', dunning_since: '2030-01-20T00:00:00Z' }),
        estimated_invoice: null,
        invoices: [],
        history: [],
        manageBillingURL: null,
      }),
    })),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('dunning-warning')).toHaveTextContent(/A payment failed on .*Update your payment method/);
  expect(screen.getByTestId('plan-standing')).toHaveTextContent('Grace period');
  expect(screen.getByText(/Your features are kept until/)).toBeInTheDocument();
  expect(screen.getByText('No upcoming invoice.')).toBeInTheDocument();
  expect(screen.getByTestId('invoices-empty')).toHaveTextContent('No invoices yet.');
  expect(screen.getByTestId('history-empty')).toHaveTextContent('Nothing has happened yet.');
  expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
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

test('adding seats shows the price before Confirm, then the new seats', async () => {
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
        ? { body: overview({ seats: { seat_issued: 6, seats_used: 2, pending_seats: null } }) }
        : undefined,
    onOverview(() => ({ body: overview() })),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const seats = await screen.findByTestId('seats-card');
  fireEvent.change(within(seats).getByLabelText('New number of seats'), { target: { value: '6' } });
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
  expect(await screen.findByText('Seats updated')).toBeInTheDocument();
});

test('too few seats is refused with the rule text', async () => {
  fakeServer(
    (c) =>
      c.url.pathname === '/api/billing/seats/preview'
        ? { status: 422, body: errorBody('validation_failed', { seats: 'team_too_small' }) }
        : undefined,
    onOverview(() => ({ body: overview() })),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const seats = await screen.findByTestId('seats-card');
  fireEvent.change(within(seats).getByLabelText('New number of seats'), { target: { value: '2' } });
  fireEvent.click(within(seats).getByRole('button', { name: 'Preview the change' }));
  expect(await within(seats).findByRole('alert')).toHaveTextContent('Minimum team size of 3');
});

test('without a subscription the seats change only through a plan', async () => {
  fakeServer(onOverview(() => ({ body: overview({ subscribed: false, estimated_invoice: null }) })));
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  const seats = await screen.findByTestId('seats-card');
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
        seats: { seat_issued: 3, seats_used: 1, pending_seats: null },
        subscribed: false,
        estimated_invoice: null,
        invoices: [],
        history: [],
        manageBillingURL: null,
      }),
    })),
  );
  signIn(orgMapping());
  renderAt('/settings/billing', <BillingPage />);
  expect(await screen.findByTestId('plan-name')).toHaveTextContent('Free');
  expect(screen.getByTestId('plan-ended')).toHaveTextContent('Your Teams plan has ended.');
  expect(screen.queryByText(/Renews or ends on/)).toBeNull();
});
