// The knowledge-base screen's state for the current organisation: the open chat (a new one, or
// a conversation reopened from the list), the question in flight, the caller's conversations,
// the organisation's documents, and whether personal data is masked (remembered for the
// session). A chat left while its answer is on the way does not receive it.
import { create } from 'zustand';
import type { Citation, KbConversation, KbDocument, KbMessage } from '@/generated/contract';
import * as api from '../api';

/** One bubble of the chat. `failed` bubbles carry the question a retry asks again. */
export interface Bubble {
  key: string;
  type: 'user' | 'bot';
  text: string;
  /** `asked` (a question), `answered`, `not_found`, or `failed`. */
  status: string;
  date: string;
  citations: Citation[];
  question?: string;
}

type Load = 'idle' | 'loading' | 'ready' | 'error';

interface KbState {
  orgId: number | null;
  conversationId: number | null;
  title: string | null;
  messages: Bubble[];
  asking: boolean;
  opening: Load;
  conversations: { status: Load; list: KbConversation[] };
  documents: { status: Load; list: KbDocument[] };
  mask: boolean;
  /** Switches to an organisation (a different one starts over). */
  setOrg: (orgId: number | null) => void;
  /** The text in the input (suggested questions fill it). */
  draft: string;
  setDraft: (draft: string) => void;
  newChat: () => void;
  ask: (question: string) => Promise<void>;
  retry: (key: string) => Promise<void>;
  open: (id: number) => Promise<void>;
  loadConversations: () => Promise<void>;
  loadDocuments: () => Promise<void>;
  addDocument: (doc: KbDocument) => void;
  removeDocument: (id: number) => Promise<void>;
  /** Renames one of the caller's conversations (throws the server's refusal). */
  renameConversation: (id: number, title: string) => Promise<void>;
  /** Deletes one of the caller's conversations; the open one becomes a new chat. */
  deleteConversation: (id: number) => Promise<void>;
  toggleMask: () => void;
  reset: () => void;
}

const MASK_KEY = 'switchboard.kb.mask';

function readMask(): boolean {
  try {
    return window.sessionStorage.getItem(MASK_KEY) === '1';
  } catch {
    return false;
  }
}

function writeMask(on: boolean) {
  try {
    if (on) window.sessionStorage.setItem(MASK_KEY, '1');
    else window.sessionStorage.removeItem(MASK_KEY);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}

export function bubbleOf(m: KbMessage): Bubble {
  return {
    key: `m${m.id}`,
    type: m.type === 'user' ? 'user' : 'bot',
    text: m.message,
    status: m.status,
    date: m.date,
    citations: m.citations,
  };
}

/** Server messages as bubbles; a failed answer remembers the question before it. */
function bubblesOf(messages: KbMessage[]): Bubble[] {
  let lastQuestion: string | undefined;
  return messages.map((m) => {
    const b = bubbleOf(m);
    if (b.type === 'user') lastQuestion = b.text;
    else if (b.status === 'failed' && lastQuestion !== undefined) b.question = lastQuestion;
    return b;
  });
}

let seq = 0;
/** Bumped whenever the open chat changes, so late answers for another chat are dropped. */
let chat = 0;

const fresh = () => ({
  conversationId: null,
  title: null,
  messages: [] as Bubble[],
  asking: false,
  opening: 'idle' as Load,
  draft: '',
});

export const useKb = create<KbState>((set, get) => ({
  orgId: null,
  ...fresh(),
  conversations: { status: 'idle', list: [] },
  documents: { status: 'idle', list: [] },
  mask: readMask(),
  setDraft: (draft) => set({ draft }),

  setOrg(orgId) {
    if (get().orgId === orgId) return;
    chat += 1;
    set({ orgId, ...fresh(), conversations: { status: 'idle', list: [] }, documents: { status: 'idle', list: [] } });
  },

  newChat() {
    chat += 1;
    set(fresh());
  },

  async ask(raw) {
    const question = raw.trim();
    const { orgId, asking, conversationId } = get();
    if (!question || asking || orgId === null) return;
    const mine = chat;
    const local: Bubble = {
      key: `q${++seq}`,
      type: 'user',
      text: question,
      status: 'asked',
      date: new Date().toISOString(),
      citations: [],
    };
    set((s) => ({ messages: [...s.messages, local], asking: true }));
    try {
      const answer = await api.ask(orgId, conversationId, question);
      if (mine !== chat) return;
      set((s) => ({
        conversationId: answer.conversation_id,
        title: s.title ?? answer.question.message,
        messages: [...s.messages.map((b) => (b.key === local.key ? bubbleOf(answer.question) : b)), bubbleOf(answer.answer)],
        asking: false,
      }));
    } catch {
      if (mine !== chat) return;
      const failed: Bubble = {
        key: `f${++seq}`,
        type: 'bot',
        text: '',
        status: 'failed',
        date: new Date().toISOString(),
        citations: [],
        question,
      };
      set((s) => ({ messages: [...s.messages, failed], asking: false }));
      return;
    } finally {
      if (get().orgId === orgId) void get().loadConversations();
    }
  },

  async retry(key) {
    const { messages, asking } = get();
    const i = messages.findIndex((b) => b.key === key);
    const failed = messages[i];
    if (asking || !failed || failed.status !== 'failed' || failed.question === undefined) return;
    // The question and its failed answer give way to the question asked again.
    const before = messages[i - 1];
    const drop = new Set([key, ...(before?.type === 'user' && before.text === failed.question ? [before.key] : [])]);
    set({ messages: messages.filter((b) => !drop.has(b.key)) });
    await get().ask(failed.question);
  },

  async open(id) {
    const { orgId } = get();
    if (orgId === null) return;
    const mine = ++chat;
    set({ ...fresh(), conversationId: id, opening: 'loading' });
    try {
      const detail = await api.getConversation(orgId, id);
      if (mine !== chat) return;
      set({ title: detail.conversation.title, messages: bubblesOf(detail.messages), opening: 'ready' });
    } catch {
      if (mine === chat) set({ opening: 'error' });
    }
  },

  async loadConversations() {
    const { orgId, conversations } = get();
    if (orgId === null) return;
    if (conversations.status !== 'ready') set({ conversations: { status: 'loading', list: conversations.list } });
    try {
      const list = await api.listConversations(orgId);
      if (get().orgId === orgId) set({ conversations: { status: 'ready', list } });
    } catch {
      if (get().orgId === orgId && get().conversations.status !== 'ready') set({ conversations: { status: 'error', list: [] } });
    }
  },

  async loadDocuments() {
    const { orgId } = get();
    if (orgId === null) return;
    set((s) => ({ documents: { status: 'loading', list: s.documents.list } }));
    try {
      const list = await api.listDocuments(orgId);
      if (get().orgId === orgId) set({ documents: { status: 'ready', list } });
    } catch {
      if (get().orgId === orgId) set({ documents: { status: 'error', list: [] } });
    }
  },

  addDocument(doc) {
    set((s) => ({ documents: { status: s.documents.status, list: [doc, ...s.documents.list.filter((d) => d.id !== doc.id)] } }));
  },

  async removeDocument(id) {
    const { orgId } = get();
    if (orgId === null) return;
    const list = await api.deleteDocument(orgId, id);
    if (get().orgId === orgId) set({ documents: { status: 'ready', list } });
  },

  async renameConversation(id, title) {
    const { orgId } = get();
    if (orgId === null) return;
    const renamed = await api.renameConversation(orgId, id, title);
    if (get().orgId !== orgId) return;
    set((s) => ({
      conversations: { ...s.conversations, list: s.conversations.list.map((c) => (c.id === id ? renamed : c)) },
      title: s.conversationId === id ? renamed.title : s.title,
    }));
  },

  async deleteConversation(id) {
    const { orgId } = get();
    if (orgId === null) return;
    await api.deleteConversation(orgId, id);
    if (get().orgId !== orgId) return;
    if (get().conversationId === id) {
      chat += 1;
      set(fresh());
    }
    set((s) => ({ conversations: { ...s.conversations, list: s.conversations.list.filter((c) => c.id !== id) } }));
  },

  toggleMask() {
    const mask = !get().mask;
    writeMask(mask);
    set({ mask });
  },

  reset() {
    chat += 1;
    set({
      orgId: null,
      ...fresh(),
      conversations: { status: 'idle', list: [] },
      documents: { status: 'idle', list: [] },
      mask: readMask(),
    });
  },
}));
