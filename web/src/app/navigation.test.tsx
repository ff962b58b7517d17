// The navigation as rendered (issue #25): per role, the side navigation (which is also the phone
// menu behind the burger) links exactly the model's entries, the entry of the open page is marked
// current, and the account menu leads to My Account and Getting started. Unknown addresses show
// the not-found page, signed in and signed out.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import type { OrgMapping, UserExistence } from '@/generated/contract';
import { initI18n } from '@/lib/i18n';
import { renderRoutes, setupSuite } from '@/testing/harness';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { ACCOUNT_MENU, visibleEntries } from '@/features/shell/nav';
import { routes } from './router';

setupSuite();

const mapping = (roleId: number): OrgMapping => ({
  mapping_id: 1,
  org_id: 7,
  role_id: roleId,
  team_id: null,
  is_default_org: 1,
  default_org: 1,
  user_status: 2,
  joined_at: null,
  callyzer_organization: { org_id: 7, org_name: 'Acme', organization_code: 'ACME2345' },
});

const me = (mappings: OrgMapping[]): UserExistence =>
  ({
    id: 1,
    email: 'a@b.co',
    name: 'A',
    mobile: null,
    profile_pic: null,
    integrations: { googleSheet: false, hubspot: false, freshdesk: false, zoho: false, salesforce: false, leadsquared: false, bitrix: false, webhooks: false },
    callyzer_user_mappings: mappings,
  }) as UserExistence;

function signInAs(roleId: number | null, knowledgeBase = false) {
  useSession.setState({ status: 'authenticated', user: { id: 1, email: 'a@b.co', name: 'A' } });
  const current = roleId === null ? null : mapping(roleId);
  useWorkspace.setState({
    status: 'ready',
    me: me(current ? [current] : []),
    current,
    org: current
      ? {
          org_id: 7, org_name: 'Acme', org_logo: null, organization_code: 'ACME2345', time_zone: 'UTC', plan_id: 3,
          is_trial: false, validity: null, seat_issued: 3, knowledge_base: knowledgeBase, join_by_code: true,
        }
      : null,
    credit: null,
  });
}

const renderAt = (path: string) => renderRoutes(routes, path).router;

const sideNav = async () => screen.findByRole('navigation', { name: 'Main menu' });
const hrefs = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('the rendered navigation per role (issue #25)', () => {
  beforeEach(() => useWorkspace.getState().reset());

  for (const [role, roleId, kb] of [
    ['admin', 1, true],
    ['manager', 2, false],
    ['employee', 3, true],
    ['personal workspace', null, false],
  ] as const) {
    it(`links the ${role}'s entries in the side navigation and phone menu`, async () => {
      signInAs(roleId, kb);
      renderAt('/integrations');
      const nav = await sideNav();
      const expected = visibleEntries({ roleId, knowledgeBase: kb, dashboardOnly: false }).map((e) => e.to);
      // The model's entries (the upgrade card shows only when the server's `upsell` offers one;
      // no limits are loaded here — router.test.tsx covers the card).
      expect(hrefs(nav)).toEqual(expected);
      // Each is named (the collapsed navigation shows icons only).
      for (const link of within(nav).getAllByRole('link')) expect(link).toHaveAccessibleName();
    });
  }

  it('marks the entry of the open page current, and only that one', async () => {
    signInAs(1, true);
    renderAt('/settings/billing');
    const nav = await sideNav();
    const current = within(nav).getAllByRole('link', { current: 'page' });
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveAccessibleName('Billing');
  });

  it('marks a manage tool current when it is open', async () => {
    signInAs(3);
    renderAt('/quick-replies/scheduled');
    const nav = await sideNav();
    expect(await within(nav).findByRole('link', { name: 'Scheduled messages', current: 'page' })).toHaveAttribute(
      'href',
      '/quick-replies/scheduled',
    );
  }, 20_000);

  it('leads from the account menu to My Account and Getting started', async () => {
    signInAs(3);
    renderAt('/integrations');
    fireEvent.click(await screen.findByTestId('account-menu'));
    const menu = await screen.findByRole('menu');
    const links = [...menu.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    for (const e of ACCOUNT_MENU) expect(links).toContain(e.to);
    expect(within(menu).getByText('Getting started').closest('a')).toHaveAttribute('href', '/onboarding');
  });
});

describe('not-found page (issue #25)', () => {
  it('tells a signed-out visitor the page does not exist, with the way to sign in', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    renderAt('/someone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at \/someone\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/workspace/signup');
  });

  it('tells a signed-in person the same, with the way to the dashboard, at any depth', async () => {
    signInAs(1);
    renderAt('/settings/billing/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/conversations/analytics');
    // Nothing to go back to on the first page.
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
  });

  it('offers to go back when the person came from a page of ours', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    renderRoutes(routes, '/nowhere', ['/terms']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('is in every language', async () => {
    await initI18n('es');
    useSession.setState({ status: 'anonymous', user: null });
    renderAt('/nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    await initI18n('en');
  });
});
