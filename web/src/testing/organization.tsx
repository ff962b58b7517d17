// Shared test helpers about an organisation: typed fixtures in the contract's shapes (Acme
// Traders, its Sales team and members) and a fake server answering the organisation calls
// (fetch and the import's XMLHttpRequest), and its business hours with their answers. The
// organisation screen, the dashboard and the business hours editor build on it.
import type {
  BusinessHoursUpdate,
  BusinessHoursView,
  ColorEntry,
  CreditHistory,
  Employee,
  EmployeeList,
  ImportReport,
  MemberIntegrations,
  OrgMapping,
  Organization,
  SeatAvailability,
  Team,
} from '@/generated/contract';
import { errorBody, firstAnswer, ME, stubServer, type Answer, type Call, type Handler } from './harness';

export { ME };
export const ORG = 42;

export const palette: ColorEntry[] = [
  { id: 1, bg_color: '#BCC7F8', text_color: '#1F2A5C' },
  { id: 2, bg_color: '#E9F7F7', text_color: '#0F4C4C' },
  { id: 3, bg_color: '#FDE2C8', text_color: '#7A3E00' },
];

export const sales: Team = {
  id: 5,
  org_id: ORG,
  team_name: 'Sales',
  team_color: 3,
  bg_color: '#FDE2C8',
  text_color: '#7A3E00',
  member_count: 2,
};

export function mapping(over: Partial<OrgMapping> = {}): OrgMapping {
  return {
    mapping_id: 1,
    org_id: ORG,
    role_id: 1,
    team_id: null,
    is_default_org: 1,
    default_org: 1,
    user_status: 2,
    joined_at: 0,
    callyzer_organization: { org_id: ORG, org_name: 'Acme Traders', organization_code: 'ACME2345' },
    ...over,
  };
}

export const personal: OrgMapping = {
  mapping_id: null,
  org_id: null,
  role_id: null,
  team_id: null,
  is_default_org: 0,
  default_org: 0,
  user_status: null,
  joined_at: null,
  callyzer_organization: { org_id: null, org_name: 'Personal', organization_code: null },
};

export const organization: Organization = {
  org_id: ORG,
  org_name: 'Acme Traders',
  org_logo: null,
  organization_code: 'ACME2345',
  time_zone: 'Asia/Kolkata',
  plan_id: 10,
  is_trial: true,
  validity: '2099-01-01T00:00:00Z',
  seat_issued: 3,
  knowledge_base: false,
  join_by_code: true,
};

export function employee(over: Partial<Employee> & { user_id: number }): Employee {
  return {
    workspace_id: over.user_id,
    org_id: ORG,
    team_id: null,
    role_id: 3,
    user_status: 2,
    syncing_active: 0,
    invitation_status: 'accepted',
    email: null,
    address: null,
    employee_code: null,
    joined_at: 0,
    invitation_sent_at: null,
    whatzapp_basic_info: { name: null, mobile: null },
    callyzer_orgamnization_team: null,
    callyzer_user_role: { id: over.role_id ?? 3, role_name: 'Employee' },
    whatsapp_no: null,
    crmLabelSyncData: [],
    ...over,
  };
}

/** The admin (no name: shown as Admin), a named employee in Sales who syncs, a nameless
 * employee (NA), a manager of Sales, and someone invited but not signed in. */
export const members: Employee[] = [
  employee({ user_id: ME, role_id: 1, email: 'owner@acme.test' }),
  employee({
    user_id: 8,
    email: 'priya@acme.test',
    whatzapp_basic_info: { name: 'Priya Sharma', mobile: '+919812345678' },
    whatsapp_no: '+919812345678',
    team_id: sales.id,
    callyzer_orgamnization_team: sales,
    syncing_active: 1,
  }),
  employee({ user_id: 9, whatsapp_no: '+5511987654321' }),
  employee({
    user_id: 10,
    role_id: 2,
    whatzapp_basic_info: { name: 'Mateo Silva', mobile: null },
    team_id: sales.id,
    callyzer_orgamnization_team: sales,
  }),
  employee({
    user_id: 11,
    user_status: 1,
    invitation_status: 'pending',
    email: 'newbie@acme.test',
    whatzapp_basic_info: { name: 'Nia Invited', mobile: null },
  }),
];

export type { Call };

/**
 * Installs a fake server: each call is recorded, answered by the first handler that answers
 * it, else by the defaults below (an admin of Acme Traders with the members above).
 */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = call.url.pathname.replace('/api/v1/whatzapp', '');
    const ok = (data: unknown) => ({ status: 200, body: { result: true, data } });
    if (p === '/organizations') return ok([mapping(), personal]);
    if (p === '/getOrganizationDetails') return { status: 200, body: { type: true, data: [organization] } };
    if (p === '/organizations/credit-history')
      return ok({ org_id: ORG, plan_id: 10, seat_issued: 3, validity: organization.validity, is_trial: true } satisfies CreditHistory);
    if (p === '/remainseatsavablity')
      return ok({ seat_issued: 3, seats_used: 5, remaining_seats: 0 } satisfies SeatAvailability);
    if (p === '/teams/colors') return ok({ color_data: palette });
    if (p === '/organizations/activity') return { status: 200, body: { items: [], total: 0, page: 0, per_page: 20 } };
    if (p === '/teams' && call.method === 'GET') return ok([sales]);
    if (p === '/employees/invited') {
      const list: EmployeeList = {
        result: true,
        data: members,
        sync_list: members.map((m) => ({ user_id: m.user_id, sync_type: 'whatsapp', syncing_active: m.syncing_active })),
        mapping_details: mapping(),
      };
      return { status: 200, body: list };
    }
    if (p === '/integrations/members')
      return ok(
        members
          .filter((m) => m.user_status === 2)
          .map(
            (m): MemberIntegrations => ({
              user_id: m.user_id,
              integrations: m.user_id === 8 ? { hubspot: true, freshdesk: false, webhooks: true } : {},
              needs_reconnect: m.user_id === 8 ? ['zoho'] : [],
            }),
          ),
      );
    return { status: 404, body: errorBody('not_found') };
  };

  const fetchMock = stubServer(calls, answer);
  return { calls, fetchMock };
}

export const importAnswer = (report: ImportReport) => ({ body: { result: true, data: report } });

// Business hours ------------------------------------------------------------------------------------

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Acme Traders' business hours as the server shows them: the default (Monday to Friday
 * 09:00–18:00, not set by an admin yet) unless `over` says otherwise. */
export function businessHours(over: Partial<BusinessHoursView> = {}): BusinessHoursView {
  const week = over.week ?? [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start: '09:00', end: '18:00' }] : []));
  return {
    org_id: ORG,
    time_zone: organization.time_zone,
    week,
    holidays: [],
    response_target_minutes: null,
    callback_target_minutes: null,
    weekly_minutes: week.flat().reduce((n, s) => n + minutes(s.end) - minutes(s.start), 0),
    set: false,
    updated_at: null,
    ...over,
  };
}

/** Answers `/api/business-hours` from `view`: the read, and a save that keeps its body (without
 * the server's checks: a test refuses one with a handler of its own). */
export function businessHoursAnswers(view: BusinessHoursView = businessHours()): Handler {
  let current = view;
  return (call) => {
    if (call.url.pathname !== '/api/business-hours') return undefined;
    if (call.method === 'PUT') {
      const b = call.body as BusinessHoursUpdate;
      current = { ...current, ...b, weekly_minutes: businessHours({ week: b.week }).weekly_minutes, set: true, updated_at: '2030-01-01T12:00:00Z' };
    }
    return { body: current };
  };
}
