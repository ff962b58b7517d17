// The plan chooser against a fake server and the real domain rules (wasm): it starts on Monthly;
// the audience toggle shows only without an organisation (Individuals then, Teams with one);
// Annually shows the 23% Off badge; INR prices carry ₹ and the localised factor; add-ons add in;
// the seats of a team start at the smallest team it can buy and stay within the domain's bounds,
// grouped as the language groups digits; annual plans show what a year costs; Upgrade asks for
// the checkout with the localised plan id and goes to the provider's page in this tab; Switch To
// Team switches to the organisation and then goes to /organization.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { signInAs, setupSuite } from '@/testing/harness';
import { useWorkspace } from '@/stores/workspace';
import PlanChooser from './components/PlanChooser';
import { goTo } from './components/openPage';
import { useBillingUi } from './stores/billing';
import { errorBody, fakeServer, me, ME, ORG, orgMapping, renderAt, resetStores, signIn } from './testing';

vi.mock('./components/openPage', () => ({ goTo: vi.fn(), reserveTab: vi.fn(), openPage: vi.fn() }));

setupSuite({
  before: () => {
    resetStores();
    vi.mocked(goTo).mockClear();
  },
});

function open() {
  act(() => useBillingUi.getState().openChooser());
  renderAt('/conversations/analytics', <PlanChooser />);
  return screen.findByRole('dialog', { name: 'Choose the right plan' });
}

const card = (name: string) => screen.getByRole('article', { name });
const price = (name: string) => within(card(name)).getByTestId('plan-price');

test('with an organisation: Monthly, Teams, no audience toggle, dollar prices', async () => {
  fakeServer();
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  expect(within(dialog).getByRole('radio', { name: 'Monthly' })).toBeChecked();
  expect(within(dialog).getByRole('radio', { name: 'Annually' })).not.toBeChecked();
  expect(within(dialog).queryByRole('radio', { name: 'For Teams' })).toBeNull();
  expect(within(dialog).queryByRole('radio', { name: 'For Individuals' })).toBeNull();
  expect(within(dialog).getAllByRole('article')).toHaveLength(1);
  expect(price('Teams')).toHaveTextContent('$12.00');
  expect(within(card('Teams')).queryByTestId('annual-badge')).toBeNull();
});

test('without an organisation: the audience toggle on For Individuals, and Teams asks for an organisation', async () => {
  fakeServer();
  signIn(null);
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Pro Plus' });
  expect(within(dialog).getByRole('radio', { name: 'For Individuals' })).toBeChecked();
  expect(within(dialog).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Free',
    'Personal Pro',
    'Pro Plus',
  ]);
  expect(price('Pro Plus')).toHaveTextContent('$9.00');
  fireEvent.click(within(dialog).getByRole('radio', { name: 'For Teams' }));
  expect(await within(dialog).findByTestId('teams-needs-org')).toBeInTheDocument();
  expect(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' })).toBeDisabled();
});

test('Annually shows the 23% Off badge on paid plans and the annual prices', async () => {
  fakeServer();
  signIn(null);
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Pro Plus' });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Annually' }));
  expect(within(card('Pro Plus')).getByTestId('annual-badge')).toHaveTextContent('23% Off');
  expect(within(card('Personal Pro')).getByTestId('annual-badge')).toHaveTextContent('23% Off');
  expect(within(card('Free')).queryByTestId('annual-badge')).toBeNull();
  expect(price('Pro Plus')).toHaveTextContent('$6.93');
});

test('INR prices carry ₹ and the localised factor, with the add-ons and the seats', async () => {
  fakeServer();
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'INR' } });
  await waitFor(() => expect(price('Teams')).toHaveTextContent('₹480.00'));
  expect(within(card('Teams')).getByTestId('plan-total')).toHaveTextContent('₹1,440.00 a month for 3 seats');
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /AI Reply/ }));
  expect(price('Teams')).toHaveTextContent('₹760.00');
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Annually' }));
  // 9.24 × 40 + 200 (the annual AI Reply add-on in rupees).
  expect(price('Teams')).toHaveTextContent('₹569.60');
});

test('a team below 3 seats cannot check out', async () => {
  fakeServer();
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  fireEvent.change(within(dialog).getByLabelText('Seats'), { target: { value: '2' } });
  expect(await within(dialog).findByText('At least 3 seats: the team minimum, and one for each member')).toBeInTheDocument();
  expect(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' })).toBeDisabled();
});

test('the seats start at the members the organisation has, never at the seats issued', async () => {
  const calls = fakeServer((c) =>
    c.url.pathname === '/api/v1/whatzapp/remainseatsavablity'
      ? { body: { result: true, data: { seat_issued: 12, seats_used: 5, remaining_seats: 7 } } }
      : undefined,
  );
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  const field = within(dialog).getByLabelText('Seats');
  await waitFor(() => expect(field).toHaveValue('5'));
  expect(calls.find((c) => c.url.pathname === '/api/v1/whatzapp/remainseatsavablity')?.url.search).toBe(`?org_id=${ORG}`);
  expect(within(dialog).getByText('From 5 to 10,000 seats')).toBeInTheDocument();
  fireEvent.change(field, { target: { value: '4' } });
  expect(within(dialog).getByText('At least 5 seats: the team minimum, and one for each member')).toBeInTheDocument();
});

test('past the maximum is said, with the digits grouped, and cannot check out', async () => {
  fakeServer();
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  const field = within(dialog).getByLabelText('Seats');
  fireEvent.change(field, { target: { value: '100000' } });
  expect(field).toHaveValue('100,000');
  expect(within(dialog).getByText('At most 10,000 seats on one plan')).toBeInTheDocument();
  expect(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' })).toBeDisabled();
  fireEvent.change(field, { target: { value: '1200' } });
  expect(field).toHaveValue('1,200');
  expect(within(card('Teams')).getByTestId('plan-total')).toHaveTextContent('$14,400.00 a month for 1200 seats');
});

test('annual plans show what a year costs: for the seats, and per employee', async () => {
  fakeServer();
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  expect(within(card('Teams')).getByTestId('plan-total')).toHaveTextContent('$36.00 a month for 3 seats');
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Annually' }));
  expect(price('Teams')).toHaveTextContent('$9.24');
  // 9.24 × 3 seats × 12 months: the amount the yearly invoice charges.
  expect(within(card('Teams')).getByTestId('plan-total')).toHaveTextContent('$332.64 a year for 3 seats, billed yearly');
});

test('an annual personal plan shows its yearly amount', async () => {
  fakeServer();
  signIn(null);
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Pro Plus' });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Annually' }));
  expect(within(card('Pro Plus')).getByTestId('plan-total')).toHaveTextContent('$83.16 a year per employee, billed yearly');
  expect(within(card('Free')).queryByTestId('plan-total')).toBeNull();
});

test('Upgrade checks out with the localised plan id, the seats, the currency and the add-ons ticked, in this tab', async () => {
  const calls = fakeServer((c) =>
    c.url.pathname === '/api/v1/whatzapp/createorgcheckoutsession'
      ? { body: { result: true, url: 'https://pay.example.test/s/1' } }
      : undefined,
  );
  const openSpy = vi.fn();
  vi.stubGlobal('open', openSpy);
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Annually' }));
  fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'INR' } });
  await waitFor(() => expect(price('Teams')).toHaveTextContent('₹369.60'));
  fireEvent.change(within(dialog).getByLabelText('Seats'), { target: { value: '4' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /^AI Reply/ }));
  fireEvent.click(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' }));
  // No second tab left behind on the old plan: this tab goes, and /checkout brings it back.
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://pay.example.test/s/1'));
  expect(openSpy).not.toHaveBeenCalled();
  expect(calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('createorgcheckoutsession'))?.body).toEqual({
    workspace_id: ME,
    plan_id: 1011,
    quantity: 4,
    org_id: ORG,
    currency: 'INR',
    addons: ['ai_reply'],
  });
  expect(useBillingUi.getState().chooserOpen).toBe(false);
});

test('a refused checkout says why and stays', async () => {
  fakeServer((c) =>
    c.url.pathname.endsWith('createorgcheckoutsession') ? { status: 409, body: errorBody('already_subscribed') } : undefined,
  );
  signIn(orgMapping());
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  fireEvent.click(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' }));
  expect(
    await within(dialog).findByText('You already have a subscription. Change its seats or plan in Billing.'),
  ).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

test('a member who is not the admin cannot buy Teams for the organisation', async () => {
  fakeServer();
  signIn(orgMapping({ role_id: 3 }));
  const dialog = await open();
  await within(dialog).findByRole('article', { name: 'Teams' });
  expect(within(dialog).getByTestId('teams-admin-only')).toHaveTextContent('Only Admins can access this section');
  expect(within(card('Teams')).getByRole('button', { name: 'Upgrade to Teams' })).toBeDisabled();
});

test('plans that cannot be loaded say so and can be asked again', async () => {
  let fail = true;
  fakeServer((c) => (fail && c.url.pathname.endsWith('planlist') ? { status: 500, body: errorBody('internal') } : undefined));
  signIn(orgMapping());
  const dialog = await open();
  expect(await within(dialog).findByText('The plans could not be loaded.')).toBeInTheDocument();
  fail = false;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(await within(dialog).findByRole('article', { name: 'Teams' })).toBeInTheDocument();
});

test('Switch To Team switches to the organisation, then goes to /organization (001 §4, issue #28)', async () => {
  // On the personal workspace, a member of an organisation that is not the active one.
  const inactive = orgMapping({ is_default_org: 0, default_org: 0 });
  const calls = fakeServer((c) => {
    if (c.url.pathname === '/api/v1/whatzapp/organizations/active') return { body: { result: true, data: [orgMapping()] } };
    if (c.url.pathname === '/api/v1/whatzapp/checkuserexistance') return { body: { result: true, data: me([orgMapping()]) } };
    return undefined;
  });
  signInAs(null, { name: 'Owner', workspace: { me: me([inactive]) } });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    act(() => useBillingUi.getState().openChooser());
    const router = renderAt('/settings/billing', <PlanChooser />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose the right plan' });
    await within(dialog).findByRole('article', { name: 'Pro Plus' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'For Teams' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Switch To Team' }));
    await waitFor(() => expect(useWorkspace.getState().switching).toBe('teams'));
    const active = calls.find((c) => c.url.pathname === '/api/v1/whatzapp/organizations/active')!;
    expect(active.method).toBe('PATCH');
    expect(active.url.searchParams.get('org_id')).toBe(String(ORG));
    // The popup shows for 3 seconds (001 §9) before anything moves.
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/settings/billing');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'));
    expect(useWorkspace.getState().switching).toBeNull();
    expect(useWorkspace.getState().current?.org_id).toBe(ORG);
  } finally {
    vi.useRealTimers();
  }
});
