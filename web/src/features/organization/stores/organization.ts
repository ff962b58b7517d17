// The organisation screen's state: which organisation, its details, plan and seats, teams,
// palette and members, each with its own loading phase (001 §4 'Each organisation, team,
// employee and billing data load has start, success and failure phases'), and the employee
// filters. A newer load supersedes an older one, so a late answer never overwrites fresh data.
import { create } from 'zustand';
import type {
  ColorEntry,
  CreditHistory,
  Employee,
  MemberIntegrations,
  OrgMapping,
  Organization,
  SeatAvailability,
  SyncEntry,
  Team,
} from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { readStored } from '@/lib/storage';
import * as api from '../api';
import { chooseOrganisation, type EmployeeFilters } from '../logic';

export type Phase = 'loading' | 'ready' | 'error';

export type PagePhase = 'loading' | 'ready' | 'error' | 'none' | 'code_invalid' | 'not_member';

interface OrganizationState {
  phase: PagePhase;
  /** The error code to translate when `phase` is `error`. */
  errorCode: string | null;
  workspaceId: number | null;
  mapping: (OrgMapping & { org_id: number }) | null;
  org: Organization | null;
  summaryPhase: Phase;
  credit: CreditHistory | null;
  seats: SeatAvailability | null;
  teamsPhase: Phase;
  teams: Team[];
  palette: ColorEntry[];
  membersPhase: Phase;
  members: Employee[];
  syncList: SyncEntry[];
  /** Each visible member's connected integrations by user id; null while unknown (loading, or
   * the call failed: the column then shows a dash rather than hiding the list). */
  memberLinks: Record<number, MemberIntegrations> | null;
  filters: EmployeeFilters;
  load: (workspaceId: number, routeId: string | undefined) => Promise<void>;
  /** Reloads a section; with `showLoading` (a retry) its loading state shows meanwhile. */
  refreshTeams: (showLoading?: boolean) => Promise<void>;
  refreshMembers: (showLoading?: boolean) => Promise<void>;
  refreshSummary: (showLoading?: boolean) => Promise<void>;
  setFilters: (f: Partial<EmployeeFilters>) => void;
  /** Puts the server's answer for one member in the list (after an edit or a resend). */
  replaceMember: (e: Employee) => void;
  /** Puts the server's answer for the organisation in place (after a settings change). */
  setOrg: (org: Organization) => void;
}

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : 'internal');

let generation = 0;

/**
 * Everyone by default, invited people included: someone just added is listed at once (issue
 * #25); the status filter narrows to active or invited.
 */
export const initialFilters = (): EmployeeFilters => ({
  status: 'all',
  team: 'all',
  manager: 'all',
});

export const useOrganization = create<OrganizationState>((set, get) => {
  /** Runs `task` and stores its result only if no newer load started meanwhile. */
  async function guarded<T>(gen: number, task: () => Promise<T>, ok: (v: T) => void, fail: (e: unknown) => void) {
    try {
      const v = await task();
      if (gen === generation) ok(v);
    } catch (e) {
      if (gen === generation) fail(e);
    }
  }

  const loadSummary = (gen: number, orgId: number) =>
    guarded(
      gen,
      () => Promise.all([api.fetchCreditHistory(orgId), api.fetchSeats(orgId)]),
      ([credit, seats]) => set({ credit, seats, summaryPhase: 'ready' }),
      () => set({ summaryPhase: 'error' }),
    );

  const loadTeams = (gen: number, orgId: number) =>
    guarded(
      gen,
      () => Promise.all([api.fetchTeams(orgId), api.fetchPalette()]),
      ([teams, palette]) => set({ teams, palette: palette.color_data, teamsPhase: 'ready' }),
      () => set({ teamsPhase: 'error' }),
    );

  // The links load beside the list, not before it: the list never waits for them.
  const loadMembers = (gen: number, orgId: number, workspaceId: number) =>
    Promise.all([
      guarded(
        gen,
        () => api.fetchMembers(orgId, workspaceId),
        (list) => set({ members: list.data, syncList: list.sync_list, membersPhase: 'ready' }),
        () => set({ membersPhase: 'error' }),
      ),
      guarded(
        gen,
        () => api.fetchMemberIntegrations(orgId),
        (links) => set({ memberLinks: Object.fromEntries(links.map((l) => [l.user_id, l])) }),
        () => set({ memberLinks: null }),
      ),
    ]);

  return {
    phase: 'loading',
    errorCode: null,
    workspaceId: null,
    mapping: null,
    org: null,
    summaryPhase: 'loading',
    credit: null,
    seats: null,
    teamsPhase: 'loading',
    teams: [],
    palette: [],
    membersPhase: 'loading',
    members: [],
    syncList: [],
    memberLinks: null,
    filters: initialFilters(),

    async load(workspaceId, routeId) {
      const gen = ++generation;
      set({
        phase: 'loading',
        errorCode: null,
        workspaceId,
        mapping: null,
        org: null,
        summaryPhase: 'loading',
        teamsPhase: 'loading',
        membersPhase: 'loading',
        memberLinks: null,
        members: [],
        teams: [],
        filters: initialFilters(),
      });
      let chosen: NonNullable<OrganizationState['mapping']>;
      try {
        const mappings = await api.fetchOrganisations(workspaceId);
        if (gen !== generation) return;
        const choice = chooseOrganisation(mappings, routeId, readStored('currentOrgId'));
        if (choice.kind !== 'org') {
          set({ phase: choice.kind });
          return;
        }
        chosen = choice.mapping;
      } catch (e) {
        if (gen === generation) set({ phase: 'error', errorCode: codeOf(e) });
        return;
      }
      const mapping = chosen;
      set({ mapping });
      const orgId = mapping.org_id;
      const code = mapping.callyzer_organization.organization_code;
      void loadSummary(gen, orgId);
      void loadTeams(gen, orgId);
      void loadMembers(gen, orgId, workspaceId);
      await guarded(
        gen,
        () => (code ? api.fetchOrganisationDetails(code) : Promise.reject(new ApiError(404, 'not_found'))),
        // The stored current organisation (currentOrgId, …) is the shell's to write: viewing an
        // organisation here does not switch the active one.
        (org) => set({ org, phase: 'ready' }),
        (e) => set({ phase: 'error', errorCode: codeOf(e) }),
      );
    },

    async refreshTeams(showLoading = false) {
      const { mapping } = get();
      if (!mapping) return;
      if (showLoading) set({ teamsPhase: 'loading' });
      await loadTeams(generation, mapping.org_id);
    },

    async refreshMembers(showLoading = false) {
      const { mapping, workspaceId } = get();
      if (!mapping || workspaceId === null) return;
      if (showLoading) set({ membersPhase: 'loading' });
      await loadMembers(generation, mapping.org_id, workspaceId);
    },

    async refreshSummary(showLoading = false) {
      const { mapping } = get();
      if (!mapping) return;
      if (showLoading) set({ summaryPhase: 'loading' });
      await loadSummary(generation, mapping.org_id);
    },

    setFilters(f) {
      set((s) => ({ filters: { ...s.filters, ...f } }));
    },

    replaceMember(e) {
      set((s) => ({
        members: s.members.map((m) =>
          m.user_id === e.user_id ? { ...e, crmLabelSyncData: e.crmLabelSyncData.length ? e.crmLabelSyncData : m.crmLabelSyncData } : m,
        ),
      }));
    },

    setOrg(org) {
      set({ org });
    },
  };
});
