// Test helpers for the team inbox: the caller signed in on Acme Traders, a fake server keeping
// conversations, messages and tasks (answering the inbox's calls as docs/API.md says, each call
// recorded; a handler may answer first), and a fake EventSource the test pushes live events into.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Conversation, InboxMessage, InboxTask } from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import { errorBody, firstAnswer, renderRoutes, signInAs, stubServer, userExistence, type Answer, type Call, type Handler } from '@/testing/harness';
import { businessHours, mapping, members, ORG } from '@/testing/organization';
import { TABS } from './logic';
import type { ContactPanel } from './components/ChatPanels';
import TeamInboxPage from './pages/TeamInboxPage';
import { useInbox } from './stores/inbox';

export { ORG, errorBody, type Call };

export function conversation(over: Partial<Conversation> & { id: number }): Conversation {
  return {
    channel: 'shared',
    created_by_user: null,
    chat_id: `9198000000${over.id}@c.us`,
    contact: `+9198000000${over.id}`,
    name: null,
    is_group: false,
    standing: 'needs_reply',
    assignee_id: null,
    last_message_at: `2030-01-01T10:0${over.id % 10}:00Z`,
    preview: 'Hello',
    unread: false,
    ...over,
  };
}

export function message(over: Partial<InboxMessage> & { id: number }): InboxMessage {
  return {
    kind: 'message',
    outbound: false,
    author_id: null,
    sender: null,
    body: `Message ${over.id}`,
    media_name: null,
    media_type: null,
    media_ready: false,
    ack: 'read',
    error: null,
    sent_at: `2030-01-01T09:${String(over.id % 60).padStart(2, '0')}:00Z`,
    ...over,
  };
}

export interface World {
  conversations: Conversation[];
  messages: Record<number, InboxMessage[]>;
  tasks: InboxTask[];
  counts: Record<string, number | null>;
  upgrade: boolean;
}

export function world(over: Partial<World> = {}): World {
  return {
    conversations: [
      conversation({ id: 1, name: 'Ravi Kumar', unread: true, preview: 'Is the blue one in stock?' }),
      conversation({ id: 2, name: 'Ana Souza', channel: 'member', created_by_user: 8, standing: 'awaiting_reply' }),
    ],
    messages: { 1: [message({ id: 11, body: 'Is the blue one in stock?' })], 2: [message({ id: 21, body: 'Obrigada', outbound: false })] },
    tasks: [],
    counts: Object.fromEntries(TABS.map((t) => [t, t.startsWith('hub_') ? null : 2])),
    upgrade: false,
    ...over,
  };
}

/** A fake server over `w`; returns the calls made. */
export function fakeServer(w: World, ...handlers: Handler[]) {
  const calls: Call[] = [];
  let nextId = 500;
  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = call.url.pathname;
    const m = /^\/api\/inbox\/conversations\/(\d+)(\/\w+)?$/.exec(p);
    const find = (id: number) => w.conversations.find((c) => c.id === id);
    if (p === '/api/v1/whatzapp/employees/invited') return { body: { result: true, data: members, sync_list: [], mapping_details: mapping() } };
    if (p === '/api/inbox/conversations') {
      const tab = call.url.searchParams.get('tab');
      const q = call.url.searchParams.get('q');
      let items = w.conversations;
      if (tab === 'unread') items = items.filter((c) => c.unread);
      // Nobody in this world is qualified or linked to a CRM.
      if (tab === 'hub_contacts' || tab === 'hub_lifecycle') items = [];
      if (q) items = items.filter((c) => (w.messages[c.id] ?? []).some((x) => x.body?.toLowerCase().includes(q.toLowerCase())));
      return { body: { items, next_cursor: null, upgrade_to_see_all: w.upgrade && tab === 'unread' } };
    }
    if (p === '/api/inbox/counts') return { body: { tabs: TABS.map((tab) => ({ tab, count: w.counts[tab] ?? 0 })) } };
    if (p === '/api/inbox/gateway') return { body: { connected: false, name: null, base_url: null, state: null, number: null, waiting_replies: 0 } };
    if (p === '/api/inbox/settings') return { body: { org_id: ORG, agents: [], reply_minutes: null, escalation: 'alert' } };
    if (p === '/api/business-hours') return { body: businessHours() };
    if (p === '/api/v2/ai/replies-left') return { body: { replies_left: 3, daily_limit: 10 } };
    if (p === '/api/manage/quick-replies') {
      return { body: { items: [{ id: 4, name: 'Stock', message: 'Hi {{first_name}}, yes it is in stock.', team_id: null, attachment: null, owner_id: 7, created_at: '2030-01-01T00:00:00Z' }], limit: null } };
    }
    if (m) {
      const c = find(Number(m[1]));
      if (!c) return { status: 404, body: errorBody('not_found') };
      const body = call.body as Record<string, unknown> | undefined;
      switch (m[2]) {
        case undefined:
          return { body: c };
        case '/messages':
          return { body: { items: w.messages[c.id] ?? [], next_cursor: null } };
        case '/replies':
        case '/notes': {
          const made = message({ id: nextId++, kind: m[2] === '/notes' ? 'note' : 'message', outbound: true, author_id: 7, body: String(body?.text), ack: m[2] === '/notes' ? 'read' : 'queued', sent_at: '2030-01-01T11:00:00Z' });
          w.messages[c.id] = [made, ...(w.messages[c.id] ?? [])];
          return { body: made };
        }
        case '/status':
          Object.assign(c, { standing: body?.open ? 'needs_reply' : 'closed' });
          return { body: { ...c } };
        case '/assignee':
          Object.assign(c, { assignee_id: body?.user_id ?? null });
          return { body: { ...c } };
        case '/read':
          Object.assign(c, { unread: false });
          return { body: { ...c } };
      }
    }
    if (p === '/api/inbox/tasks' && call.method === 'GET') {
      const id = Number(call.url.searchParams.get('conversation_id'));
      return { body: { items: w.tasks.filter((t) => t.conversation_id === id) } };
    }
    if (p === '/api/inbox/tasks' && call.method === 'POST') {
      const b = call.body as InboxTask;
      const task: InboxTask = { ...b, id: nextId++, contact: null, status: b.status ?? 'open', owner_id: 7, created_at: '2030-01-01T00:00:00Z', completed_at: null };
      w.tasks.push(task);
      return { body: task };
    }
    const tm = /^\/api\/inbox\/tasks\/(\d+)$/.exec(p);
    if (tm && call.method === 'PUT') {
      const task = w.tasks.find((t) => t.id === Number(tm[1]))!;
      Object.assign(task, call.body as object, { completed_at: (call.body as InboxTask).status === 'completed' ? '2030-01-01T12:00:00Z' : null });
      return { body: { ...task } };
    }
    return { status: 404, body: errorBody('not_found') };
  };
  stubServer(calls, answer);
  return calls;
}

/** The EventSource the screen opens; `push` sends it an event as the server would. */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  static readonly OPEN = 1;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Set<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
    queueMicrotask(() => this.onopen?.());
  }
  addEventListener(kind: string, fn: (e: MessageEvent<string>) => void) {
    if (!this.listeners.has(kind)) this.listeners.set(kind, new Set());
    this.listeners.get(kind)!.add(fn);
  }
  removeEventListener(kind: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.get(kind)?.delete(fn);
  }
  close() {
    this.readyState = 2;
  }
  push(kind: string, data: unknown) {
    act(() => {
      for (const fn of this.listeners.get(kind) ?? []) fn(new MessageEvent(kind, { data: JSON.stringify(data) }));
    });
  }
}

export function stubEventSource() {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** Signs the caller in on Acme Traders with the role (1 admin, 2 manager, 3 employee). */
export function signIn(roleId = 1) {
  const current = mapping({ role_id: roleId });
  signInAs(current, { name: 'Owner', workspace: { me: userExistence(current, { name: 'Owner' }) } });
}

export function resetStores() {
  useInbox.getState().reset();
  useWorkspace.getState().reset();
}

/** Stands in for the contact's panels the app hands in (the manage tools', the Lead CRM's): says
 * which panel for which contact. */
export const ContactPanelProbe: ContactPanel = ({ contact, panel }) => <div data-testid="contact-panel">{`${panel} ${contact}`}</div>;

export function renderPage(path = '/team-inbox') {
  return renderRoutes([{ path: '*', element: <TeamInboxPage contactPanel={ContactPanelProbe} /> }], path);
}
