// What the Integrations screen knows beyond the workspace's connected flags: each page's own
// status check (000 §4 'Connection status is loaded when the page opens') and the result of a
// link or unlink made here, which shows at once while the workspace flags are refreshed.
import { create } from 'zustand';
import type { IntegrationCard } from '@/generated/domain';
import { fetchUserExistence } from '@/features/shell/api';
import { useWorkspace } from '@/features/shell/stores/workspace';
import * as api from '../api';

export type CheckPhase = 'loading' | 'ready' | 'error';

interface IntegrationsState {
  linked: Partial<Record<IntegrationCard, boolean>>;
  /** A link the provider no longer accepts (LinkStatus.needs_reconnect). */
  reconnect: Partial<Record<IntegrationCard, boolean>>;
  phase: Partial<Record<IntegrationCard, CheckPhase>>;
  check: (key: IntegrationCard, workspaceId: number, orgId: number | null) => Promise<void>;
  setLinked: (key: IntegrationCard, linked: boolean) => void;
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
  reset() {
    set({ linked: {}, reconnect: {}, phase: {} });
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
export function useConnected(key: IntegrationCard): boolean {
  const local = useIntegrations((s) => s.linked[key]);
  const flag = useWorkspace((s) => s.me?.integrations[key] ?? false);
  return local ?? flag;
}
