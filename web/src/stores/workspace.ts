// Where the signed-in user belongs: their memberships (`callyzer_user_mappings`), the active
// organisation and its details. Mirrors the spec's stored values (currentOrgId, …) so the
// extension and a reload see the same choice; the server remains the source of truth.
import { create } from 'zustand';
import type { CreditHistory, OrgMapping, Organization, UserExistence } from '@/generated/contract';
import { CONSTANTS } from '@/lib/domain';
import { writeStored } from '@/lib/storage';
import {
  fetchCreditHistory,
  fetchOrganisationByCode,
  fetchUserExistence,
  setActiveOrganisation,
} from '@/api/account';

/** 001 §4, §9: the switch waits 3 seconds, with a loader, before reloading. */
export const SWITCH_DELAY_MS = CONSTANTS.switchToTeamDelayMs;

export type AccountKind = 'individual' | 'teams';

/** The account a switch to `orgId` goes to (null: the personal workspace). */
export const switchingKind = (orgId: number | null): AccountKind => (orgId === null ? 'individual' : 'teams');

interface WorkspaceState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  me: UserExistence | null;
  /** The mapping marked default, or null on the personal workspace. */
  current: OrgMapping | null;
  /** Details of the current organisation (logo, knowledge-base flag); null when unknown. */
  org: Organization | null;
  /** Plan, seats and validity of the current organisation (or of the personal workspace). */
  credit: CreditHistory | null;
  /** Set while the switching popup shows. */
  switching: AccountKind | null;
  load: (email: string) => Promise<void>;
  switchTo: (orgId: number | null) => Promise<void>;
  /** My Account changed the photo or name: the top bar shows it at once. */
  updateMe: (change: { profile_pic?: string | null; name?: string | null }) => void;
  reset: () => void;
}

const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

function remember(me: UserExistence, current: OrgMapping | null) {
  writeStored('workspaceId', String(me.id));
  writeStored('userEmail', me.email ?? null);
  writeStored('userMobile', me.mobile ?? null);
  writeStored('currentOrgId', current?.org_id != null ? String(current.org_id) : null);
  writeStored('currentOrgCode', current?.callyzer_organization.organization_code ?? null);
  writeStored('currentOrgName', current?.org_id != null ? current.callyzer_organization.org_name : null);
  writeStored('userRoleId', current?.role_id != null ? String(current.role_id) : null);
}

export const useWorkspace = create<WorkspaceState>((set, get) => ({
  status: 'idle',
  me: null,
  current: null,
  org: null,
  credit: null,
  switching: null,

  async load(email) {
    set({ status: 'loading' });
    try {
      const me = await fetchUserExistence(email);
      const current =
        me.callyzer_user_mappings.find((m) => m.org_id !== null && m.is_default_org === 1) ?? null;
      remember(me, current);
      set({ me, current, status: 'ready' });
      const code = current?.callyzer_organization.organization_code;
      const [org, credit] = await Promise.all([
        // 001 §8: a failed details lookup is only logged; no logo is shown.
        code ? fetchOrganisationByCode(code).catch(() => null) : Promise.resolve(null),
        fetchCreditHistory(me.id, current?.org_id ?? null).catch(() => null),
      ]);
      set({ org, credit });
    } catch {
      set({ status: 'error' });
    }
  },

  async switchTo(orgId) {
    const { me } = get();
    if (!me) return;
    // 000 §2's popup names the account the person is switched to: the personal workspace is the
    // Individual account, an organisation the Teams one (issue #28; the spec's reading of the
    // first mapping's default flag named the account being left as often as not).
    set({ switching: switchingKind(orgId) });
    try {
      await Promise.all([setActiveOrganisation(me.id, orgId), sleep(SWITCH_DELAY_MS)]);
      if (me.email) await get().load(me.email);
    } finally {
      set({ switching: null });
    }
  },

  updateMe(change) {
    const { me } = get();
    if (me) set({ me: { ...me, ...change } });
  },

  reset() {
    set({ status: 'idle', me: null, current: null, org: null, credit: null, switching: null });
  },
}));
