// The trial or expiry notice (001 §4) and the trial-ended banner (000 §2), from the
// organisation's credit history through the `trial_notice` rule: every text, plural-aware days,
// none for a running paid plan or without an organisation, none on the billing page; closing the
// banner keeps it closed for the session; Upgrade now opens the plan chooser.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { PlanNotice } from './components/BillingPrompts';
import { planNotice } from './logic';
import { useBillingUi } from './stores/billing';
import { credit, DAY, fakeServer, orgMapping, renderAt, resetStores, signIn } from './testing';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetStores();
  fakeServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const iso = (ms: number) => new Date(ms).toISOString();

test('a running trial: "Your free trial will expire in N days", rounded up and plural-aware', async () => {
  signIn(orgMapping(), credit({ validity: iso(Date.now() + 2 * DAY + 60_000) }));
  renderAt('/conversations/analytics', <PlanNotice />);
  expect(await screen.findByTestId('trial-notice')).toHaveTextContent('Your free trial will expire in 3 days');
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
});

test('one day left reads "1 day"', async () => {
  signIn(orgMapping(), credit({ validity: iso(Date.now() + DAY / 2) }));
  renderAt('/conversations/analytics', <PlanNotice />);
  expect(await screen.findByTestId('trial-notice')).toHaveTextContent(/^Your free trial will expire in 1 day(?!s)/);
});

test('an ended trial: the sticky banner "Your free trial has ended" with Upgrade now and a close icon', async () => {
  signIn(orgMapping(), credit({ validity: iso(Date.now() - 30 * DAY), plan_id: 1 }));
  renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  expect(banner).toHaveTextContent('Your free trial has ended');
  expect(banner.style.position).toBe('sticky');
  fireEvent.click(within(banner).getByRole('button', { name: 'Upgrade now' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
});

test('an expired paid plan: "Your plan has expired. Renew it by clicking on the upgrade button."', async () => {
  signIn(orgMapping(), credit({ validity: iso(Date.now() - DAY), is_trial: false }));
  renderAt('/conversations/analytics', <PlanNotice />);
  expect(await screen.findByTestId('trial-ended-banner')).toHaveTextContent(
    'Your plan has expired. Renew it by clicking on the upgrade button.',
  );
});

test('no validity: the default "Your 7-day trial has ended"', async () => {
  signIn(orgMapping(), credit({ validity: null, is_trial: false, plan_id: 1 }));
  renderAt('/conversations/analytics', <PlanNotice />);
  expect(await screen.findByTestId('trial-ended-banner')).toHaveTextContent('Your 7-day trial has ended');
});

test('nothing while a paid plan runs, nor on the personal workspace, nor on the billing page', () => {
  const now = Date.now();
  expect(planNotice(credit({ validity: iso(now + 30 * DAY), is_trial: false }), now)).toBeNull();
  expect(planNotice(credit({ org_id: null }), now)).toBeNull();
  expect(planNotice(null, now)).toBeNull();
  signIn(orgMapping(), credit({ validity: iso(now - DAY) }));
  renderAt('/settings/billing', <PlanNotice />);
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  expect(screen.queryByTestId('trial-notice')).toBeNull();
});

test('the banner closes and stays closed for the session', async () => {
  signIn(orgMapping(), credit({ validity: iso(Date.now() - 30 * DAY) }));
  const router = renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  fireEvent.click(within(banner).getByRole('button', { name: 'Close' }));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  await act(() => router.navigate('/integrations'));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  // A reload of the page (a fresh store) still remembers it.
  act(() => useBillingUi.getState().reset());
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  expect(sessionStorage.getItem('switchboard.billing.banner_closed.7')).toBe('1');
});
