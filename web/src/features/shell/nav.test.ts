// The navigation model (spec 001 §2, issue #25): who sees which entry and which address lights
// which entry. The walk per role against the route table is app/navigationWalk.test.ts.
import { currentEntry, dashboardOnly, DASHBOARD, isActive, navigation, visibleEntries, type NavContext } from './nav';
import { supportChatLink } from './components/AccountMenu';
import { resetClientConfig } from '@/lib/clientConfig';

const keys = (ctx: NavContext) => visibleEntries(ctx).map((e) => e.key);
const ctx = (roleId: number | null, knowledgeBase = false): NavContext => ({ roleId, knowledgeBase, dashboardOnly: false });

const MANAGE = ['quick_replies', 'labels_funnels', 'follow_ups', 'scheduled'];

describe('side navigation (001 §2, issue #25)', () => {
  it('gives admins every area: the main sections, every manage tool, and the account entries', () => {
    expect(keys(ctx(1, true))).toEqual([
      'dashboard', 'team_inbox', 'organisation', 'integrations', 'knowledge_base', 'leads', 'lead_crm',
      'quick_replies', 'labels_funnels', 'user_properties', 'follow_ups', 'scheduled', 'quick_reply_analytics',
      'my_account', 'billing', 'failed_payments',
      'tutorials', 'roadmap', 'changelog',
    ]);
  });

  it('gives managers the team inbox and organisation, but not failed payments', () => {
    const k = keys(ctx(2));
    expect(k).toEqual(expect.arrayContaining(['team_inbox', 'organisation', ...MANAGE, 'user_properties']));
    expect(k).not.toContain('failed_payments');
  });

  it('hides the organisation entries from employees, and the organisation-only tools from the personal workspace', () => {
    const employee = keys(ctx(3));
    expect(employee).not.toContain('team_inbox');
    expect(employee).not.toContain('organisation');
    expect(employee).toEqual(expect.arrayContaining([...MANAGE, 'user_properties', 'quick_reply_analytics']));
    const personal = keys(ctx(null, true));
    // The leads screens explain there that contacts are an organisation's.
    expect(personal).toEqual(['dashboard', 'integrations', 'leads', 'lead_crm', ...MANAGE, 'my_account', 'billing', 'tutorials', 'roadmap', 'changelog']);
  });

  it('shows the knowledge base only where the organisation has it on', () => {
    expect(keys(ctx(3, true))).toContain('knowledge_base');
    expect(keys(ctx(3, false))).not.toContain('knowledge_base');
  });

  it('groups the entries: main sections, manage tools, account, help', () => {
    expect(navigation(ctx(1)).map((g) => g.key)).toEqual([null, 'manage_tools', 'account', 'help']);
  });

  it('shows only the dashboard in dashboard-only mode', () => {
    expect(keys({ roleId: 1, knowledgeBase: true, dashboardOnly: true })).toEqual(['dashboard']);
  });

  it('lights the entry of the address, ranked as the router ranks routes', () => {
    const entries = visibleEntries(ctx(1, true));
    const lit = (path: string) => currentEntry(entries, path)?.key ?? null;
    expect(lit('/dashboard')).toBe('dashboard');
    expect(lit('/conversations/analytics')).toBe('dashboard');
    expect(lit('/conversations')).toBeNull();
    expect(lit('/quick-replies')).toBe('quick_replies');
    expect(lit('/quick-replies/follow-ups')).toBe('follow_ups');
    expect(lit('/quick-replies/scheduled')).toBe('scheduled');
    expect(lit('/quick-replies/analytics')).toBe('quick_reply_analytics');
    expect(lit('/labels')).toBe('labels_funnels');
    expect(lit('/userproperties')).toBe('user_properties');
    expect(lit('/settings/billing')).toBe('billing');
    expect(lit('/settings/profile')).toBe('my_account');
    expect(lit('/organization/ABCD1234')).toBe('organisation');
    expect(lit('/failedtransactions')).toBe('failed_payments');
    expect(isActive(DASHBOARD, '/dashboard')).toBe(true);
  });

  it('reads showDashboardOnly from the stored path parameters', () => {
    expect(dashboardOnly(JSON.stringify({ showDashboardOnly: true }))).toBe(true);
    expect(dashboardOnly(JSON.stringify({ showDashboardOnly: 'true' }))).toBe(true);
    expect(dashboardOnly(JSON.stringify({ showDashboardOnly: false }))).toBe(false);
    expect(dashboardOnly('not json')).toBe(false);
    expect(dashboardOnly(null)).toBe(false);
  });
});

describe('contact us fallback (000 §2)', () => {
  it("prefills the greeting in the server's support link, else in our contact page", async () => {
    resetClientConfig();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ extension_ids: [], support_url: 'https://help.example.com/chat?x=1', demo_url: '/d' }))),
    );
    const link = new URL(await supportChatLink('Hi! I have some queries'));
    expect(link.origin + link.pathname).toBe('https://help.example.com/chat');
    expect(link.searchParams.get('x')).toBe('1');
    expect(link.searchParams.get('text')).toBe('Hi! I have some queries');
    resetClientConfig();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 502 })));
    expect(await supportChatLink('Hello')).toBe('/feedback/contact?text=Hello');
    vi.unstubAllGlobals();
    resetClientConfig();
  });
});
