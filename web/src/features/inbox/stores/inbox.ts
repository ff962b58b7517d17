// The team inbox screen's state for the current organisation: the chatter list of the chosen
// tab and search (paged 20 by the server's keyset cursor), the tabs' counts, the open
// conversation with its messages (paged backwards), the members (names, assignment, mentions)
// and the shared number's status. Live events (hooks/useLiveFeed) call `onEvent`; the reads they
// cause are gathered for a moment, so a burst of messages is one read, not one per message. An
// answer that arrives after the tab, the search or the open chat changed is dropped.
import { create } from 'zustand';
import type { Conversation, Employee, GatewayStatus, InboxMessage } from '@/generated/contract';
import { codeOf } from '@/lib/errorText';
import * as api from '../api';
import { appendPage, applyAck, mergeFirstPage, mergeMessages, numberOf, replaceConversation, type Tab } from '../logic';

export type Load = 'idle' | 'loading' | 'ready' | 'error';

/** How long live events are gathered before the reads they cause. */
export const GATHER_MS = 150;

interface ListState {
  status: Load;
  items: Conversation[];
  cursor: string | null;
  more: Load;
  upgrade: boolean;
  code: string | null;
}

interface MessagesState {
  status: Load;
  items: InboxMessage[];
  cursor: string | null;
  older: Load;
}

interface InboxState {
  orgId: number | null;
  tab: Tab;
  query: string;
  list: ListState;
  counts: Record<string, number | null> | null;
  selectedId: number | null;
  selected: Conversation | null;
  messages: MessagesState;
  members: Employee[];
  gateway: GatewayStatus | null;
  /** Bumped when a task changes, so the tasks panel reads its list again. */
  taskStamp: number;
  setOrg: (orgId: number | null) => void;
  setTab: (tab: Tab) => void;
  setQuery: (query: string) => void;
  loadList: () => Promise<void>;
  loadMore: () => Promise<void>;
  loadCounts: () => Promise<void>;
  setMembers: (members: Employee[]) => void;
  setGateway: (gateway: GatewayStatus | null) => void;
  select: (id: number | null) => Promise<void>;
  /** Shows a conversation the caller just opened or changed (open chat by number, assign, close). */
  show: (c: Conversation) => void;
  loadOlder: () => Promise<void>;
  /** A reply or note just written: shown at once, then kept in step by the live feed. */
  addMessage: (m: InboxMessage) => void;
  onEvent: (kind: string, data: Record<string, unknown> | null) => void;
  reset: () => void;
}

const EMPTY_LIST: ListState = { status: 'idle', items: [], cursor: null, more: 'idle', upgrade: false, code: null };
const EMPTY_MESSAGES: MessagesState = { status: 'idle', items: [], cursor: null, older: 'idle' };

// Which answer is still wanted: bumped when the tab, search, organisation or open chat changes.
let listSeq = 0;
let chatSeq = 0;
const timers = new Map<string, number>();

function gather(key: string, run: () => void) {
  if (timers.has(key)) return;
  timers.set(
    key,
    window.setTimeout(() => {
      timers.delete(key);
      run();
    }, GATHER_MS),
  );
}

function clearTimers() {
  for (const t of timers.values()) window.clearTimeout(t);
  timers.clear();
}

export const useInbox = create<InboxState>((set, get) => {
  /** Reads the first page again and merges it over what is loaded (a live change). */
  async function refreshFirst() {
    const { orgId, tab, query, list } = get();
    if (orgId === null || list.status !== 'ready') return;
    const seq = listSeq;
    try {
      const page = await api.listConversations(orgId, tab, null, query);
      if (seq !== listSeq) return;
      set((s) => ({
        list: {
          ...s.list,
          items: mergeFirstPage(s.list.items, page.items),
          // More was left after what was loaded, or after the fresh page when that is all.
          cursor: s.list.items.length > page.items.length ? s.list.cursor : page.next_cursor,
          upgrade: page.upgrade_to_see_all,
        },
      }));
    } catch {
      // The next event or a reload tries again; what is shown stays.
    }
  }

  async function refreshSelected() {
    const { orgId, selectedId } = get();
    if (orgId === null || selectedId === null) return;
    const seq = chatSeq;
    try {
      const [c, page] = await Promise.all([api.getConversation(orgId, selectedId), api.listMessages(orgId, selectedId, null)]);
      if (seq !== chatSeq) return;
      set((s) => ({
        selected: c,
        list: { ...s.list, items: replaceConversation(s.list.items, c) },
        messages: { ...s.messages, items: mergeMessages(s.messages.items, page.items) },
      }));
      if (c.unread && document.visibilityState === 'visible') void markRead(orgId, c.id);
    } catch {
      // Kept as it is; the next event reads again.
    }
  }

  async function markRead(orgId: number, id: number) {
    try {
      const c = await api.markRead(orgId, id);
      set((s) => ({ list: { ...s.list, items: replaceConversation(s.list.items, c) }, selected: s.selectedId === c.id ? c : s.selected }));
      gather('counts', () => void get().loadCounts());
    } catch {
      // Unread stays shown; opening the chat again marks it.
    }
  }

  return {
    orgId: null,
    tab: 'all',
    query: '',
    list: EMPTY_LIST,
    counts: null,
    selectedId: null,
    selected: null,
    messages: EMPTY_MESSAGES,
    members: [],
    gateway: null,
    taskStamp: 0,

    setOrg: (orgId) => {
      if (orgId === get().orgId) return;
      listSeq++;
      chatSeq++;
      clearTimers();
      set({ orgId, list: EMPTY_LIST, counts: null, selectedId: null, selected: null, messages: EMPTY_MESSAGES, members: [], gateway: null });
    },

    setTab: (tab) => {
      if (tab === get().tab) return;
      set({ tab });
      void get().loadList();
    },

    setQuery: (query) => {
      if (query === get().query) return;
      set({ query });
      void get().loadList();
    },

    loadList: async () => {
      const { orgId, tab, query } = get();
      if (orgId === null) return;
      const seq = ++listSeq;
      set((s) => ({ list: { ...s.list, status: 'loading', code: null } }));
      try {
        const page = await api.listConversations(orgId, tab, null, query);
        if (seq !== listSeq) return;
        set({ list: { status: 'ready', items: page.items, cursor: page.next_cursor, more: 'idle', upgrade: page.upgrade_to_see_all, code: null } });
      } catch (e) {
        if (seq !== listSeq) return;
        set({ list: { ...EMPTY_LIST, status: 'error', code: codeOf(e) } });
      }
    },

    loadMore: async () => {
      const { orgId, tab, query, list } = get();
      if (orgId === null || !list.cursor || list.more === 'loading') return;
      const seq = listSeq;
      set((s) => ({ list: { ...s.list, more: 'loading' } }));
      try {
        const page = await api.listConversations(orgId, tab, list.cursor, query);
        if (seq !== listSeq) return;
        set((s) => ({ list: { ...s.list, items: appendPage(s.list.items, page.items), cursor: page.next_cursor, more: 'idle' } }));
      } catch {
        if (seq !== listSeq) return;
        set((s) => ({ list: { ...s.list, more: 'error' } }));
      }
    },

    loadCounts: async () => {
      const { orgId } = get();
      if (orgId === null) return;
      try {
        const answer = await api.getCounts(orgId);
        if (get().orgId !== orgId) return;
        set({ counts: Object.fromEntries(answer.tabs.map((t) => [t.tab, t.count])) });
      } catch {
        // The tabs show no numbers until the next read.
      }
    },

    setMembers: (members) => set({ members }),
    setGateway: (gateway) => set({ gateway }),

    select: async (id) => {
      const { orgId } = get();
      const seq = ++chatSeq;
      if (id === null || orgId === null) {
        set({ selectedId: null, selected: null, messages: EMPTY_MESSAGES });
        return;
      }
      const known = get().list.items.find((c) => c.id === id) ?? null;
      set({ selectedId: id, selected: known, messages: { ...EMPTY_MESSAGES, status: 'loading' } });
      try {
        const [c, page] = await Promise.all([api.getConversation(orgId, id), api.listMessages(orgId, id, null)]);
        if (seq !== chatSeq) return;
        set({ selected: c, messages: { status: 'ready', items: page.items, cursor: page.next_cursor, older: 'idle' } });
        if (c.unread) void markRead(orgId, c.id);
      } catch {
        if (seq !== chatSeq) return;
        set({ messages: { ...EMPTY_MESSAGES, status: 'error' } });
      }
    },

    show: (c) => {
      set((s) => ({
        list: { ...s.list, items: s.list.items.some((x) => x.id === c.id) ? replaceConversation(s.list.items, c) : s.list.items },
        selected: s.selectedId === c.id ? c : s.selected,
      }));
      gather('counts', () => void get().loadCounts());
      gather('list', () => void refreshFirst());
    },

    loadOlder: async () => {
      const { orgId, selectedId, messages } = get();
      if (orgId === null || selectedId === null || !messages.cursor || messages.older === 'loading') return;
      const seq = chatSeq;
      set((s) => ({ messages: { ...s.messages, older: 'loading' } }));
      try {
        const page = await api.listMessages(orgId, selectedId, messages.cursor);
        if (seq !== chatSeq) return;
        set((s) => ({ messages: { ...s.messages, items: mergeMessages(s.messages.items, page.items), cursor: page.next_cursor, older: 'idle' } }));
      } catch {
        if (seq !== chatSeq) return;
        set((s) => ({ messages: { ...s.messages, older: 'error' } }));
      }
    },

    addMessage: (m) => {
      set((s) => ({ messages: { ...s.messages, items: mergeMessages(s.messages.items, [m]) } }));
      gather('list', () => void refreshFirst());
      gather('counts', () => void get().loadCounts());
    },

    onEvent: (kind, data) => {
      const conversation = numberOf(data, 'conversation_id');
      const open = get().selectedId;
      switch (kind) {
        case 'ack': {
          const message = numberOf(data, 'message_id');
          const ack = typeof data?.ack === 'string' ? data.ack : null;
          if (conversation !== null && conversation === open && message !== null && ack) {
            if (get().messages.items.some((m) => m.id === message)) {
              set((s) => ({ messages: { ...s.messages, items: applyAck(s.messages.items, message, ack) } }));
            } else gather('chat', () => void refreshSelected());
          }
          return;
        }
        case 'state':
          // The gateway card reads the status itself (it owns the QR); the list may change too.
          gather('list', () => void refreshFirst());
          return;
        case 'task':
          set((s) => ({ taskStamp: s.taskStamp + 1 }));
          gather('counts', () => void get().loadCounts());
          return;
        default:
          // message, assignment, conversation, overdue: the list, the counts and maybe the open chat.
          gather('list', () => void refreshFirst());
          gather('counts', () => void get().loadCounts());
          if (open !== null && (conversation === open || conversation === null)) gather('chat', () => void refreshSelected());
      }
    },

    reset: () => {
      listSeq++;
      chatSeq++;
      clearTimers();
      set({ orgId: null, tab: 'all', query: '', list: EMPTY_LIST, counts: null, selectedId: null, selected: null, messages: EMPTY_MESSAGES, members: [], gateway: null });
    },
  };
});
