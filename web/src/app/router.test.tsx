// The route table and the guard, rendered for real (memory router, real pages, real catalogue).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { renderRoutes, setupSuite } from '@/testing/harness';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { useBillingUi } from '@/features/billing/stores/billing';
import { endedBanner, limits as limitsWith, upsell as upsellOf } from '@/features/billing/testing';
import { ADMIN_PATHS } from '@/features/admin/paths';
import { routes, publicRoutes, protectedRoutes, adminRoutes, PRODUCT } from './router';

setupSuite();

const renderAt = (path: string) => renderRoutes(routes, path).router;

describe('route table (spec 000 §2)', () => {
  beforeEach(() => useSession.setState({ status: 'anonymous', user: null }));

  it('lists every public route of the spec', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/terms', '/privacy', '/faqs', '/pricing', '/features', '/howitworks', '/feedback/:id',
        '/checkout', '/navcomp', '/trendsTable', '/performanceTable',
      ]),
    );
  });

  it('lists every protected route of the spec', () => {
    expect(protectedRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/organization', '/organization/:id', '/conversations/analytics', '/team-inbox',
        '/integrations', '/knowledge-base', '/leads', '/settings', '/settings/:id',
        '/settings/billing', '/quick-replies', '/quick-replies/analytics', '/userproperties',
        '/labels', '/leadcrm', '/failedtransactions', '/quick-replies/follow-ups', '/quick-replies/scheduled',
      ]),
    );
  });

  it('keeps the operator screens apart: the secure sign-in and the admin panel under the product name', () => {
    const paths = adminRoutes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/admin/panel/secure', `/${PRODUCT}/admin/panel`]));
    // Every link of the admin sidebar and tabs is a route.
    for (const path of Object.values(ADMIN_PATHS)) expect(paths).toContain(path);
    // Neither behind the users' sign-in nor public to anyone.
    for (const path of paths) {
      expect(protectedRoutes.map((r) => r.path)).not.toContain(path);
      expect(publicRoutes.map((r) => r.path)).not.toContain(path);
    }
  });

  it('redirects a signed-out visitor from a protected route to the signup page', async () => {
    const router = renderAt('/integrations');
    expect(await screen.findByRole('heading', { name: 'Sign in to your workspace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace/signup');
  });

  it('shows the loader while the session is being checked', async () => {
    useSession.setState({ status: 'checking', user: null });
    renderAt('/organization');
    expect(await screen.findByTestId('full-screen-loader')).toBeInTheDocument();
  });

  it('lets a signed-in user reach a protected page', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    useWorkspace.setState({
      status: 'ready',
      me: {
        id: 1, email: 'a@b.co', name: 'A', mobile: null, profile_pic: null,
        integrations: { googleSheet: false, hubspot: false, freshdesk: false, zoho: false, salesforce: false, leadsquared: false, bitrix: false, webhooks: false },
        callyzer_user_mappings: [],
      },
      current: null,
      org: null,
    });
    renderAt('/integrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
  });

  it('serves the knowledge-base screen at /knowledge-base, which needs an organisation', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    useWorkspace.setState({ status: 'ready', current: null, org: null });
    renderAt('/knowledge-base');
    expect(await screen.findByText('Choose an organisation to use the knowledge base.')).toBeInTheDocument();
  });

  it('shows the section title with its sub-section links (001 §2)', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    renderAt('/labels');
    const sub = await screen.findByRole('navigation', { name: 'Manage Tools' });
    expect(sub).toHaveTextContent('Quick Replies');
    expect(sub).toHaveTextContent('User Profile');
    expect(screen.getByRole('link', { name: 'Labels', current: 'page' })).toBeInTheDocument();
  });

  it('serves Manage Tools at each of its tabs\' addresses, the tab of the address selected', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    useWorkspace.setState({ status: 'ready', current: null, org: null });
    for (const [path, tab] of [
      ['/userproperties', 'User Profile'],
      ['/quick-replies/scheduled', 'Scheduled messages'],
    ] as const) {
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Manage Tools' })).toBeInTheDocument();
      expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
      unmount();
    }
  }, 20_000);

  // The key the frame loads the limits under (the personal workspace of user 1), so the limits
  // set here are the ones it keeps.
  const OWN = JSON.stringify({ workspace_id: 1 });

  it('shows the trial-ended banner with Upgrade now, closable, but not on billing (000 §2)', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    useWorkspace.setState({ status: 'ready', current: null });
    useBillingUi.setState({ limits: limitsWith({ upsell: upsellOf({ banner: endedBanner('trial_ended') }) }), limitsKey: OWN });
    renderAt('/integrations');
    const banner = await screen.findByTestId('trial-ended-banner');
    expect(banner).toHaveTextContent('Your free trial has ended');
    expect(within(banner).getByRole('button', { name: 'Upgrade now' })).toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  });

  it('shows the upgrade card only when the answer offers one, and Renew plan in the grace period', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    useWorkspace.setState({ status: 'ready', current: null });
    useBillingUi.setState({ limits: limitsWith({ upsell: upsellOf({ card: null, banner: null, action: null }) }), limitsKey: OWN });
    renderAt('/integrations');
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    expect(screen.queryByTestId('upgrade-card')).toBeNull();
    act(() =>
      useBillingUi.setState({
        limits: limitsWith({ upsell: upsellOf({ card: 'renew', action: 'renew', banner: endedBanner('plan_in_grace', { until: '2026-11-23T10:00:00Z' }) }) }),
      }),
    );
    expect(await screen.findByTestId('upgrade-card')).toHaveAccessibleName('Renew plan');
    act(() => useBillingUi.setState({ limits: limitsWith({ upsell: upsellOf({}) }) }));
    expect(await screen.findByTestId('upgrade-card')).toHaveAccessibleName('Upgrade now');
    act(() => useBillingUi.getState().reset());
  });

  it('keeps the banner off the billing page', async () => {
    useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
    renderAt('/settings/billing');
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
    useWorkspace.setState({ credit: null });
  });

  it('serves a public route without a session', async () => {
    renderAt('/pricing');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
  });

  it('shows the signup page at /, and the not-found page for an unknown single segment', async () => {
    const { unmount } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Sign in to your workspace' })).toBeInTheDocument();
    unmount();
    renderAt('/someone');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('gives the first load a fallback, so React Router does not warn about a missing HydrateFallback', () => {
    expect(routes[0]!.hydrateFallbackElement).toBeTruthy();
  });
});
