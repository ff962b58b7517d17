// The navigation walk (issue #25): per role, every protected route of the route table the role
// may use is reachable from the navigation (side nav and phone menu, account menu), or listed as
// deliberately hidden in docs/DECISIONS.md — which the code's list must equal, so neither drifts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { ACCOUNT_MENU, HIDDEN_ROUTES, ROUTE_ACCESS, visibleEntries, type NavContext } from '@/features/shell/nav';
import { protectedRoutes } from './router';

const ctx = (roleId: number | null, knowledgeBase = false): NavContext => ({ roleId, knowledgeBase, dashboardOnly: false });

/** The roles the walk covers: an organisation's three roles, with and without the knowledge base, and the personal workspace. */
const ROLES: Array<[string, NavContext]> = [
  ['admin', ctx(1, true)],
  ['admin without the knowledge base', ctx(1)],
  ['manager', ctx(2, true)],
  ['employee', ctx(3, true)],
  ['employee without the knowledge base', ctx(3)],
  ['personal workspace', ctx(null)],
];

/** The paths listed under "Deliberately hidden" in docs/DECISIONS.md's navigation section. */
function hiddenInDecisions(): string[] {
  const doc = readFileSync(join(__dirname, '../../../docs/DECISIONS.md'), 'utf8');
  const section = doc.split('\n## Navigation and forms (issue #25)\n')[1];
  expect(section, 'docs/DECISIONS.md has the "Navigation and forms (issue #25)" section').toBeDefined();
  const body = section!.split('\n## ')[0]!;
  const item = /- \*\*Deliberately hidden routes\*\*([\s\S]*?)(?=\n- |\n*$)/.exec(body);
  expect(item, 'the section lists the deliberately hidden routes').not.toBeNull();
  return [...item![1]!.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]!);
}

describe('navigation walk per role (issue #25)', () => {
  const tablePaths = protectedRoutes.map((r) => r.path!);

  it('says who may use every protected route of the route table, and no other', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual([...tablePaths].sort());
  });

  it('hides only routes the table has, exactly those docs/DECISIONS.md lists', () => {
    for (const path of Object.keys(HIDDEN_ROUTES)) expect(tablePaths).toContain(path);
    expect(hiddenInDecisions().sort()).toEqual(Object.keys(HIDDEN_ROUTES).sort());
  });

  for (const [role, context] of ROLES) {
    it(`reaches every route the ${role} may use from the navigation`, () => {
      const entries = [...visibleEntries(context), ...ACCOUNT_MENU];
      const unreachable = tablePaths.filter(
        (path) => ROUTE_ACCESS[path]!(context) && !(path in HIDDEN_ROUTES) && !entries.some((e) => e.lights.includes(path)),
      );
      expect(unreachable, `routes the ${role} may use that no navigation entry leads to`).toEqual([]);
    });

    it(`offers the ${role} no entry to a route they may not use`, () => {
      for (const e of visibleEntries(context)) {
        for (const path of e.lights) expect(ROUTE_ACCESS[path]?.(context), `${e.key} → ${path}`).toBe(true);
      }
    });
  }

  it('links every entry to an address of the route table that lights it', () => {
    const routes = [...protectedRoutes, { path: '/onboarding' }];
    for (const e of [...visibleEntries(ctx(1, true)), ...ACCOUNT_MENU]) {
      const match = matchRoutes(routes, e.to)?.[0];
      expect(match, `${e.to} is a route`).toBeDefined();
      expect(e.lights).toContain(match!.route.path);
    }
  });

  it('keeps dashboard-only mode to the reduced route list', () => {
    const entries = visibleEntries({ roleId: 1, knowledgeBase: true, dashboardOnly: true });
    expect(entries.flatMap((e) => e.lights)).toEqual(['/conversations/analytics', '/dashboard']);
  });
});


describe("the operator's navigation walk (issue #25)", () => {
  it("reaches every operator screen from the operator's sidebar and the panel's tabs", async () => {
    const { adminRoutes } = await import('./router');
    const { ADMIN_PATHS } = await import('@/features/admin/paths');
    const linked = Object.values(ADMIN_PATHS) as string[];
    for (const route of adminRoutes) {
      const path = route.path!;
      // A user's page is opened from the users list (its id in the address).
      const reached = path.endsWith('/:id') ? linked.includes(path.replace('/:id', '')) : linked.includes(path);
      expect(reached, `${path} is reachable from the operator's navigation`).toBe(true);
    }
  });
});
