// The navigation model (spec 001 §2, issue #25): one source for which entries there are, who
// sees them (role, workspace, organisation features), which routes light which entry, and who may
// use each protected route. The side navigation, the phone menu (the same navbar behind the
// burger) and the account menu render it; nav.test.ts walks it per role against the route table.
import type { ParseKeys } from 'i18next';
import { matchRoutes } from 'react-router';
import { rule } from '@/lib/domain';

export type NavIcon =
  | 'dashboard'
  | 'team_inbox'
  | 'organisation'
  | 'integrations'
  | 'knowledge_base'
  | 'leads'
  | 'lead_crm'
  | 'quick_replies'
  | 'labels'
  | 'user_properties'
  | 'follow_ups'
  | 'scheduled'
  | 'quick_reply_analytics'
  | 'my_account'
  | 'billing'
  | 'failed_payments'
  | 'getting_started'
  | 'refer'
  | 'tutorials'
  | 'roadmap'
  | 'changelog';

export interface NavEntry {
  key: ParseKeys<'nav'>;
  to: string;
  icon: NavIcon;
  /** Route patterns (as written in the route table) on which this entry is the current one. */
  lights: string[];
}

export interface NavGroup {
  /** The group's heading; null for the first, unnamed group. */
  key: ParseKeys<'nav'> | null;
  entries: NavEntry[];
}

export interface NavContext {
  /** 1 admin, 2 manager, 3 employee; null in the personal workspace. */
  roleId: number | null;
  knowledgeBase: boolean;
  dashboardOnly: boolean;
}

const managerLevel = (ctx: NavContext) => !rule('access_check', { level: 'manager', roleId: ctx.roleId }).err;
const adminLevel = (ctx: NavContext) => ctx.roleId !== null && !rule('access_check', { level: 'admin', roleId: ctx.roleId }).err;
const inOrganisation = (ctx: NavContext) => ctx.roleId !== null;
const everyone = () => true;

/**
 * Who may use each protected route (the pages' own checks, as data). Every path of the route
 * table's protected routes is here (nav.test.ts checks it), so a new route must say who may use it.
 */
export const ROUTE_ACCESS: Record<string, (ctx: NavContext) => boolean> = {
  '/conversations/analytics': everyone,
  '/dashboard': everyone,
  '/team-inbox': managerLevel,
  '/organization': managerLevel,
  '/organization/:id': managerLevel,
  '/integrations': everyone,
  '/knowledge-base': (ctx) => inOrganisation(ctx) && ctx.knowledgeBase,
  '/quick-replies': everyone,
  '/labels': everyone,
  // 001 §5: user properties exist only in an organisation.
  '/userproperties': inOrganisation,
  '/quick-replies/follow-ups': everyone,
  '/quick-replies/scheduled': everyone,
  // Quick replies sent per employee: an organisation's figures.
  '/quick-replies/analytics': inOrganisation,
  '/settings': everyone,
  '/settings/:id': everyone,
  '/settings/billing': everyone,
  '/failedtransactions': adminLevel,
  '/leads': everyone,
  '/leadcrm': everyone,
  // The product's own texts (web/content), for everyone signed in.
  '/tutorials': everyone,
  '/roadmap': everyone,
  '/changelog': everyone,
};

/**
 * Protected routes deliberately in no navigation, with the reason. docs/DECISIONS.md ("Navigation
 * and forms (issue #25)") lists the same paths; nav.test.ts fails when the two differ.
 */
export const HIDDEN_ROUTES: Record<string, string> = {};

export const DASHBOARD: NavEntry = {
  key: 'dashboard',
  to: '/conversations/analytics',
  icon: 'dashboard',
  lights: ['/conversations/analytics', '/dashboard'],
};

type Candidate = NavEntry & { visible: (ctx: NavContext) => boolean };

const entry = (key: NavEntry['key'], to: string, icon: NavIcon, lights: string[] = [to]): NavEntry => ({
  key,
  to,
  icon,
  lights,
});
const when = (visible: (ctx: NavContext) => boolean, e: NavEntry): Candidate => ({ ...e, visible });
const allowed = (to: string) => (ctx: NavContext) => ROUTE_ACCESS[to]!(ctx);

/** The side navigation's groups before filtering (the phone menu shows the same). */
const SIDE: Array<{ key: NavGroup['key']; entries: Candidate[] }> = [
  {
    key: null,
    entries: [
      when(everyone, DASHBOARD),
      when(allowed('/team-inbox'), entry('team_inbox', '/team-inbox', 'team_inbox')),
      when(allowed('/organization'), entry('organisation', '/organization', 'organisation', ['/organization', '/organization/:id'])),
      when(everyone, entry('integrations', '/integrations', 'integrations')),
      when(allowed('/knowledge-base'), entry('knowledge_base', '/knowledge-base', 'knowledge_base')),
      when(allowed('/leads'), entry('leads', '/leads', 'leads')),
      when(allowed('/leadcrm'), entry('lead_crm', '/leadcrm', 'lead_crm')),
    ],
  },
  {
    key: 'manage_tools',
    entries: [
      when(everyone, entry('quick_replies', '/quick-replies', 'quick_replies')),
      when(everyone, entry('labels_funnels', '/labels', 'labels')),
      when(allowed('/userproperties'), entry('user_properties', '/userproperties', 'user_properties')),
      when(everyone, entry('follow_ups', '/quick-replies/follow-ups', 'follow_ups')),
      when(everyone, entry('scheduled', '/quick-replies/scheduled', 'scheduled')),
      when(allowed('/quick-replies/analytics'), entry('quick_reply_analytics', '/quick-replies/analytics', 'quick_reply_analytics')),
    ],
  },
  {
    key: 'account',
    entries: [
      when(everyone, entry('my_account', '/settings', 'my_account', ['/settings', '/settings/:id'])),
      when(everyone, entry('billing', '/settings/billing', 'billing')),
      when(allowed('/failedtransactions'), entry('failed_payments', '/failedtransactions', 'failed_payments')),
    ],
  },
  {
    key: 'help',
    entries: [
      when(everyone, entry('tutorials', '/tutorials', 'tutorials')),
      when(everyone, entry('roadmap', '/roadmap', 'roadmap')),
      when(everyone, entry('changelog', '/changelog', 'changelog')),
    ],
  },
];

/** The account menu's links (beside switching organisation, support and logout). */
export const ACCOUNT_MENU: NavEntry[] = [
  entry('my_account', '/settings', 'my_account', ['/settings', '/settings/:id']),
  entry('getting_started', '/onboarding', 'getting_started'),
  // Refer and Earn (001 §1–§3) is a section of the settings page.
  entry('refer', '/settings/refer', 'refer', ['/settings/:id']),
];

/** The side navigation (and phone menu) for a context: only what the person may use. */
export function navigation(ctx: NavContext): NavGroup[] {
  if (ctx.dashboardOnly) return [{ key: null, entries: [DASHBOARD] }];
  return SIDE.map((g) => ({
    key: g.key,
    entries: g.entries.filter((e) => e.visible(ctx)).map(({ visible: _visible, ...e }) => e),
  })).filter((g) => g.entries.length > 0);
}

/** Every entry of `navigation(ctx)`, in order. */
export function visibleEntries(ctx: NavContext): NavEntry[] {
  return navigation(ctx).flatMap((g) => g.entries);
}

/**
 * The entry the current address belongs to, ranked as the router ranks routes (so
 * `/settings/billing` lights Billing, not My Account's `/settings/:id`); null when none does.
 */
export function currentEntry(entries: NavEntry[], pathname: string): NavEntry | null {
  const routes = entries.flatMap((e, i) => e.lights.map((path) => ({ path, id: `${i}:${path}` })));
  const match = matchRoutes(routes, pathname)?.[0];
  if (!match) return null;
  return entries[Number(match.route.id.split(':')[0])] ?? null;
}

export function isActive(e: NavEntry, pathname: string, entries: NavEntry[] = [e]): boolean {
  return currentEntry(entries, pathname) === e;
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
