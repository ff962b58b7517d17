// The checkout return page, the failed transactions and the public pricing page, against a fake
// server: a paid checkout waits ("pending") until the plan is active and shows it with its seats;
// cancelled and unknown returns; signed out; failed transactions for admins only, with their
// empty and error states; pricing without a sign-in, inviting to sign up.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FailedTransaction } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import { useSession } from '@/stores/session';
import CheckoutPage from './pages/CheckoutPage';
import FailedTransactionsPage from './pages/FailedTransactionsPage';
import PricingPage from './pages/PricingPage';
import { currentPlan, errorBody, fakeServer, ME, ORG, orgMapping, overview, renderAt, resetStores, seats, signIn } from './testing';

setupSuite({
  before: () => {
    resetStores();
  },
});

describe('/checkout', () => {
  test('paid: pending until the plan is active, then the plan and its seats', async () => {
    let asked = 0;
    const calls = fakeServer((c) => {
      if (c.url.pathname === '/api/billing/checkout')
        return { body: { status: 'complete', org_id: ORG, workspace_id: null, plan_id: 10, seats: 4 } };
      if (c.url.pathname !== '/api/billing/overview') return undefined;
      asked += 1;
      return asked === 1
        ? { body: overview({ subscribed: false, plan: currentPlan({ plan_name: 'Free', standing: 'free' }) }) }
        : { body: overview({ seats: seats({ seat_issued: 4, seats_used: 1 }) }) };
    });
    signIn(orgMapping());
    renderAt('/checkout?status=paid&session_id=cs_1', <CheckoutPage />);
    expect(await screen.findByText('Thank you! Your payment went through.')).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-pending')).toHaveTextContent('Confirming your plan');
    expect(await screen.findByTestId('checkout-plan')).toHaveTextContent('Teams · 4 seats');
    expect(asked).toBe(2);
    expect(calls.find((c) => c.url.pathname === '/api/billing/overview')?.url.search).toBe(`?org_id=${ORG}`);
  });

  test('paid for a personal plan by an organisation admin: the workspace is asked, not the organisation', async () => {
    const calls = fakeServer((c) => {
      if (c.url.pathname === '/api/billing/checkout')
        return { body: { status: 'complete', org_id: null, workspace_id: ME, plan_id: 8, seats: 1 } };
      if (c.url.pathname === '/api/billing/overview')
        return { body: overview({ seats: null, plan: currentPlan({ plan_name: 'Pro Plus', standing: 'active' }) }) };
      return undefined;
    });
    signIn(orgMapping());
    renderAt('/checkout?status=paid&session_id=cs_2', <CheckoutPage />);
    expect(await screen.findByTestId('checkout-plan')).toHaveTextContent('Pro Plus');
    expect(calls.find((c) => c.url.pathname === '/api/billing/checkout')?.url.search).toBe('?session_id=cs_2');
    expect(calls.find((c) => c.url.pathname === '/api/billing/overview')?.url.search).toBe(`?workspace_id=${ME}`);
  });

  test('cancelled: nothing charged, and a way back to billing', async () => {
    fakeServer();
    signIn(orgMapping());
    renderAt('/checkout?status=cancelled', <CheckoutPage />);
    const box = await screen.findByTestId('checkout-cancelled');
    expect(box).toHaveTextContent('Checkout cancelled');
    expect(within(box).getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/settings/billing');
  });

  test('anything else is unknown', async () => {
    fakeServer();
    signIn(orgMapping());
    renderAt('/checkout', <CheckoutPage />);
    expect(await screen.findByTestId('checkout-unknown')).toHaveTextContent("We don't know how this checkout went yet");
  });

  test('signed out: asked to sign in', async () => {
    fakeServer();
    useSession.setState({ status: 'anonymous', user: null });
    renderAt('/checkout?status=paid&session_id=cs_1', <CheckoutPage />);
    const text = await screen.findByTestId('checkout-signed-out');
    expect(text).toHaveTextContent('Sign in to see your plan.');
    expect(within(text).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/workspace/signup');
  });
});

describe('/failedtransactions', () => {
  const failed: FailedTransaction[] = [
    { id: 1, invoice_id: 'in_9', org_id: ORG, amount_minor: 192_000, currency: 'inr', reason: 'card_declined', created_at: '2030-01-05T00:00:00Z', resolved_at: null },
    { id: 2, invoice_id: 'in_8', org_id: ORG, amount_minor: 4_800, currency: 'usd', reason: null, created_at: '2030-01-01T00:00:00Z', resolved_at: '2030-01-03T00:00:00Z' },
  ];

  test("an admin sees the organisation's failed payments", async () => {
    const calls = fakeServer((c) => (c.url.pathname === '/api/billing/failed-transactions' ? { body: { result: true, data: failed } } : undefined));
    signIn(orgMapping());
    renderAt('/failedtransactions', <FailedTransactionsPage />);
    const table = await screen.findByTestId('failed-transactions');
    expect(calls[0]?.url.search).toBe(`?org_id=${ORG}`);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('₹1,920.00');
    expect(rows[1]).toHaveTextContent('card_declined');
    expect(rows[1]).toHaveTextContent('Unresolved');
    expect(rows[2]).toHaveTextContent('$48.00');
    expect(rows[2]).toHaveTextContent('No reason given');
    expect(rows[2]).toHaveTextContent(/Resolved on/);
  });

  test('none, and a failure that can be retried', async () => {
    let fail = true;
    fakeServer((c) =>
      c.url.pathname === '/api/billing/failed-transactions'
        ? fail
          ? { status: 500, body: errorBody('internal') }
          : { body: { result: true, data: [] } }
        : undefined,
    );
    signIn(orgMapping());
    renderAt('/failedtransactions', <FailedTransactionsPage />);
    expect(await screen.findByText('The failed transactions could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const empty = await screen.findByTestId('failed-empty');
    expect(empty).toHaveTextContent('No failed transactions.');
    expect(empty).toHaveTextContent('Every payment of this organisation went through.');
    expect(within(empty).getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/settings/billing');
  });

  test('anyone but an admin reads the admin-only message and asks nothing', async () => {
    const calls = fakeServer();
    signIn(orgMapping({ role_id: 2 }));
    renderAt('/failedtransactions', <FailedTransactionsPage />);
    expect(await screen.findByTestId('failed-admin-only')).toHaveTextContent('Only Admins can access this section');
    act(() => signIn(null));
    await waitFor(() => expect(screen.getByTestId('failed-admin-only')).toHaveTextContent('Only Admins can access this section'));
    expect(calls).toEqual([]);
  });
});

describe('/pricing', () => {
  test('the plans without a sign-in, Monthly first, and a sign-up call to action', async () => {
    fakeServer();
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('article', { name: 'Pro Plus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByTestId('pricing-cta')).toHaveTextContent('Sign up free');
    expect(screen.getByTestId('pricing-cta')).toHaveAttribute('href', '/workspace/signup');
    fireEvent.click(screen.getByRole('radio', { name: 'For Teams' }));
    const teams = await screen.findByRole('article', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Get started with Teams' })).toHaveAttribute('href', '/workspace/signup');
    fireEvent.click(screen.getByRole('radio', { name: 'Annually' }));
    expect(within(screen.getByRole('article', { name: 'Teams' })).getByTestId('annual-badge')).toHaveTextContent('23% Off');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'INR' } });
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Teams' })).getByTestId('plan-price')).toHaveTextContent('₹369.60'));
  });
});
