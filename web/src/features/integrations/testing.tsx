// Test helpers for the Integrations screen: a fake server answering the screen's calls on the
// spec's paths (each test overrides what it needs), a signed-in workspace with a chosen role
// and connected flags, and a render of the real page behind a memory router.
import { vi } from 'vitest';
import type { Delivery, IntegrationFlags, OrgMapping } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { firstAnswer, noIntegrations, renderRoutes, signInAs, stubFetch, userExistence, type Answer, type Call, type Handler } from '@/testing/harness';
import { ME, ORG, mapping as orgMapping } from '@/testing/organization';
import { browser } from './logic';
import IntegrationsPage from './pages/IntegrationsPage';
import { useIntegrations } from './stores/integrations';

export { ME, ORG };

export const mapping = (roleId: number | null = 1): OrgMapping => orgMapping({ role_id: roleId });

export type { Call };

/** The path without the API base, e.g. `/bitrix/getauth` or `v2:/leadsquared/auth`. */
export const pathOf = (c: Call) =>
  c.url.pathname.startsWith('/api/v2') ? `v2:${c.url.pathname.slice(7)}` : c.url.pathname.replace('/api/v1/whatzapp', '');

/** Installs a fake server: nothing linked, every write accepted, unless a handler answers. */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = pathOf(call);
    if (p === '/checkuserexistance')
      return { status: 200, body: { result: true, data: useWorkspace.getState().me } };
    if (p === '/webhook/deliveries' && call.method === 'GET')
      return { status: 200, body: { result: true, data: { deliveries: [], next_before: null } } };
    if (p === '/api/inbox/gateway')
      return { status: 200, body: { connected: false, name: null, base_url: null, state: null, number: null, waiting_replies: 0 } };
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
  stubFetch(calls, answer);
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
  const current = options.personal ? null : mapping(options.roleId === undefined ? 1 : options.roleId);
  signInAs(current, { workspace: { me: userExistence(current, { integrations: { ...noIntegrations, ...options.flags } }) } });
  useIntegrations.getState().reset();
  return renderRoutes([{ path: '/integrations', element: <IntegrationsPage /> }], path);
}
