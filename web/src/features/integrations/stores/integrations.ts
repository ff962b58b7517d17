// What the Integrations screen knows beyond the workspace's connected flags: each page's own
// status check (000 §4 'Connection status is loaded when the page opens') and the result of a
// link or unlink made here, which shows at once while the workspace flags are refreshed.
import { create } from 'zustand';
import type { Provider } from '@/generated/domain';
import { fetchUserExistence } from '@/api/account';
import { useWorkspace } from '@/stores/workspace';
import * as api from '../api';

export type CheckPhase = 'loading' | 'ready' | 'error';

/** A signing secret the server answered once, kept until the admin hides it (not stored). */
export interface RevealedSecret {
  orgId: number;
  secret: string;
}

interface IntegrationsState {
  linked: Partial<Record<Provider, boolean>>;
  /** A link the provider no longer accepts (LinkStatus.needs_reconnect). */
  reconnect: Partial<Record<Provider, boolean>>;
  phase: Partial<Record<Provider, CheckPhase>>;
  check: (key: Provider, workspaceId: number, orgId: number | null) => Promise<void>;
  setLinked: (key: Provider, linked: boolean) => void;
  /** Each link's sync state (`integrations/lastsync`), by card key. */
  lastSync: Partial<Record<Provider, api.LastSync>>;
  lastSyncPhase: CheckPhase | null;
  loadLastSync: (orgId: number) => Promise<void>;
  revealed: RevealedSecret | null;
  reveal: (secret: RevealedSecret | null) => void;
  reset: () => void;
}

export const useIntegrations = create<IntegrationsState>((set) => ({
  linked: {},
  reconnect: {},
  phase: {},
  async check(key, workspaceId, orgId) {
    set((s) => ({ phase: { ...s.phase, [key]: 'loading' } }));
    try {
      const link = await api.fetchLinked(key, workspaceId, orgId);
      set((s) => ({
        linked: { ...s.linked, [key]: link.connected },
        reconnect: { ...s.reconnect, [key]: link.needsReconnect },
        phase: { ...s.phase, [key]: 'ready' },
      }));
    } catch {
      set((s) => ({ phase: { ...s.phase, [key]: 'error' } }));
    }
  },
  setLinked(key, linked) {
    set((s) => ({
      linked: { ...s.linked, [key]: linked },
      reconnect: { ...s.reconnect, [key]: false },
      phase: { ...s.phase, [key]: 'ready' },
    }));
    void refreshWorkspaceFlags();
  },
  lastSync: {},
  lastSyncPhase: null,
  async loadLastSync(orgId) {
    set((s) => ({ lastSyncPhase: s.lastSyncPhase === 'ready' ? 'ready' : 'loading' }));
    try {
      const rows = await api.fetchLastSync(orgId);
      set({
        lastSync: Object.fromEntries(rows.map((r) => [r.provider, r])) as Partial<Record<Provider, api.LastSync>>,
        lastSyncPhase: 'ready',
      });
    } catch {
      set({ lastSyncPhase: 'error' });
    }
  },
  revealed: null,
  reveal(secret) {
    set({ revealed: secret });
  },
  reset() {
    set({ linked: {}, reconnect: {}, phase: {}, lastSync: {}, lastSyncPhase: null, revealed: null });
  },
}));

/**
 * Re-reads the user's connected flags (checkuserexistance) without reloading the frame. With
 * `authoritative` (the grid opening) the fresh flags replace what this page learned.
 */
export async function refreshWorkspaceFlags(authoritative = false): Promise<void> {
  const email = useWorkspace.getState().me?.email;
  if (!email) return;
  try {
    const me = await fetchUserExistence(email);
    useWorkspace.setState({ me });
    if (authoritative) useIntegrations.setState({ linked: {} });
  } catch {
    // The page's own state already shows the change; the flags catch up on the next load.
  }
}

/** The flag a card shows: what this page learned, else the workspace's. */
export function useConnected(key: Provider): boolean {
  const local = useIntegrations((s) => s.linked[key]);
  const flag = useWorkspace((s) => s.me?.integrations[key] ?? false);
  return local ?? flag;
}
