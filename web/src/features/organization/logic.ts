// What the organisation screen derives from the server's answers: which organisation the page
// shows, which rows the filters keep, how a name or a team colour is displayed. Business rules
// (names, codes, roles, phone numbers) come from the domain module through `rule()`; this file
// only arranges their answers for the page.
import type { ColorEntry, Employee, OrgMapping, SyncEntry, Team } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { rule, value } from '@/lib/domain';

/** 001 §3 `user_status` of someone added but not signed in yet. */
export const INVITED_STATUS = 1;

/** 001 §9 'Default employee status filter 2' (the active members), from the domain. */
export const defaultEmployeeStatus = (): number => value('business_constants', {}).defaultEmployeeStatus;

/** 001 §9 'minimum team size 3 seats'. */
export const minTeamSize = (): number => value('business_constants', {}).minTeamSize;

/**
 * 001 §9 'team background … #BCC7F8 on lists': the palette's first entry is that default; this
 * is only what a team without a colour shows before the palette arrives.
 */
const LIST_TEAM_BG = '#BCC7F8';
const LIST_TEAM_TEXT = '#1F2A5C';

export type OrgChoice =
  | { kind: 'org'; mapping: OrgMapping & { org_id: number } }
  | { kind: 'none' }
  | { kind: 'code_invalid' }
  | { kind: 'not_member' };

const isOrg = (m: OrgMapping): m is OrgMapping & { org_id: number } => m.org_id !== null;

/**
 * The organisation the page shows: the one the address names (`/organization/<id>` or
 * `/organization/<organisation code>`), else the stored current organisation, else the default
 * one, else the first; `none` when the person belongs to no organisation.
 */
export function chooseOrganisation(
  mappings: OrgMapping[],
  routeId: string | undefined,
  storedOrgId: string | null,
): OrgChoice {
  const orgs = mappings.filter(isOrg);
  if (routeId) {
    if (/^\d+$/.test(routeId)) {
      const m = orgs.find((o) => o.org_id === Number(routeId));
      return m ? { kind: 'org', mapping: m } : { kind: 'not_member' };
    }
    const code = rule('organisation_code', { name: routeId });
    if (code.err !== undefined) return { kind: 'code_invalid' };
    const m = orgs.find((o) => o.callyzer_organization.organization_code?.toUpperCase() === code.ok);
    return m ? { kind: 'org', mapping: m } : { kind: 'code_invalid' };
  }
  const stored = storedOrgId && /^\d+$/.test(storedOrgId) ? Number(storedOrgId) : null;
  const m =
    orgs.find((o) => o.org_id === stored) ?? orgs.find((o) => o.is_default_org === 1) ?? orgs[0];
  return m ? { kind: 'org', mapping: m } : { kind: 'none' };
}

/** Whether a role may act at an access level (000 §6), as the domain decides. */
export function allowed(level: 'admin' | 'manager', roleId: number | null | undefined): boolean {
  return rule('access_check', { level, roleId: roleId ?? null }).ok !== undefined;
}

export type StatusFilter = number | 'all';
export type TeamFilter = number | 'all' | 'none';
export type ManagerFilter = number | 'all' | 'none';

export interface EmployeeFilters {
  status: StatusFilter;
  team: TeamFilter;
  manager: ManagerFilter;
}

export const MANAGER_ROLE_ID = 2;

/** The members with the manager role (the manager selection's choices). */
export const managersOf = (members: Employee[]): Employee[] =>
  members.filter((m) => m.role_id === MANAGER_ROLE_ID);

/**
 * The rows the filters keep. Status is `user_status` (2 active, 1 invited); a team keeps its
 * members; a manager keeps the members of the manager's team; 'none' keeps the members whose
 * team has no manager (or who have no team).
 */
export function filterEmployees(members: Employee[], f: EmployeeFilters): Employee[] {
  const managers = managersOf(members);
  const managedTeams = new Set(managers.map((m) => m.team_id).filter((t): t is number => t !== null));
  const managerTeam =
    typeof f.manager === 'number' ? (managers.find((m) => m.user_id === f.manager)?.team_id ?? null) : null;
  return members.filter((e) => {
    if (f.status !== 'all' && e.user_status !== f.status) return false;
    if (f.team === 'none' && e.team_id !== null) return false;
    if (typeof f.team === 'number' && e.team_id !== f.team) return false;
    if (f.manager === 'none' && e.team_id !== null && managedTeams.has(e.team_id)) return false;
    if (typeof f.manager === 'number') {
      if (e.user_id === f.manager) return true;
      if (managerTeam === null || e.team_id !== managerTeam) return false;
    }
    return true;
  });
}

/** 001 §9 'Missing names display NA, or Admin for the admin role', through the domain rule. */
export type ShownName = { name: string } | { fallback: 'na' | 'admin' };

export function employeeName(e: Pick<Employee, 'role_id' | 'whatzapp_basic_info'>): ShownName {
  return value('display_name', { name: e.whatzapp_basic_info.name, roleId: e.role_id });
}

/** 001 §3 'syncing is active when syncing_active equals 1'. */
export const isSyncing = (e: Employee): boolean => e.syncing_active === 1;

/**
 * Whether the extension has reported from this employee's browser: it alone turns syncing on,
 * so a sync entry that is (or was reported) active means it is installed.
 */
export const extensionInstalled = (e: Employee, syncList: SyncEntry[]): boolean =>
  isSyncing(e) || syncList.some((s) => s.user_id === e.user_id && s.syncing_active === 1);

/** A team's badge colours: its own, else its palette entry, else the list default. */
export function teamColours(
  team: Pick<Team, 'team_color' | 'bg_color' | 'text_color'> | null | undefined,
  palette: ColorEntry[],
): { bg: string; fg: string } {
  const entry = palette.find((c) => c.id === team?.team_color) ?? palette[0];
  return {
    bg: team?.bg_color ?? entry?.bg_color ?? LIST_TEAM_BG,
    fg: team?.text_color ?? entry?.text_color ?? LIST_TEAM_TEXT,
  };
}

/**
 * The codes to translate for a failed call: each field's rule code when the server named
 * fields (`employees[0].number` → `phone_invalid`), else the error's own code.
 */
export function errorCodes(err: unknown): { field: string | null; code: string }[] {
  if (!(err instanceof ApiError)) return [{ field: null, code: 'internal' }];
  const fields = Object.entries(err.fields);
  if (fields.length === 0) return [{ field: null, code: err.code }];
  return fields.map(([field, code]) => ({ field, code }));
}

/** The field an add-employee error names (`employees[0].number` → `number`). */
export const formField = (field: string | null): string | null =>
  field === null ? null : (/\.(\w+)$/.exec(field)?.[1] ?? field);

/** The spreadsheet types the import accepts (001 §5 'File should be an Excel file'). */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a picked file looks like one the import reads (CSV or XLSX), by its name. */
export const importableFile = (file: File): boolean => /\.(csv|xlsx)$/i.test(file.name);
