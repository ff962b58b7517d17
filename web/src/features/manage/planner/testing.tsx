// Test helpers for the planner tabs: a fake server keeping follow-ups, notification settings and
// scheduled messages in memory (fetch, and XMLHttpRequest for attachment uploads with progress
// that a test can hold), every call recorded; a handler may answer first. Fixtures are in the
// generated contract's shapes.
import { vi } from 'vitest';
import type {
  FollowUp,
  FollowUpBoard,
  FollowUpRequest,
  NotificationSettings,
  ScheduleRequest,
  ScheduledMessage,
} from '@/generated/contract';
import {
  errorBody,
  firstAnswer,
  gate,
  noHolds,
  renderWithProviders,
  setupSuite,
  stubServer,
  type Answer,
  type Call,
  type Handler,
  type UploadHolds,
} from '@/testing/harness';
import { loadManageRules } from '@/lib/manageDomain';

export const ORG = 42;

export { errorBody, gate, type Answer, type Call };

export function followUp(over: Partial<FollowUp> & { id: number }): FollowUp {
  return {
    title: 'Call Ana about the invoice',
    notes: '',
    contact: null,
    due_at: '2030-01-01T03:30:00Z',
    due_local: '2030-01-01T09:00',
    time_zone: 'Asia/Kolkata',
    priority: 'none',
    amount: null,
    recurrence: 'none',
    state: 'pending',
    completed_at: null,
    comment: null,
    email: null,
    lead_minutes: null,
    ...over,
  };
}

export function schedule(over: Partial<ScheduledMessage> & { id: number }): ScheduledMessage {
  return {
    recipient: '+919812345678',
    message: 'Your order is ready for pickup.',
    attachment: null,
    start: '2030-01-07T09:00',
    time_zone: 'Asia/Kolkata',
    every: null,
    unit: null,
    stop_after: null,
    missed_policy: 'send_late',
    cancel_if_replied: false,
    status: 'active',
    next_send_at: '2030-01-07T03:30:00Z',
    sent: 0,
    failed: 0,
    missed: 0,
    recent: [],
    ...over,
  };
}

export interface FakeState {
  followUps: FollowUp[];
  notifications: NotificationSettings;
  schedules: ScheduledMessage[];
  calls: Call[];
  uploads: UploadHolds;
}

const WEEK = 7 * 86_400_000;

/** The board as the server makes it: completed when ticked, pending once due, else upcoming. */
function boardOf(list: FollowUp[]): FollowUpBoard {
  const now = Date.now();
  const withState = list.map((f) => ({
    ...f,
    state: f.completed_at ? 'completed' : Date.parse(f.due_at) <= now ? 'pending' : 'upcoming',
  })) as FollowUp[];
  const by = (s: FollowUp['state']) => withState.filter((f) => f.state === s).sort((a, b) => a.due_at.localeCompare(b.due_at));
  return { pending: by('pending'), upcoming: by('upcoming'), completed: by('completed') };
}

/** `YYYY-MM-DDTHH:MM` in Asia/Kolkata (UTC+05:30, no DST) as an instant: enough for the fake. */
const kolkata = (local: string) => new Date(`${local}:00+05:30`).toISOString();

export function fakeServer(
  initial: Partial<Pick<FakeState, 'followUps' | 'notifications' | 'schedules'>> = {},
  ...handlers: Handler[]
): FakeState {
  const state: FakeState = {
    followUps: initial.followUps ?? [],
    notifications: initial.notifications ?? { enabled: true, sound: true },
    schedules: initial.schedules ?? [],
    calls: [],
    uploads: noHolds(),
  };
  let nextId = 100;
  const ok = (body: unknown): Answer => ({ body });

  const answer = async (call: Call): Promise<Answer> => {
    const own = await firstAnswer(handlers, call);
    if (own) return own;
    const p = call.url.pathname;
    const m = call.method;
    if (p === '/api/manage/follow-ups' && m === 'GET') return ok(boardOf(state.followUps));
    if (p === '/api/manage/follow-ups' && m === 'POST') {
      const r = call.body as FollowUpRequest;
      state.followUps.push(
        followUp({
          id: nextId++,
          title: r.title,
          notes: r.notes ?? '',
          contact: r.contact ?? null,
          due_local: r.due,
          due_at: kolkata(r.due),
          time_zone: r.time_zone,
          priority: r.priority ?? 'none',
          amount: r.amount ?? null,
          recurrence: r.recurrence ?? 'none',
          comment: r.comment ?? null,
          email: r.email ?? null,
          lead_minutes: r.lead_minutes ?? null,
        }),
      );
      return ok(boardOf(state.followUps));
    }
    if (p === '/api/manage/follow-ups/complete-all' && m === 'POST') {
      const now = Date.now();
      for (const f of state.followUps) if (!f.completed_at && Date.parse(f.due_at) <= now) f.completed_at = new Date(now).toISOString();
      return ok(boardOf(state.followUps));
    }
    const fu = /^\/api\/manage\/follow-ups\/(\d+)(\/complete)?$/.exec(p);
    if (fu) {
      const id = Number(fu[1]);
      const f = state.followUps.find((x) => x.id === id);
      if (!f) return { status: 404, body: errorBody('not_found') };
      if (fu[2] && m === 'POST') {
        f.completed_at = new Date(Date.now()).toISOString();
        if (f.recurrence === 'weekly') {
          const due = Date.parse(f.due_at) + WEEK;
          state.followUps.push({ ...f, id: nextId++, completed_at: null, due_at: new Date(due).toISOString() });
        }
        return ok(boardOf(state.followUps));
      }
      if (m === 'PUT') {
        const r = call.body as FollowUpRequest;
        Object.assign(f, {
          title: r.title,
          due_local: r.due,
          due_at: kolkata(r.due),
          amount: r.amount ?? null,
          priority: r.priority ?? f.priority,
          comment: r.comment ?? null,
          email: r.email ?? null,
          lead_minutes: r.lead_minutes ?? null,
        });
        return ok(boardOf(state.followUps));
      }
      if (m === 'DELETE') {
        state.followUps = state.followUps.filter((x) => x.id !== id);
        return ok(boardOf(state.followUps));
      }
    }
    if (p === '/api/manage/notifications') {
      if (m === 'PUT') state.notifications = call.body as NotificationSettings;
      return ok(state.notifications);
    }
    if (p === '/api/manage/schedules' && m === 'GET') return ok({ result: true, data: state.schedules });
    if (p === '/api/manage/schedules' && m === 'POST') {
      const r = call.body as ScheduleRequest;
      const s = schedule({
        id: nextId++,
        recipient: r.recipient,
        message: r.message,
        start: r.start,
        time_zone: r.time_zone,
        every: r.every ?? null,
        unit: r.unit ?? null,
        stop_after: r.stop_after ?? null,
        missed_policy: r.missed_policy ?? 'send_late',
        cancel_if_replied: r.cancel_if_replied ?? false,
        next_send_at: kolkata(r.start),
      });
      state.schedules = [s, ...state.schedules];
      return ok(s);
    }
    const sm = /^\/api\/manage\/schedules\/(\d+)(\/attachment)?$/.exec(p);
    if (sm) {
      const id = Number(sm[1]);
      const s = state.schedules.find((x) => x.id === id);
      if (!s) return { status: 404, body: errorBody('not_found') };
      if (sm[2] && m === 'POST') {
        const file = call.body as File;
        s.attachment = {
          name: call.url.searchParams.get('name') ?? file.name,
          size_bytes: file.size,
          content_type: file.type,
          url: `/api/manage/schedules/${id}/attachment?org_id=${ORG}`,
        };
        return ok(s);
      }
      if (sm[2] && m === 'DELETE') {
        s.attachment = null;
        return ok(s);
      }
      if (m === 'PUT') {
        const r = call.body as ScheduleRequest;
        Object.assign(s, { recipient: r.recipient, message: r.message, start: r.start, every: r.every ?? null, unit: r.unit ?? null, stop_after: r.stop_after ?? null });
        return ok(s);
      }
      if (m === 'DELETE') {
        state.schedules = state.schedules.filter((x) => x.id !== id);
        return ok({ result: true, data: state.schedules });
      }
    }
    return { status: 404, body: errorBody('not_found') };
  };

  stubServer(state.calls, answer, () => state.uploads);
  return state;
}

/** Holds the fake server's next uploads: after half the bytes, and before the answer. */
export function holdUploads(state: FakeState) {
  state.uploads = { sent: gate(), answered: gate() };
  return state.uploads;
}

/** The browser says it is in `zone` (forms start in the browser's zone when it is offered). */
export function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

export const renderTab = renderWithProviders;

export const callsTo = (state: FakeState, path: string, method?: string) =>
  state.calls.filter((c) => c.url.pathname === path && (!method || c.method === method));

/** The tests' clock: Tuesday, 12:00 in Asia/Kolkata. */
export const NOW = new Date('2030-01-01T06:30:00Z');

/** The planner tests' hooks: the manage rules loaded, the clock at `now` in a browser in Asia/Kolkata. */
export function setupPlannerSuite(now: Date = NOW) {
  // A lazily loaded tab and its catalogue are transformed on first use: slow on a loaded machine.
  vi.setConfig({ testTimeout: 20_000 });
  setupSuite({
    prepare: async () => {
      await loadManageRules();
      if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
    },
    before: () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      browserIn('Asia/Kolkata');
    },
    after: () => {
      vi.useRealTimers();
    },
    restoreMocks: true,
    toasts: true,
  });
}
