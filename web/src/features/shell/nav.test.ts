// Who sees which navigation entry (spec 001 §2) and the dashboard-only flag.
import { dashboardOnly, isActive, visibleEntries, DASHBOARD } from './nav';
import { supportChatLink } from './components/AccountMenu';

const keys = (ctx: Parameters<typeof visibleEntries>[0]) => visibleEntries(ctx).map((e) => e.key);

describe('side navigation (001 §2)', () => {
  it('gives admins and managers the team inbox and organisation entries', () => {
    for (const roleId of [1, 2]) {
      expect(keys({ roleId, knowledgeBase: false, dashboardOnly: false })).toEqual([
        'dashboard', 'team_inbox', 'organisation', 'integrations', 'my_account',
      ]);
    }
  });

  it('hides them from employees and from the personal workspace', () => {
    for (const roleId of [3, null]) {
      expect(keys({ roleId, knowledgeBase: false, dashboardOnly: false })).toEqual([
        'dashboard', 'integrations', 'my_account',
      ]);
    }
  });

  it('shows the knowledge base only where the organisation has it on', () => {
    expect(keys({ roleId: 3, knowledgeBase: true, dashboardOnly: false })).toContain('knowledge_base');
  });

  it('shows only the dashboard in dashboard-only mode', () => {
    expect(keys({ roleId: 1, knowledgeBase: true, dashboardOnly: true })).toEqual(['dashboard']);
  });

  it('marks the dashboard active on /dashboard too', () => {
    expect(isActive(DASHBOARD, '/dashboard')).toBe(true);
    expect(isActive(DASHBOARD, '/conversations/analytics')).toBe(true);
    expect(isActive(DASHBOARD, '/conversations')).toBe(false);
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
  it('prefills the greeting in the fallback chat link', () => {
    const link = new URL(supportChatLink('Hi! I have some queries'));
    expect(link.searchParams.get('text')).toBe('Hi! I have some queries');
  });
});
