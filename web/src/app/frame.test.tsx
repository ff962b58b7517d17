// The signed-in frame's loose ends (issue #28), rendered with the real route table against a fake
// server: dashboard-only mode routes nothing but the dashboard (000 §2), the frame asks for the
// plan list on load and the plan screens reuse it (001 §2), and the switching popup names the
// account the person is switched to (000 §2, 001 §4).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgMapping } from '@/generated/contract';
import { useBillingUi } from '@/features/billing/stores/billing';
import { fakeServer, me, orgMapping, plans, resetStores } from '@/features/billing/testing';
import { usePlanList } from '@/stores/plans';
import { mapping } from '@/testing/organization';
import { renderRoutes, setupSuite, signInAs } from '@/testing/harness';
import { useWorkspace } from '@/stores/workspace';
import { routes } from './router';

setupSuite({ before: resetStores });

const DASHBOARD = '/conversations/analytics';
const PLANLIST = '/api/v1/whatzapp/planlist';

const beta = (over: Partial<OrgMapping> = {}): OrgMapping =>
  mapping({
    mapping_id: 2,
    org_id: 43,
    is_default_org: 0,
    default_org: 0,
    callyzer_organization: { org_id: 43, org_name: 'Beta Supplies', organization_code: 'BETA2345' },
    ...over,
  });

/** Signed in as user 7 with these memberships, the one marked default active. */
function signInWith(mappings: OrgMapping[]) {
  const current = mappings.find((m) => m.org_id !== null && m.is_default_org === 1) ?? null;
  signInAs(current, { name: 'Owner', workspace: { me: me(mappings) } });
}

const renderAt = (path: string) => renderRoutes(routes, path).router;

describe('dashboard-only mode (000 §2: the reduced route list)', () => {
  beforeEach(() => localStorage.setItem('pathParams', JSON.stringify({ showDashboardOnly: true })));

  for (const path of ['/integrations', '/organization', '/settings/billing', '/quick-replies/scheduled', '/dashboard']) {
    it(`redirects ${path} to the dashboard`, async () => {
      fakeServer();
      signInWith([orgMapping()]);
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
      // Replaced, not added: going back does not return to the page it refused.
      expect(router.state.historyAction).toBe('REPLACE');
    });
  }

  it('keeps the query of the address it redirects: organization_id still applies', async () => {
    const calls = fakeServer((c) =>
      c.url.pathname === '/api/v1/whatzapp/organizations/active' ? { body: { result: true, data: [] } } : undefined,
    );
    signInWith([orgMapping(), beta()]);
    const router = renderAt('/integrations?organization_id=43');
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/v1/whatzapp/organizations/active')?.url.searchParams.get('org_id')).toBe('43'),
    );
  });

  it('routes the dashboard itself, with its only entry', async () => {
    fakeServer();
    signInWith([orgMapping()]);
    const router = renderAt(DASHBOARD);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect([...nav.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))).toEqual([DASHBOARD]);
    expect(router.state.location.pathname).toBe(DASHBOARD);
  });

  it('leaves every route open without the flag', async () => {
    localStorage.setItem('pathParams', JSON.stringify({ showDashboardOnly: false }));
    fakeServer();
    signInWith([orgMapping()]);
    const router = renderAt('/integrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/integrations');
  });
});

describe('the plan list (001 §2)', () => {
  it('is fetched when the frame loads, kept, and not asked for again by the plan chooser', async () => {
    const calls = fakeServer();
    signInWith([orgMapping()]);
    renderAt('/leads');
    await waitFor(() => expect(usePlanList.getState().plans).toEqual(plans));
    expect(calls.filter((c) => c.url.pathname === PLANLIST)).toHaveLength(1);
    act(() => useBillingUi.getState().openChooser());
    expect(await screen.findByRole('article', { name: 'Teams' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === PLANLIST)).toHaveLength(1);
  });

  it('that failed to load is asked for again by the plan chooser', async () => {
    let fail = true;
    const calls = fakeServer((c) => (fail && c.url.pathname === PLANLIST ? { status: 500, body: { error: { code: 'internal', message: 'internal' } } } : undefined));
    signInWith([orgMapping()]);
    renderAt('/leads');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === PLANLIST)).toHaveLength(1));
    fail = false;
    act(() => useBillingUi.getState().openChooser());
    expect(await screen.findByRole('article', { name: 'Teams' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === PLANLIST)).toHaveLength(2);
    expect(usePlanList.getState().plans).toEqual(plans);
  });
});

describe('the switching popup names the destination (000 §2, issue #28)', () => {
  /** Switches through the account menu to `choice`; `after` is who the reload answers. */
  async function switchTo(mappings: OrgMapping[], choice: string, after: OrgMapping[]) {
    const calls = fakeServer((c) => {
      if (c.url.pathname === '/api/v1/whatzapp/organizations/active') return { body: { result: true, data: after } };
      if (c.url.pathname === '/api/v1/whatzapp/checkuserexistance') return { body: { result: true, data: me(after) } };
      return undefined;
    });
    signInWith(mappings);
    renderAt('/leads');
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: choice }));
    return { calls, text: await screen.findByTestId('switching-text') };
  }

  /** Lets the 3-second wait pass and the memberships reload. */
  async function finish() {
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(useWorkspace.getState().switching).toBeNull());
  }

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return () => vi.useRealTimers();
  });

  it('Teams account when switching from one organisation (the first, default) to another', async () => {
    const { calls, text } = await switchTo([orgMapping(), beta()], 'Beta Supplies', [
      orgMapping({ is_default_org: 0, default_org: 0 }),
      beta({ is_default_org: 1, default_org: 1 }),
    ]);
    expect(text).toHaveTextContent('Please wait.. We are switching you to Teams account.');
    const active = calls.find((c) => c.url.pathname === '/api/v1/whatzapp/organizations/active')!;
    expect(active.url.searchParams.get('org_id')).toBe('43');
    await finish();
    expect(useWorkspace.getState().current?.org_id).toBe(43);
  });

  it('Individual account when switching from an organisation to Personal', async () => {
    // The first mapping is not the default one: the spec's reading said Teams here.
    const { calls, text } = await switchTo([orgMapping({ is_default_org: 0, default_org: 0 }), beta({ is_default_org: 1, default_org: 1 })], 'Personal', [
      orgMapping({ is_default_org: 0, default_org: 0 }),
      beta(),
    ]);
    expect(text).toHaveTextContent('Please wait.. We are switching you to Individual account.');
    const active = calls.find((c) => c.url.pathname === '/api/v1/whatzapp/organizations/active')!;
    expect(active.url.searchParams.has('org_id')).toBe(false);
    await finish();
    expect(useWorkspace.getState().current).toBeNull();
  });
});
