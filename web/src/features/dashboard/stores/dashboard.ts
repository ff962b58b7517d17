// The dashboard's state: the organisation's teams and visible members (for the filters), the
// filters, and one analytics load at a time. 001 §4: the loader is set on when a load starts
// and cleared 500 ms after the result is stored; 001 §5: nothing is requested when the filter
// resolves to no employee. A newer load supersedes an older one, so a late answer never
// overwrites fresh data. The quick-reply and scheduler counters load on their own, for their
// own date type (000 §3 'date type This Month'), with the same team and employee. The filters
// start from those an address asks for (checked once the teams and members are known, the
// defaults for what is not valid). While a custom range is half chosen nothing is requested and
// the figures shown stay.
import { create } from 'zustand';
import type {
  ActiveHoursAnswer,
  ChatCountersAnswer,
  ComparisonAnswer,
  Employee,
  NewCallsAnswer,
  OverviewAnswer,
  QuickReplyAnalytics,
  SchedulerAnalytics,
  Team,
} from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { value } from '@/lib/domain';
import * as api from '../api';
import {
  filtersFromQuery,
  initialFilters,
  MAIN_FILTERS,
  rangePending,
  resolveEmployees,
  resolveRange,
  resolveUsageRange,
  USAGE_FILTERS,
  visibleMembers,
  type DashboardFilters,
  type DateRange,
  type Viewer,
} from '../logic';

export interface Analytics {
  overview: OverviewAnswer;
  activeHours: ActiveHoursAnswer;
  newCalls: NewCallsAnswer;
  comparison: ComparisonAnswer;
  /** Messages sent and received and distinct chats, against the previous period. */
  chats: ChatCountersAnswer;
  /** The local days these answers are about. */
  range: DateRange;
}

/** Quick replies sent and messages scheduled for the date type's days. */
export interface Usage {
  quickReplies: QuickReplyAnalytics;
  schedulers: SchedulerAnalytics;
  range: DateRange;
}

export interface Context {
  orgId: number;
  workspaceId: number;
  timeZone: string | null;
  viewer: Viewer;
}

interface DashboardState {
  /** Teams and members for the filters. */
  setup: 'idle' | 'loading' | 'ready' | 'error';
  teams: Team[];
  /** Active members the caller may see (001 §6). */
  members: Employee[];
  filters: DashboardFilters;
  /**
   * `range_invalid`: the custom days are malformed, reversed or too many (the last results stay
   * shown); `empty`: nobody to count. A custom range with a day still missing changes nothing.
   */
  phase: 'idle' | 'range_invalid' | 'empty' | 'ready' | 'error';
  /** 001 §4 dashboard loader. */
  loading: boolean;
  errorCode: string | null;
  range: DateRange | null;
  data: Analytics | null;
  context: Context | null;
  /** The usage counters, apart from the main phase (`empty`: nobody to count). */
  usagePhase: 'idle' | 'loading' | 'ready' | 'empty' | 'error';
  usage: Usage | null;
  /** Loads the teams and members, then the analytics for the filters `query` asks for. */
  init: (ctx: Context, now?: number, query?: Pick<URLSearchParams, 'get'>) => Promise<void>;
  setFilters: (f: Partial<DashboardFilters>, now?: number) => void;
  load: (now?: number) => Promise<void>;
  loadUsage: (now?: number) => Promise<void>;
  reset: () => void;
}

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : 'internal');
const loaderClearMs = () => value('business_constants', {}).loaderClearMs;

let generation = 0;
let usageGeneration = 0;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** What the analytics calls ask for: the organisation, the period and whom it counts. */
const paramsOf = (ctx: Context, range: DateRange, filters: DashboardFilters): api.AnalyticsParams => ({
  org_id: ctx.orgId,
  start_date: range.startDate,
  end_date: range.endDate,
  team_id: filters.teamId,
  user_id: filters.userId,
});

/** The store before a dashboard is opened, and again once it is left. */
const blank = (): Omit<DashboardState, 'init' | 'setFilters' | 'load' | 'loadUsage' | 'reset'> => ({
  setup: 'idle',
  teams: [],
  members: [],
  filters: initialFilters(),
  phase: 'idle',
  loading: false,
  errorCode: null,
  range: null,
  data: null,
  context: null,
  usagePhase: 'idle',
  usage: null,
});

export const useDashboard = create<DashboardState>((set, get) => ({
  ...blank(),

  async init(ctx, now, query) {
    const gen = ++generation;
    usageGeneration++;
    set({ context: ctx, setup: 'loading', data: null, phase: 'idle', filters: initialFilters(), usage: null, usagePhase: 'idle' });
    try {
      const [teams, list] = await Promise.all([
        api.fetchTeams(ctx.orgId),
        api.fetchMembers(ctx.orgId, ctx.workspaceId),
      ]);
      if (gen !== generation) return;
      const members = visibleMembers(list.data, ctx.viewer);
      const filters = query ? filtersFromQuery(query, { teams, members, timeZone: ctx.timeZone }) : initialFilters();
      set({ teams, members, filters, setup: 'ready' });
      await Promise.all([get().load(now), get().loadUsage(now)]);
    } catch (e) {
      if (gen === generation) set({ setup: 'error', errorCode: codeOf(e) });
    }
  },

  setFilters(f, now) {
    const filters = { ...get().filters, ...f };
    // A member outside the chosen team is no longer a valid choice.
    if (f.teamId !== undefined && filters.userId !== null) {
      const m = get().members.find((x) => x.user_id === filters.userId);
      if (filters.teamId !== null && m?.team_id !== filters.teamId) filters.userId = null;
    }
    set({ filters });
    const changed = (keys: readonly (keyof DashboardFilters)[]) => keys.some((k) => k in f);
    if (changed(MAIN_FILTERS)) void get().load(now);
    if (changed(USAGE_FILTERS)) void get().loadUsage(now);
  },

  async load(now = Date.now()) {
    const { context: ctx, filters, members } = get();
    if (!ctx) return;
    // A custom range being chosen (one day picked, not the other): no request with half a range,
    // and the figures shown (or a load under way) stay until both days are there.
    if (rangePending(filters)) {
      if (get().phase === 'range_invalid') set((st) => ({ phase: st.data ? 'ready' : 'idle', errorCode: null }));
      return;
    }
    const gen = ++generation;
    clearTimeout(clearTimer);
    const range = resolveRange(filters, now, ctx.timeZone);
    if (range.err !== undefined) {
      // Said above the results shown, which stay (with their period) rather than blank the page;
      // a load under way is dropped.
      set((st) => {
        const shown = st.phase === 'ready' || st.phase === 'range_invalid' ? st.data : null;
        return { phase: 'range_invalid', errorCode: range.err, loading: false, data: shown, range: shown?.range ?? null };
      });
      return;
    }
    // 001 §5: analytics only for a non-empty employee list.
    if (resolveEmployees(members, filters).length === 0) {
      set({ phase: 'empty', loading: false, range: range.ok, data: null });
      return;
    }
    // Shown results stay while the next ones load; an empty, invalid or failed answer does not.
    set((st) => ({ loading: true, range: range.ok, phase: st.phase === 'ready' ? 'ready' : 'idle' }));
    const params = paramsOf(ctx, range.ok, filters);
    try {
      const [overview, activeHours, newCalls, comparison, chats] = await Promise.all([
        api.fetchOverview(params),
        api.fetchActiveHours(params),
        api.fetchNewCalls(params),
        api.fetchComparison(params),
        api.fetchChats(params),
      ]);
      if (gen !== generation) return;
      set({ data: { overview, activeHours, newCalls, comparison, chats, range: range.ok }, phase: 'ready', errorCode: null });
      clearTimer = setTimeout(() => {
        if (gen === generation) set({ loading: false });
      }, loaderClearMs());
    } catch (e) {
      // 001 §8: the original only logged; we say so on the page and offer a retry.
      if (gen === generation) set({ phase: 'error', errorCode: codeOf(e), loading: false });
    }
  },

  async loadUsage(now = Date.now()) {
    const { context: ctx, filters, members } = get();
    if (!ctx) return;
    const gen = ++usageGeneration;
    const range = resolveUsageRange(filters, now, ctx.timeZone);
    // The nine presets always resolve; 001 §5 holds here too.
    if (range.err !== undefined || resolveEmployees(members, filters).length === 0) {
      set({ usagePhase: 'empty', usage: null });
      return;
    }
    set({ usagePhase: 'loading' });
    const params = paramsOf(ctx, range.ok, filters);
    try {
      const [quickReplies, schedulers] = await Promise.all([
        api.fetchQuickReplyAnalytics(params),
        api.fetchSchedulerAnalytics(params),
      ]);
      if (gen !== usageGeneration) return;
      set({ usage: { quickReplies, schedulers, range: range.ok }, usagePhase: 'ready' });
    } catch {
      if (gen === usageGeneration) set({ usagePhase: 'error' });
    }
  },

  reset() {
    generation++;
    usageGeneration++;
    clearTimeout(clearTimer);
    set(blank());
  },
}));
