// The plan banner above the page (001 §4 notice, 000 §2 trial-ended banner), drawn from the
// server's `upsell` answer: every sentence, plural-aware days, the grace period's dates in the
// organisation's zone with Renew, the member's "ask an admin" instead of a button, none on the
// billing page; closing it keeps it closed for the session; the button opens the plan chooser.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import type { PlanUpsell } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { PlanNotice } from './components/BillingPrompts';
import { useBillingUi } from './stores/billing';
import { endedBanner, fakeServer, limits, orgMapping, renderAt, resetStores, signIn, upsell } from './testing';

setupSuite({
  before: () => {
    resetStores();
    fakeServer();
  },
});

/** The limits as loaded for the organisation (what UpgradePopup's load would store). */
function answer(u: PlanUpsell) {
  act(() => useBillingUi.setState({ limits: limits({ upsell: u }), limitsKey: 'test' }));
}

test('a running trial: "Your free trial will expire in N days", plural-aware, with Upgrade now', async () => {
  signIn(orgMapping());
  answer(upsell({ banner: { kind: 'trial_ends_in', days: 3, ended_at: null, until: null, ended: false } }));
  renderAt('/conversations/analytics', <PlanNotice />);
  const notice = await screen.findByTestId('trial-notice');
  expect(notice).toHaveTextContent('Your free trial will expire in 3 days');
  fireEvent.click(within(notice).getByRole('button', { name: 'Upgrade now' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
  answer(upsell({ banner: { kind: 'trial_ends_in', days: 1, ended_at: null, until: null, ended: false } }));
  expect(await screen.findByTestId('trial-notice')).toHaveTextContent(/Your free trial will expire in 1 day(?!s)/);
});

test('an ended trial: the sticky banner "Your free trial has ended" with Upgrade now', async () => {
  signIn(orgMapping());
  answer(upsell({ banner: endedBanner('trial_ended'), action: 'upgrade', card: 'upgrade' }));
  renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  expect(banner).toHaveTextContent('Your free trial has ended');
  expect(banner.style.position).toBe('sticky');
  fireEvent.click(within(banner).getByRole('button', { name: 'Upgrade now' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
});

test('the grace period says when the plan ended and until when its features stay, with Renew', async () => {
  signIn(orgMapping());
  act(() => useWorkspace.setState({ org: { ...(useWorkspace.getState().org ?? {}), time_zone: 'Asia/Kolkata' } as never }));
  answer(
    upsell({
      banner: endedBanner('plan_in_grace', { ended_at: '2026-11-20T20:00:00Z', until: '2026-11-23T20:00:00Z' }),
      action: 'renew',
      card: 'renew',
    }),
  );
  renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  // 20:00 UTC is the next day in Kolkata.
  expect(banner).toHaveTextContent(/Your plan ended on Nov 21, 2026\. Its features stay until Nov 24, 2026; renew to keep them\./);
  expect(banner).not.toHaveTextContent('expired');
  fireEvent.click(within(banner).getByRole('button', { name: 'Renew' }));
  expect(useBillingUi.getState().chooserOpen).toBe(true);
});

test('an employee is told to ask an admin, with no button to buy', async () => {
  signIn(orgMapping({ role_id: 3 }));
  answer(upsell({ banner: endedBanner('plan_expired'), action: 'ask_admin', card: null }));
  renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  expect(banner).toHaveTextContent("Your organisation's plan has expired. Ask an admin of your organisation to renew it.");
  expect(within(banner).queryByRole('button', { name: /Upgrade|Renew/ })).toBeNull();
});

test('an admin whose plan expired reads the spec sentence', async () => {
  signIn(orgMapping());
  answer(upsell({ banner: endedBanner('plan_expired') }));
  renderAt('/conversations/analytics', <PlanNotice />);
  expect(await screen.findByTestId('trial-ended-banner')).toHaveTextContent(
    'Your plan has expired. Renew it by clicking on the upgrade button.',
  );
});

test('nothing without a banner in the answer, nor on the billing page', async () => {
  signIn(orgMapping());
  answer(upsell({ banner: null, action: null, card: null }));
  const router = renderAt('/conversations/analytics', <PlanNotice />);
  expect(screen.queryByTestId('trial-notice')).toBeNull();
  answer(upsell({ banner: endedBanner('trial_ended') }));
  expect(await screen.findByTestId('trial-ended-banner')).toBeInTheDocument();
  await act(() => router.navigate('/settings/billing'));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
});

test('the banner closes and stays closed for the session', async () => {
  signIn(orgMapping());
  answer(upsell({ banner: endedBanner('trial_ended') }));
  const router = renderAt('/conversations/analytics', <PlanNotice />);
  const banner = await screen.findByTestId('trial-ended-banner');
  fireEvent.click(within(banner).getByRole('button', { name: 'Close' }));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  await act(() => router.navigate('/integrations'));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  // A reload of the page (a fresh store) still remembers it.
  act(() => useBillingUi.getState().reset());
  answer(upsell({ banner: endedBanner('trial_ended') }));
  expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  expect(sessionStorage.getItem('switchboard.billing.banner_closed.7')).toBe('1');
});
