// The upgrade-required popup (001 §4) as the signed-in frame mounts it, against a fake server's
// plan limits: the individual-account text on the personal workspace, the expired-plan text on
// an organisation whose plan is over, "You don't have Teams plan" on Free; closed on /settings
// and /organization paths, when suppressed, while a plan runs; once per session.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { BillingPopups } from './components/BillingPrompts';
import { upgradePrompt } from './logic';
import { useBillingUi } from './stores/billing';
import { fakeServer, limits, ORG, orgMapping, renderAt, resetStores, signIn, upsell } from './testing';

const expired = upsell({ popup: 'expired', no_teams_plan: true, banner: null, action: null });
const individual = upsell({ popup: 'individual', no_teams_plan: true, banner: null, action: null });

setupSuite({
  before: () => {
    resetStores();
  },
});

const answerLimits = (l: ReturnType<typeof limits>) => fakeServer((c) => (c.url.pathname === '/api/billing/limits' ? { body: l } : undefined));

describe('the popup', () => {
  test('on the personal workspace on Free: the individual-account text, and Switch Now goes to billing', async () => {
    const calls = answerLimits(limits({ standing: 'free', effective_plan_id: 1, seats: null, upsell: individual }));
    signIn(null);
    const router = renderAt('/conversations/analytics', <BillingPopups suppressed={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Looks like you are on individual account!' });
    expect(within(dialog).getByText('Switch now to teams to keep enjoying Switchboard with all features.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('no-teams-plan')).toHaveTextContent("You don't have Teams plan");
    expect(calls.find((c) => c.url.pathname === '/api/billing/limits')?.url.search).toBe('?workspace_id=7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('on the organisation back on Free: the expired-plan text, Book a demo, and Upgrade Now opens the chooser', async () => {
    const calls = answerLimits(limits({ standing: 'free', effective_plan_id: 1, upsell: expired }));
    signIn(orgMapping());
    renderAt('/integrations', <BillingPopups suppressed={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Looks like your plan has expired!' });
    expect(within(dialog).getByTestId('no-teams-plan')).toHaveTextContent("You don't have Teams plan");
    // No demo link configured (the server's answer is not faked here): our own demo page.
    expect(within(dialog).getByRole('link', { name: 'Book a demo' }).getAttribute('href')).toMatch(/^\/feedback\/demo\?text=Hi/);
    expect(calls.find((c) => c.url.pathname === '/api/billing/limits')?.url.search).toBe(`?org_id=${ORG}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByRole('dialog', { name: 'Choose the right plan' })).toBeInTheDocument();
    expect(useBillingUi.getState().chooserOpen).toBe(true);
  });

  test('in the grace period the plan has expired, but the Teams features are still there', async () => {
    answerLimits(limits({ standing: 'grace', effective_plan_id: 10, upsell: upsell({ popup: 'expired', card: 'renew', action: 'renew' }) }));
    signIn(orgMapping());
    renderAt('/conversations/analytics', <BillingPopups suppressed={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Looks like your plan has expired!' });
    expect(within(dialog).queryByTestId('no-teams-plan')).toBeNull();
  });

  for (const path of ['/settings/billing', '/settings', '/organization', '/organization/42']) {
    test(`stays closed on ${path}`, async () => {
      const calls = answerLimits(limits({ standing: 'free', effective_plan_id: 1, upsell: expired }));
      signIn(orgMapping());
      renderAt(path, <BillingPopups suppressed={false} />);
      await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/billing/limits')).toBe(true));
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  test('stays closed when prompts are suppressed', async () => {
    answerLimits(limits({ standing: 'free', effective_plan_id: 1, upsell: expired }));
    signIn(orgMapping());
    renderAt('/conversations/analytics', <BillingPopups suppressed />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('stays closed while the trial runs', async () => {
    const calls = answerLimits(limits({ standing: 'trial', effective_plan_id: 10 }));
    signIn(orgMapping());
    renderAt('/conversations/analytics', <BillingPopups suppressed={false} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/billing/limits')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('shows once per session: closed, it does not come back', async () => {
    answerLimits(limits({ standing: 'free', effective_plan_id: 1, upsell: expired }));
    signIn(orgMapping());
    const router = renderAt('/conversations/analytics', <BillingPopups suppressed={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Looks like your plan has expired!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate('/integrations'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('switchboard.billing.prompt_shown.7')).toBe('1');
  });
});

describe('upgradePrompt', () => {
  const free = limits({ standing: 'free', effective_plan_id: 1, upsell: expired });
  const base = { signedIn: true, suppressed: false, pathname: '/conversations/analytics', limits: free };

  test('is closed when not signed in, suppressed, without limits or on the excluded paths', () => {
    expect(upgradePrompt({ ...base, signedIn: false })).toBeNull();
    expect(upgradePrompt({ ...base, suppressed: true })).toBeNull();
    expect(upgradePrompt({ ...base, limits: null })).toBeNull();
    expect(upgradePrompt({ ...base, pathname: '/settings/billing' })).toBeNull();
    expect(upgradePrompt({ ...base, pathname: '/organization' })).toBeNull();
  });

  test("opens with the server's popup, and only then", () => {
    expect(upgradePrompt(base)).toEqual({ variant: 'expired', noTeamsPlan: true });
    expect(upgradePrompt({ ...base, limits: limits({ upsell: individual }) })).toEqual({ variant: 'individual', noTeamsPlan: true });
    // A running trial, the top plan, an employee: the server answers no popup.
    expect(upgradePrompt({ ...base, limits: limits({ standing: 'trial' }) })).toBeNull();
    expect(upgradePrompt({ ...base, limits: limits({ standing: 'free', upsell: upsell({ popup: null, card: null }) }) })).toBeNull();
  });
});
