// The manage tools' state for the current workspace: the quick replies with the plan's limit,
// signature and whether the caller may write for a team, the organisation's teams and its
// team-tools setting (admins change it), the labels and funnels, and
// the organisation's user properties. Each is loaded when its tab opens and replaced by the
// server's answer to every change (the API answers a change with the whole list, so nothing is
// patched by hand except a created or edited quick reply). A workspace switch starts over, and
// an answer for another workspace is dropped.
import { create } from 'zustand';
import type { LabelBoard, QuickReply, QuickReplyList, Team, UserProperty } from '@/generated/contract';
import { errorCodeOf } from '@/lib/errorText';
import * as api from '../api';

export type Load = 'idle' | 'loading' | 'ready' | 'error';

export interface Resource<T> {
  status: Load;
  data: T | null;
  code: string | null;
}

/** Stable empty lists for selectors (a new `[]` each time would re-render forever). */
export const NO_PROPERTIES: UserProperty[] = [];
export const NO_LABELS: LabelBoard['labels'] = [];

const idle = <T>(): Resource<T> => ({ status: 'idle', data: null, code: null });

interface ManageState {
  /** The workspace: an organisation, or null for the personal one. */
  orgId: number | null;
  replies: Resource<QuickReplyList>;
  teams: Team[];
  /** `admins` or `admins_and_managers` (the setting admins change; who may edit team tools is the
   * server's flag on the lists); null outside an organisation or until known. */
  editors: string | null;
  board: Resource<LabelBoard>;
  properties: Resource<UserProperty[]>;
  setOrg: (orgId: number | null) => void;
  loadReplies: () => Promise<void>;
  setReplies: (list: QuickReplyList) => void;
  /** A created or edited quick reply, from the server's answer. */
  putReply: (reply: QuickReply) => void;
  loadEditors: () => Promise<void>;
  setEditors: (editors: string) => void;
  loadBoard: () => Promise<void>;
  setBoard: (board: LabelBoard) => void;
  loadProperties: () => Promise<void>;
  setProperties: (list: UserProperty[]) => void;
  reset: () => void;
}

const fresh = () => ({
  replies: idle<QuickReplyList>(),
  teams: [] as Team[],
  editors: null as string | null,
  board: idle<LabelBoard>(),
  properties: idle<UserProperty[]>(),
});

export const useManage = create<ManageState>((set, get) => {
  /** Runs `load` for the current workspace, storing its answer only if the workspace is the same. */
  async function loadInto<K extends 'replies' | 'board' | 'properties'>(
    key: K,
    load: (orgId: number | null) => Promise<NonNullable<ManageState[K]['data']>>,
  ) {
    const { orgId } = get();
    const before = get()[key];
    set({ [key]: { status: 'loading', data: before.data, code: null } } as Partial<ManageState>);
    try {
      const data = await load(orgId);
      if (get().orgId === orgId) set({ [key]: { status: 'ready', data, code: null } } as Partial<ManageState>);
    } catch (e) {
      if (get().orgId === orgId) set({ [key]: { status: 'error', data: null, code: errorCodeOf(e) } } as Partial<ManageState>);
    }
  }

  return {
    orgId: null,
    ...fresh(),

    setOrg(orgId) {
      if (get().orgId !== orgId) set({ orgId, ...fresh() });
    },

    async loadReplies() {
      const { orgId } = get();
      if (orgId !== null) {
        // The team choice needs the teams; their failing does not block the list.
        void api
          .fetchTeams(orgId)
          .catch(() => [] as Team[])
          .then((teams) => {
            if (get().orgId === orgId) set({ teams });
          });
      }
      await loadInto('replies', api.listQuickReplies);
    },

    setReplies(list) {
      set({ replies: { status: 'ready', data: list, code: null } });
    },

    putReply(reply) {
      const list = get().replies.data;
      if (!list) return;
      const known = list.items.some((r) => r.id === reply.id);
      const items = known ? list.items.map((r) => (r.id === reply.id ? reply : r)) : [...list.items, reply];
      set({ replies: { status: 'ready', data: { ...list, items, used: known ? list.used : list.used + 1 }, code: null } });
    },

    async loadEditors() {
      const { orgId } = get();
      if (orgId === null) return;
      const editors = await api.getTeamToolsAccess(orgId).then(
        (a) => a.editors,
        () => null,
      );
      if (get().orgId === orgId) set({ editors });
    },

    setEditors(editors) {
      set({ editors });
    },

    loadBoard: () => loadInto('board', api.getLabelBoard),

    setBoard(board) {
      set({ board: { status: 'ready', data: board, code: null } });
    },

    async loadProperties() {
      const { orgId } = get();
      if (orgId === null) return;
      await loadInto('properties', () => api.listProperties(orgId));
    },

    setProperties(list) {
      set({ properties: { status: 'ready', data: list, code: null } });
    },

    reset() {
      set({ orgId: null, ...fresh() });
    },
  };
});
