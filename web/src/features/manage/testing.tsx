// Test helpers for the manage tools: typed fixtures in the contract's shapes, a fake server
// answering the manage calls like crates/server/src/routes/manage/ (fetch, and
// XMLHttpRequest for attachment uploads with progress that a test may hold), each call
// recorded, a handler answering first; the caller signed in on Acme Traders with a role and a
// plan; and the real pages behind a memory router with the toasts. Like the server, the fake one
// decides who may edit team tools and share labels (`may_edit_team_tools`, `may_share`) from the
// caller's role there and the organisation's editors setting.
import type {
  ChatNote,
  Employee,
  EmployeeList,
  Funnel,
  LabelBoard,
  ManagedLabel,
  QuickReply,
  QuickReplyList,
  UserProperty,
} from '@/generated/contract';
import { useWorkspace } from '@/stores/workspace';
import {
  errorBody,
  firstAnswer,
  gate,
  invalid,
  renderRoutes,
  setupSuite,
  signInAs,
  stubServer,
  uploadHolds,
  userExistence,
  type Answer,
  type Call,
  type Handler,
} from '@/testing/harness';
import { employee, mapping, ME, ORG, sales } from '@/testing/organization';
import ManageToolsPage from './pages/ManageToolsPage';
import QuickReplyAnalyticsPage from './pages/QuickReplyAnalyticsPage';
import { useManage } from './stores/manage';

export { ME, ORG, sales };

export { errorBody, gate, invalid, type Answer, type Call };

export function reply(over: Partial<QuickReply> & { id: number }): QuickReply {
  return {
    name: 'Greeting',
    message: 'Hello {{first_name}}!',
    team_id: null,
    owner_id: ME,
    editable: true,
    attachment: null,
    sent_count: 0,
    updated_at: '2030-01-01T10:00:00Z',
    ...over,
  };
}

export function label(over: Partial<ManagedLabel> & { id: number; name: string }): ManagedLabel {
  return { color: '#64c4ff', parent_id: null, kind: 'custom', editable: true, ...over };
}

export const systemLabel = label({ id: -1, name: 'new_customer', color: '#55ccb3', kind: 'system', editable: false });

/** A label board as the world holds it; `may_share` is the server's to decide per call. */
export type Board = Omit<LabelBoard, 'may_share'>;

export function board(over: Partial<Board> = {}): Board {
  return { labels: [systemLabel], funnels: [], limit: null, used: 0, ...over };
}

export function funnel(over: Partial<Funnel> & { id: number }): Funnel {
  return { name: 'Sales', stages: ['New', 'Won'], shared: false, editable: true, ...over };
}

export const prop = (over: Partial<UserProperty> & { id: number; name: string }): UserProperty => ({
  kind: 'text',
  options: [],
  ...over,
});

export function note(over: Partial<ChatNote> & { id: number; body: string }): ChatNote {
  return { contact: '+919812345678', kind: 'note', title: '', updated_at: '2030-01-01T10:00:00Z', ...over };
}

export const priya: Employee = employee({
  user_id: 8,
  whatzapp_basic_info: { name: 'Priya Sharma', mobile: '+919812345678' },
  team_id: sales.id,
});

/** What the fake server holds; tests change it before rendering. The caller's role is the one
 * `signIn` gave; `editors` is the organisation's team-tools setting. */
export interface World {
  replies: Omit<QuickReplyList, 'may_edit_team_tools'>;
  board: Board;
  properties: UserProperty[];
  editors: string;
  profile: Record<string, { property_id: number; value: string }[]>;
  tags: { contact: string; tags: string[]; updated_at: string }[];
  /** The caller's notes and docs, any contact, any order (listed newest first). */
  notes: ChatNote[];
}

export function world(over: Partial<World> = {}): World {
  return {
    replies: { items: [], limit: null, used: 0, signature: null },
    board: board(),
    properties: [],
    editors: 'admins',
    profile: {},
    tags: [],
    notes: [],
    ...over,
  };
}

/** Installs the fake server over `w`; returns the calls and the upload gates. */
export function fakeServer(w: World = world(), ...handlers: Handler[]) {
  const calls: Call[] = [];
  uploads.reset();
  let nextId = 100;
  let minute = 0;
  /** The server's clock: a minute later at each change. */
  const now = () => new Date(Date.UTC(2030, 0, 2, 9, minute++)).toISOString();
  const ok = (body: unknown): Answer => ({ body });
  const envelope = (data: unknown): Answer => ({ body: { result: true, data } });
  /** crates/server/src/manage.rs `may_edit_team_tools`: in the organisation a call names (by
   * `org_id`), admins always, managers when the editors setting allows; never in the personal
   * workspace. `may_share` is the same flag. */
  const mayEditTeamTools = (call: Call): boolean => {
    const named = call.url.searchParams.get('org_id') ?? (call.body as { org_id?: unknown } | undefined)?.org_id;
    if (named === null || named === undefined || named === '') return false;
    const role = useWorkspace.getState().current?.role_id ?? null;
    return role === 1 || (role === 2 && w.editors === 'admins_and_managers');
  };
  const replies = (call: Call): Answer => ok({ ...w.replies, may_edit_team_tools: mayEditTeamTools(call) } satisfies QuickReplyList);
  const labelBoard = (call: Call): Answer => ok({ ...w.board, may_share: mayEditTeamTools(call) } satisfies LabelBoard);

  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = call.url.pathname;
    const m = call.method;
    const body = call.body as Record<string, unknown>;
    let match: RegExpExecArray | null;
    if (p === '/api/v1/whatzapp/teams') return envelope([sales]);
    if (p === '/api/v1/whatzapp/employees/invited') {
      const list: EmployeeList = { result: true, data: [employee({ user_id: ME, role_id: 1 }), priya], sync_list: [], mapping_details: mapping() };
      return ok(list);
    }
    if (p === '/api/manage/team-tools-access') {
      if (m === 'PUT') w.editors = String(body.editors);
      return ok({ org_id: ORG, editors: w.editors });
    }
    if (p === '/api/manage/quick-replies' && m === 'GET') return replies(call);
    if (p === '/api/manage/quick-replies' && m === 'POST') {
      const r = reply({ id: nextId++, name: String(body.name), message: String(body.message), team_id: (body.team_id as number | null) ?? null });
      w.replies = { ...w.replies, items: [...w.replies.items, r], used: w.replies.used + 1 };
      return ok(r);
    }
    if ((match = /^\/api\/manage\/quick-replies\/(\d+)(\/attachment)?$/.exec(p))) {
      const id = Number(match[1]);
      const existing = w.replies.items.find((r) => r.id === id);
      if (!existing) return { status: 404, body: errorBody('not_found') };
      let next = existing;
      if (match[2] && m === 'POST') {
        const name = call.url.searchParams.get('name') ?? 'file';
        const size = (call.body as Blob | undefined)?.size ?? 0;
        next = { ...existing, attachment: { name, size_bytes: size, content_type: 'application/pdf', url: `/api/manage/quick-replies/${id}/attachment?org_id=${ORG}` } };
      } else if (match[2] && m === 'DELETE') next = { ...existing, attachment: null };
      else if (m === 'PUT') next = { ...existing, name: String(body.name), message: String(body.message), team_id: (body.team_id as number | null) ?? null };
      else if (m === 'DELETE') {
        w.replies = { ...w.replies, items: w.replies.items.filter((r) => r.id !== id), used: w.replies.used - 1 };
        return replies(call);
      }
      w.replies = { ...w.replies, items: w.replies.items.map((r) => (r.id === id ? next : r)) };
      return ok(next);
    }
    if (p === '/api/manage/labels' && m === 'GET') return labelBoard(call);
    if (p === '/api/manage/labels' && m === 'POST') {
      const l = label({ id: nextId++, name: String(body.name), color: String(body.color), parent_id: (body.parent_id as number | null) ?? null, kind: body.shared ? 'shared' : 'custom' });
      w.board = { ...w.board, labels: [...w.board.labels, l], used: w.board.used + 1 };
      return labelBoard(call);
    }
    if ((match = /^\/api\/manage\/labels\/(-?\d+)$/.exec(p))) {
      const id = Number(match[1]);
      if (m === 'DELETE') w.board = { ...w.board, labels: w.board.labels.filter((l) => l.id !== id && l.parent_id !== id), used: w.board.used - 1 };
      else w.board = { ...w.board, labels: w.board.labels.map((l) => (l.id === id ? { ...l, name: String(body.name), color: String(body.color) } : l)) };
      return labelBoard(call);
    }
    if (p === '/api/manage/funnels' && m === 'POST') {
      const f = funnel({ id: nextId++, name: String(body.name), stages: body.stages as string[], shared: !!body.shared });
      w.board = { ...w.board, funnels: [...w.board.funnels, f] };
      return labelBoard(call);
    }
    if ((match = /^\/api\/manage\/funnels\/(\d+)$/.exec(p))) {
      const id = Number(match[1]);
      if (m === 'DELETE') w.board = { ...w.board, funnels: w.board.funnels.filter((f) => f.id !== id) };
      else w.board = { ...w.board, funnels: w.board.funnels.map((f) => (f.id === id ? { ...f, name: String(body.name), stages: body.stages as string[] } : f)) };
      return labelBoard(call);
    }
    if (p === '/api/manage/user-properties' && m === 'GET') return envelope(w.properties);
    if (p === '/api/manage/user-properties' && m === 'POST') {
      w.properties = [...w.properties, prop({ id: nextId++, name: String(body.name), kind: body.kind as UserProperty['kind'], options: (body.options as string[] | null) ?? [] })];
      return envelope(w.properties);
    }
    if ((match = /^\/api\/manage\/user-properties\/(\d+)$/.exec(p))) {
      const id = Number(match[1]);
      if (m === 'DELETE') w.properties = w.properties.filter((x) => x.id !== id);
      else w.properties = w.properties.map((x) => (x.id === id ? { ...x, name: String(body.name), kind: body.kind as UserProperty['kind'], options: (body.options as string[] | null) ?? [] } : x));
      return envelope(w.properties);
    }
    if ((match = /^\/api\/manage\/contacts\/([^/]+)\/(properties|tags)$/.exec(p))) {
      const contact = decodeURIComponent(match[1]!);
      if (match[2] === 'properties') {
        if (m === 'PUT') w.profile[contact] = body.values as World['profile'][string];
        return ok({ contact, values: w.profile[contact] ?? [] });
      }
      const entry = { contact, tags: body.tags as string[], updated_at: '2030-01-01T10:00:00Z' };
      w.tags = [...w.tags.filter((x) => x.contact !== contact), entry];
      return ok(entry);
    }
    if (p === '/api/v1/whatzapp/getusertags') return envelope(w.tags);
    if (p === '/api/manage/notes' && m === 'GET') {
      const contact = call.url.searchParams.get('contact');
      const mine = w.notes.filter((n) => n.contact === contact);
      return envelope(mine.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at)));
    }
    if ((match = /^\/api\/manage\/notes(?:\/(\d+))?$/.exec(p))) {
      const id = match[1] ? Number(match[1]) : null;
      const existing = id === null ? null : w.notes.find((n) => n.id === id);
      if (id !== null && !existing) return { status: 404, body: errorBody('not_found') };
      if (m === 'DELETE') {
        w.notes = w.notes.filter((n) => n.id !== id);
        return envelope(true);
      }
      const text = String(body.body ?? '').trim();
      if (!text) return invalid('body', 'fields_required');
      const saved: ChatNote = {
        id: existing?.id ?? nextId++,
        contact: String(body.contact),
        kind: String(body.kind),
        title: String(body.title ?? '').trim(),
        body: text,
        updated_at: now(),
      };
      w.notes = [...w.notes.filter((n) => n.id !== saved.id), saved];
      return ok(saved);
    }
    return { status: 404, body: errorBody('not_found') };
  };

  stubServer(calls, answer, uploads.current);
  return calls;
}

const uploads = uploadHolds();

/** Holds the next uploads after half their bytes (`sent`) and before the answer (`answered`). */
export const holdUploads = uploads.hold;

/**
 * Signs the caller in: on Acme Traders with `roleId` (1 admin, 2 manager, 3 employee) and the
 * plan `planId` (10 Teams, 1 Free), or in the personal workspace with `roleId` null.
 */
export function signIn(roleId: number | null = 1, planId = 10) {
  const current = roleId === null ? null : mapping({ role_id: roleId });
  signInAs(current, {
    name: 'Owner',
    workspace: {
      me: userExistence(current, { name: 'Asha Rao' }),
      credit: { org_id: roleId === null ? null : ORG, plan_id: planId, seat_issued: 3, validity: '2099-01-01T00:00:00Z', is_trial: false },
    },
  });
}

export function resetStores() {
  useManage.getState().reset();
  useWorkspace.getState().reset();
}

/** Renders the manage pages at `path` behind a memory router; returns the router. */
export function renderAt(path = '/quick-replies') {
  return renderRoutes(
    [
      ...['/quick-replies', '/labels', '/userproperties', '/quick-replies/follow-ups', '/quick-replies/scheduled'].map((p) => ({
        path: p,
        element: <ManageToolsPage />,
      })),
      { path: '/quick-replies/analytics', element: <QuickReplyAnalyticsPage /> },
      { path: '/settings/billing', element: <p>billing page</p> },
    ],
    path,
  ).router;
}

/** The manage tests' hooks: fresh stores and an admin of Acme Traders before each test. */
export function setupManageSuite() {
  setupSuite({
    before: () => {
      resetStores();
      signIn();
    },
    toasts: true,
  });
}
