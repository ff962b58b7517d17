// The side navigation's entries and who sees them (spec 001 §2), as data so the rules are
// testable without rendering.
import type { ParseKeys } from 'i18next';
import { rule } from '@/lib/domain';

export interface NavEntry {
  to: string;
  key: ParseKeys<'nav'>;
  /** Other paths on which the entry shows as active. */
  also: string[];
}

export const DASHBOARD: NavEntry = { to: '/conversations/analytics', key: 'dashboard', also: ['/dashboard'] };

export interface NavContext {
  roleId: number | null;
  knowledgeBase: boolean;
  dashboardOnly: boolean;
}

/**
 * Dashboard, Integrations and My Account for everyone; Team inbox and Organisation for admins and
 * managers (the spec's "permission check for level 1", docs/DECISIONS.md); Knowledge base when
 * the organisation has it on; only the Dashboard when the dashboard-only flag is set.
 */
export function visibleEntries(ctx: NavContext): NavEntry[] {
  if (ctx.dashboardOnly) return [DASHBOARD];
  const managerLevel = !rule('access_check', { level: 'manager', roleId: ctx.roleId }).err;
  const entries: Array<NavEntry | false> = [
    DASHBOARD,
    managerLevel && { to: '/team-inbox', key: 'team_inbox', also: [] },
    managerLevel && { to: '/organization', key: 'organisation', also: [] },
    { to: '/integrations', key: 'integrations', also: [] },
    ctx.knowledgeBase && { to: '/knowledge-base', key: 'knowledge_base', also: [] },
    { to: '/settings', key: 'my_account', also: [] },
  ];
  return entries.filter((e): e is NavEntry => e !== false);
}

export function isActive(entry: NavEntry, pathname: string): boolean {
  return [entry.to, ...entry.also].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The stored `pathParams` says whether only the dashboard is shown (spec 001 §2). */
export function dashboardOnly(pathParams: string | null): boolean {
  if (!pathParams) return false;
  try {
    const parsed = JSON.parse(pathParams) as { showDashboardOnly?: unknown };
    return parsed.showDashboardOnly === true || parsed.showDashboardOnly === 'true';
  } catch {
    return false;
  }
}
