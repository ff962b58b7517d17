// Test helpers for the Integrations screen: a fake server answering the screen's calls on the
// spec's paths (each test overrides what it needs), a signed-in workspace with a chosen role
// and connected flags, and a render of the real page behind a memory router.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Delivery, IntegrationFlags, OrgMapping } from '@/generated/contract';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { browser } from './logic';
import IntegrationsPage from './pages/IntegrationsPage';
import { useIntegrations } from './stores/integrations';

export const ME = 7;
export const ORG = 42;

export const noFlags: IntegrationFlags = {
  googleSheet: false,
  hubspot: false,
  freshdesk: false,
  zoho: false,
  salesforce: false,
  leadsquared: false,
  bitrix: false,
  webhooks: false,
};

export function mapping(roleId: number | null = 1): OrgMapping {
  return {
    mapping_id: 1,
    org_id: ORG,
    role_id: roleId,
    team_id: null,
    is_default_org: 1,
    default_org: 1,
    user_status: 2,
    joined_at: 0,
    callyzer_organization: { org_id: ORG, org_name: 'Acme Traders', organization_code: 'ACME2345' },
  };
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

/** The path without the API base, e.g. `/bitrix/getauth` or `v2:/leadsquared/auth`. */
export const pathOf = (c: Call) =>
  c.url.pathname.startsWith('/api/v2') ? `v2:${c.url.pathname.slice(7)}` : c.url.pathname.replace('/api/v1/whatzapp', '');

/** Installs a fake server: nothing linked, every write accepted, unless a handler answers. */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const answer = (call: Call): { status: number; body: unknown } => {
    for (const h of handlers) {
      const a = h(call);
      if (a) return { status: a.status ?? 200, body: a.body };
    }
    const p = pathOf(call);
    if (p === '/checkuserexistance')
      return { status: 200, body: { result: true, data: useWorkspace.getState().me } };
    if (p === '/webhook/deliveries' && call.method === 'GET')
      return { status: 200, body: { result: true, data: { deliveries: [], next_before: null } } };
    if (p === '/integrations/lastsync') return { status: 200, body: { result: true, data: [] } };
    if (p === 'v2:/crm-label-sync' && call.method === 'GET')
      return { status: 200, body: { result: true, data: { org_id: ORG, user_id: ME, crmLabelSyncData: [] } } };
    if (p.endsWith('/authorize'))
      return { status: 200, body: { result: true, data: { url: 'https://provider.test/consent?client_id=x', state: null } } };
    if (p.startsWith('v2:')) return { status: 200, body: { status: call.method !== 'GET', data: {} } };
    if (p === '/webhook/endpoints')
      return { status: 200, body: { result: true, data: { org_id: ORG, duplex_webhook: null, auth_token: null, status: 0 } } };
    return { status: 200, body: { result: call.method !== 'GET', data: {} } };
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** A delivery of the organisation's webhook as the log lists it. */
export function delivery(id: number, change: Partial<Delivery> = {}): Delivery {
  return {
    id,
    webhook_id: `msg_${id}`,
    event_id: `true_919812345678@c.us_MSG${id}`,
    status: 'delivered',
    attempts: 1,
    max_attempts: 3,
    last_status_code: 200,
    last_latency_ms: 42,
    last_error: null,
    next_attempt_at: null,
    created_at: Date.now() - 5 * 60_000,
    done_at: Date.now() - 5 * 60_000,
    ...change,
  };
}

/** Watches where the page sends the browser (consent pages, closing itself). */
export function watchBrowser() {
  const spies = {
    assign: vi.spyOn(browser, 'assign').mockImplementation(() => undefined),
    open: vi.spyOn(browser, 'open').mockImplementation(() => ({}) as Window),
    close: vi.spyOn(browser, 'close').mockImplementation(() => undefined),
  };
  return spies;
}

/** Renders the real page at `path` for a signed-in user with this role and these flags. */
export function renderPage(
  path = '/integrations',
  options: { roleId?: number | null; flags?: Partial<IntegrationFlags>; personal?: boolean } = {},
) {
  useSession.setState({ status: 'authenticated', user: { id: ME, email: 'owner@acme.test', name: null } });
  const current = options.personal ? null : mapping(options.roleId === undefined ? 1 : options.roleId);
  useWorkspace.setState({
    status: 'ready',
    me: {
      id: ME,
      email: 'owner@acme.test',
      name: null,
      mobile: null,
      profile_pic: null,
      integrations: { ...noFlags, ...options.flags },
      callyzer_user_mappings: current ? [current] : [],
    },
    current,
    org: null,
  });
  useIntegrations.getState().reset();
  const router = createMemoryRouter([{ path: '/integrations', element: <IntegrationsPage /> }], {
    initialEntries: [path],
  });
  const view = render(
    <MantineProvider>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...view, router };
}
