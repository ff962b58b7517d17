// The dashboard against a fake server and the real wasm rules: the query each filter sends,
// no request for an empty employee list (001 §5), the loader cleared 500 ms after the results
// (001 §4), what the cards, rankings and table show, and CSV exports equal to the answers.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import type { Team } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import { value } from '@/lib/domain';
import { filtersFromQuery, filtersToQuery, initialFilters, MAX_RANGE_DAYS, parseCsv, toCsv, csvField, USAGE_DEFAULT_PRESET } from './logic';
import { useDashboard } from './stores/dashboard';
import { activeHours, analyticsCalls, chats, comparison, dashboardServer, members, ME, newCalls, ORG, overview, quickReplies, renderDashboard, sales, schedulers, usageCalls, type Call } from './testing';

// 01:00 UTC on 22 November 2026 is 06:30 in Kolkata.
const NOW = Date.UTC(2026, 10, 22, 1, 0, 0);
const support: Team = { ...sales, id: 6, team_name: 'Support', bg_color: null, text_color: null, member_count: 0 };
const teamsWithSupport = (call: Call) =>
  call.url.pathname === '/api/v1/whatzapp/teams' ? { body: { result: true, data: [sales, support] } } : undefined;

setupSuite({
  before: () => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  },
  after: () => {
    useDashboard.getState().reset();
    vi.useRealTimers();
  },
  restoreMocks: true,
});

const paths = [
  '/api/v1/analytics/overview',
  '/api/v1/analytics/active-hours',
  '/api/v1/analytics/new-calls',
  '/api/v1/analytics/comparison',
  '/api/v1/analytics/chats',
];

function expectQueries(calls: Call[], expected: Record<string, string | null>) {
  expect(calls.map((c) => c.url.pathname).sort()).toEqual([...paths].sort());
  for (const c of calls) {
    for (const [k, v] of Object.entries(expected)) expect(c.url.searchParams.get(k), `${c.url.pathname} ${k}`).toBe(v);
  }
}

const results = () => screen.findByTestId('dashboard-results');

describe('the dashboard filters', () => {
  it('asks for the last 7 days in the organisation zone, everyone, by default', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    const r = value('date_preset', { preset: 'last_7_days', now: NOW, timeZone: 'Asia/Kolkata' });
    expect(r.startDate).toBe('2026-11-16');
    expectQueries(analyticsCalls(calls), {
      org_id: String(ORG),
      start_date: r.startDate,
      end_date: r.endDate,
      team_id: null,
      user_id: null,
    });
    expect(screen.getByLabelText('Period')).toHaveValue('last_7_days');
  });

  it('sends the preset rule’s days, then the team, then one employee', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last_month' } });
    const lastMonth = value('date_preset', { preset: 'last_month', now: NOW, timeZone: 'Asia/Kolkata' });
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { start_date: '2026-10-01', end_date: '2026-10-31', team_id: null });
    expect(lastMonth.startDate).toBe('2026-10-01');

    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(sales.id) } });
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { org_id: String(ORG), start_date: '2026-10-01', team_id: String(sales.id), user_id: null });
    // Only Sales members are offered once Sales is chosen.
    const employee = screen.getByLabelText('Employee') as HTMLSelectElement;
    expect([...employee.options].map((o) => o.value)).toEqual(['all', '8', '10']);

    calls.length = 0;
    fireEvent.change(employee, { target: { value: '8' } });
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { team_id: String(sales.id), user_id: '8' });
  });

  it('sends a custom range of local days and refuses a reversed one without asking', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    expect(analyticsCalls(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Choose a start day and an end day, the start first.')).toBeInTheDocument();
    expect(analyticsCalls(calls)).toHaveLength(0);
    // The last results stay under the warning, with their period.
    expect(screen.getByTestId('dashboard-results')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-range')).toHaveTextContent('(7 days)');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { start_date: '2026-11-10', end_date: '2026-11-12' });
  });

  it('requests nothing when the filter resolves to no employee (001 §5)', async () => {
    const { calls } = dashboardServer(teamsWithSupport);
    renderDashboard();
    await results();
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(support.id) } });
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent('No active employee matches these filters');
    expect(analyticsCalls(calls)).toHaveLength(0);
    expect(usageCalls(calls)).toHaveLength(0);
    // Clearing the filters brings everyone back.
    fireEvent.click(within(empty).getByRole('button', { name: 'Show everyone' }));
    // While everyone's analytics load, the loader, not "Nobody to show".
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
    expect(screen.getByTestId('dashboard-loader')).toBeInTheDocument();
    await results();
    expect(screen.getByLabelText('Team')).toHaveValue('all');
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { team_id: null, user_id: null });
  });

  it('requests nothing for a member who may see nobody', async () => {
    // An employee (role 3) only sees themselves; here they are not an active member.
    const { calls } = dashboardServer((call) =>
      call.url.pathname === '/api/v1/whatzapp/employees/invited'
        ? { body: { result: true, data: members.filter((m) => m.user_id !== ME), sync_list: [], mapping_details: null } }
        : undefined,
    );
    renderDashboard({ role_id: 3 });
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent('No active employees yet');
    expect(empty).toHaveTextContent('ask an admin of your organisation');
    expect(within(empty).queryByRole('link')).toBeNull();
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(analyticsCalls(calls)).toHaveLength(0);
    expect(usageCalls(calls)).toHaveLength(0);
  });

  it('offers an admin whose employees are all still invited to invite them', async () => {
    dashboardServer((call) =>
      call.url.pathname === '/api/v1/whatzapp/employees/invited'
        ? { body: { result: true, data: members.map((m) => ({ ...m, user_status: 1 })), sync_list: [], mapping_details: null } }
        : undefined,
    );
    renderDashboard();
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent('Analytics start once your employees accept their invitations.');
    expect(within(empty).getByRole('link', { name: 'Invite employees' })).toHaveAttribute('href', '/organization');
  });
});

describe('a custom range being chosen', () => {
  it('keeps the figures and charts shown and asks nothing until both days are picked', async () => {
    const { calls } = dashboardServer();
    const { router } = renderDashboard();
    await results();
    const total = () => within(screen.getByTestId('card-total_calls')).getByTestId('card-value');
    expect(total()).toHaveTextContent('32');
    const chart = screen.getByTestId('chart-directions');
    calls.length = 0;

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    // The first day alone: the same figures, the same chart (not remounted), no warning, no request.
    expect(screen.getByTestId('dashboard-results')).toBeInTheDocument();
    expect(total()).toHaveTextContent('32');
    expect(screen.getByTestId('chart-directions')).toBe(chart);
    expect(screen.getByTestId('dashboard-range')).toHaveTextContent('(7 days)');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(analyticsCalls(calls)).toHaveLength(0);
    expect(usageCalls(calls)).toHaveLength(0);
    // The address still says what the figures show.
    expect(router.state.location.search).toBe('');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    // Loading the new range, the old figures stay in place.
    expect(screen.getByTestId('chart-directions')).toBe(chart);
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expectQueries(analyticsCalls(calls), { start_date: '2026-11-10', end_date: '2026-11-12' });
    await waitFor(() => expect(router.state.location.search).toBe('?period=custom&start=2026-11-10&end=2026-11-12'));
    expect(screen.getByTestId('chart-directions')).toBe(chart);
  });

  it('refuses a range longer than the server answers for, without asking', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This date range is too long');
    expect(screen.getByTestId('dashboard-results')).toBeInTheDocument();
    expect(analyticsCalls(calls)).toHaveLength(0);
  });
});

describe('the filters in the address', () => {
  const lastMonth = () => value('date_preset', { preset: 'last_month', now: NOW, timeZone: 'Asia/Kolkata' });
  const lastWeek = () => value('date_preset', { preset: 'last_week', now: NOW, timeZone: 'Asia/Kolkata' });

  it('opens with the period, team, employee and date type the address names', async () => {
    const { calls } = dashboardServer();
    const url = `/dashboard?period=last_month&team=${sales.id}&employee=8&date_type=last_week`;
    const { router } = renderDashboard({}, url);
    await results();
    // The first request already has them: no load for the defaults before.
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    expectQueries(analyticsCalls(calls), {
      start_date: lastMonth().startDate,
      end_date: lastMonth().endDate,
      team_id: String(sales.id),
      user_id: '8',
    });
    for (const c of usageCalls(calls)) {
      expect(c.url.searchParams.get('start_date')).toBe(lastWeek().startDate);
      expect(c.url.searchParams.get('user_id')).toBe('8');
    }
    expect(screen.getByLabelText('Period')).toHaveValue('last_month');
    expect(screen.getByLabelText('Team')).toHaveValue(String(sales.id));
    expect(screen.getByLabelText('Employee')).toHaveValue('8');
    expect(screen.getByLabelText('Date type')).toHaveValue('last_week');
    expect(router.state.location.pathname + router.state.location.search).toBe(url);
  });

  it('opens on a custom range the address names', async () => {
    const { calls } = dashboardServer();
    renderDashboard({}, '/dashboard?period=custom&start=2026-11-01&end=2026-11-10');
    await results();
    expectQueries(analyticsCalls(calls), { start_date: '2026-11-01', end_date: '2026-11-10', team_id: null, user_id: null });
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-10');
  });

  it('writes each change into the address, replacing the entry so Back leaves the page', async () => {
    dashboardServer();
    const { router } = renderDashboard({}, '/conversations/analytics', ['/home']);
    await results();
    expect(router.state.location.search).toBe('');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last_month' } });
    await waitFor(() => expect(router.state.location.search).toBe('?period=last_month'));
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(sales.id) } });
    await waitFor(() => expect(router.state.location.search).toBe(`?period=last_month&team=${sales.id}`));
    fireEvent.change(screen.getByLabelText('Employee'), { target: { value: '8' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?period=last_month&team=${sales.id}&employee=8`));
    fireEvent.change(screen.getByLabelText('Date type'), { target: { value: 'today' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date_type')).toBe('today'));
    // Back to the defaults: nothing in the address.
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last_7_days' } });
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Employee'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Date type'), { target: { value: 'this_month' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/home');
  });

  it.each([
    ['an unknown preset, team and date type', '?period=forever&team=999&date_type=someday'],
    ['ids that are not numbers', '?team=sales&employee=8.5'],
    ['an employee the viewer does not have (invited, not active)', '?employee=11'],
    ['a custom range with a malformed day', '?period=custom&start=2026-13-45&end=2026-11-10'],
    ['a custom range with one day', '?period=custom&start=2026-11-01'],
    ['a custom range ending before it starts', '?period=custom&start=2026-11-10&end=2026-11-01'],
    ['a custom range longer than the server allows', '?period=custom&start=2020-01-01&end=2026-11-10'],
    ['days without a custom period', '?start=2026-11-01&end=2026-11-10'],
  ])('falls back to the defaults for %s, and corrects the address', async (_, query) => {
    const { calls } = dashboardServer();
    const { router } = renderDashboard({}, `/dashboard${query}&utm_source=mail`);
    await results();
    expectQueries(analyticsCalls(calls), { start_date: '2026-11-16', end_date: '2026-11-22', team_id: null, user_id: null });
    expect(screen.getByLabelText('Period')).toHaveValue('last_7_days');
    expect(screen.getByLabelText('Team')).toHaveValue('all');
    expect(screen.getByLabelText('Employee')).toHaveValue('all');
    expect(screen.queryByRole('alert')).toBeNull();
    // Another page's key is left alone.
    await waitFor(() => expect(router.state.location.search).toBe('?utm_source=mail'));
  });

  it('keeps the valid filters and drops an employee outside the chosen team', async () => {
    const { calls } = dashboardServer();
    const { router } = renderDashboard({}, `/dashboard?period=yesterday&team=${sales.id}&employee=9`);
    await results();
    expectQueries(analyticsCalls(calls), { start_date: '2026-11-21', end_date: '2026-11-21', team_id: String(sales.id), user_id: null });
    await waitFor(() => expect(router.state.location.search).toBe(`?period=yesterday&team=${sales.id}`));
  });

  it('drops an employee a manager may not see', async () => {
    const { calls } = dashboardServer();
    const { router } = renderDashboard({ role_id: 2, team_id: sales.id }, '/dashboard?employee=9');
    await results();
    expectQueries(analyticsCalls(calls), { user_id: null });
    expect(screen.getByLabelText('Employee')).toHaveValue('all');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads back what it writes', () => {
    const ctx = { teams: [sales], members: members.filter((m) => m.user_status === 2), timeZone: 'Asia/Kolkata' };
    const custom = { ...initialFilters(), period: 'custom' as const, customStart: '2026-01-01', customEnd: '2026-03-31', teamId: sales.id, userId: 10 };
    expect(filtersFromQuery(filtersToQuery(custom, new URLSearchParams()), ctx)).toEqual(custom);
    expect(filtersToQuery(initialFilters(), new URLSearchParams('x=1')).toString()).toBe('x=1');
    // The longest range the server answers for is accepted, a day more is not.
    const days = (end: string) => filtersFromQuery(new URLSearchParams({ period: 'custom', start: '2025-01-01', end }), ctx).period;
    const last = new Date(Date.UTC(2025, 0, MAX_RANGE_DAYS)).toISOString().slice(0, 10);
    const after = new Date(Date.UTC(2025, 0, MAX_RANGE_DAYS + 1)).toISOString().slice(0, 10);
    expect(days(last)).toBe('custom');
    expect(days(after)).toBe('last_7_days');
  });
});

describe('quick replies and scheduled messages: the date type (000 §3 "date type This Month")', () => {
  const usagePaths = ['/api/v1/whatzapp/quickreplies/analytics', '/api/v1/whatzapp/scheduler/analytics'];
  const usageCard = async () => within(await screen.findByTestId('usage-card'));
  const shown = (card: ReturnType<typeof within>, key: string) => card.getByTestId(`usage-${key}`).querySelector('[data-testid="usage-value"]');

  it('defaults to This Month while the main range stays the last 7 days', async () => {
    expect(initialFilters()).toMatchObject({ period: 'last_7_days', usagePeriod: 'this_month', teamId: null, userId: null });
    expect(USAGE_DEFAULT_PRESET).toBe('this_month');
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    const card = await usageCard();
    expect(screen.getByLabelText('Period')).toHaveValue('last_7_days');
    expect(screen.getByLabelText('Date type')).toHaveValue('this_month');
    // The date type offers the spec's nine presets.
    expect([...(screen.getByLabelText('Date type') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month', 'last_6_months', 'this_year', 'last_year',
    ]);
    const month = value('date_preset', { preset: 'this_month', now: NOW, timeZone: 'Asia/Kolkata' });
    expect(month.startDate).toBe('2026-11-01');
    const usage = usageCalls(calls);
    expect(usage.map((c) => c.url.pathname).sort()).toEqual(usagePaths);
    for (const c of usage) {
      expect(c.url.searchParams.get('org_id')).toBe(String(ORG));
      expect(c.url.searchParams.get('start_date')).toBe(month.startDate);
      expect(c.url.searchParams.get('end_date')).toBe(month.endDate);
      expect(c.url.searchParams.get('team_id')).toBeNull();
    }
    // The main analytics still ask for the last 7 days.
    for (const c of analyticsCalls(calls)) expect(c.url.searchParams.get('start_date')).toBe('2026-11-16');
    await waitFor(() => expect(shown(card, 'quick_replies')).toHaveTextContent('18'));
    expect(shown(card, 'scheduled')).toHaveTextContent('7');
    expect(quickReplies.quick_reply_updated_counts.reduce((n, c) => n + c.count, 0)).toBe(18);
    expect(schedulers.schedulers.reduce((n, c) => n + c.schedulers, 0)).toBe(7);
  });

  it('changes only the counters’ period; the main period changes only the main analytics', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    await usageCard();
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Date type'), { target: { value: 'last_month' } });
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    for (const c of usageCalls(calls)) {
      expect(c.url.searchParams.get('start_date')).toBe('2026-10-01');
      expect(c.url.searchParams.get('end_date')).toBe('2026-10-31');
    }
    expect(analyticsCalls(calls)).toHaveLength(0);
    expect(screen.getByLabelText('Period')).toHaveValue('last_7_days');

    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'yesterday' } });
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(paths.length));
    expect(usageCalls(calls)).toHaveLength(0);
    expect(screen.getByLabelText('Date type')).toHaveValue('last_month');
  });

  it('follows the team and employee filters', async () => {
    const { calls } = dashboardServer();
    renderDashboard();
    await results();
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: String(sales.id) } });
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    for (const c of usageCalls(calls)) {
      expect(c.url.searchParams.get('team_id')).toBe(String(sales.id));
      expect(c.url.searchParams.get('start_date')).toBe('2026-11-01');
    }
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Employee'), { target: { value: '8' } });
    await waitFor(() => expect(usageCalls(calls)).toHaveLength(2));
    for (const c of usageCalls(calls)) expect(c.url.searchParams.get('user_id')).toBe('8');
  });

  it('says none were sent in the period, and where quick replies are set up', async () => {
    dashboardServer((call) =>
      call.url.pathname === '/api/v1/whatzapp/quickreplies/analytics'
        ? { body: { result: true, data: { ...quickReplies, quick_reply_updated_counts: [] } } }
        : call.url.pathname === '/api/v1/whatzapp/scheduler/analytics'
          ? { body: { result: true, data: { ...schedulers, schedulers: [] } } }
          : undefined,
    );
    renderDashboard();
    await results();
    const card = await usageCard();
    const empty = await card.findByTestId('usage-empty');
    expect(empty).toHaveTextContent('None in this period');
    expect(empty).toHaveTextContent('from WhatsApp Web with the extension');
    expect(within(empty).getByRole('link', { name: 'Set up quick replies' })).toHaveAttribute('href', '/quick-replies');
  });

  it('shows no "none" note while the counters have numbers', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const card = await usageCard();
    await waitFor(() => expect(shown(card, 'quick_replies')).toHaveTextContent('18'));
    expect(card.queryByTestId('usage-empty')).toBeNull();
  });

  it('says so, with a retry, when the counters cannot be loaded', async () => {
    let fail = true;
    dashboardServer((call) =>
      fail && call.url.pathname === '/api/v1/whatzapp/scheduler/analytics'
        ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
        : undefined,
    );
    renderDashboard();
    await results();
    const card = await usageCard();
    expect(await card.findByTestId('usage-error')).toHaveTextContent('The quick reply and scheduled message counts could not be loaded');
    // The rest of the dashboard is unaffected.
    expect(screen.getByTestId('card-total_calls')).toBeInTheDocument();
    fail = false;
    fireEvent.click(card.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shown(card, 'scheduled')).toHaveTextContent('7'));
  });
});

describe('who a viewer may pick (001 §6)', () => {
  it('offers a manager only the members of their own team', async () => {
    dashboardServer();
    renderDashboard({ role_id: 2, team_id: sales.id });
    await results();
    const employee = screen.getByRole('combobox', { name: 'Employee' }) as HTMLSelectElement;
    expect([...employee.options].map((o) => o.value)).toEqual(['all', '8', '10']);
  });

  it('says so, with a retry, when the teams or members cannot be loaded', async () => {
    let fail = true;
    const { calls } = dashboardServer((call) =>
      fail && call.url.pathname === '/api/v1/whatzapp/teams' ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('The teams and employees could not be loaded');
    expect(analyticsCalls(calls)).toHaveLength(0);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await results();
  });
});

describe('the dashboard loader (001 §4)', () => {
  it('is on while loading and clears 500 ms after the result is stored', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    dashboardServer();
    const store = useDashboard.getState();
    useDashboard.setState({ setup: 'ready', teams: [sales], members: members.filter((m) => m.user_status === 2) });
    useDashboard.setState({ context: { orgId: ORG, workspaceId: ME, timeZone: 'Asia/Kolkata', viewer: { roleId: 1, teamId: null, userId: ME, mobile: null } } });
    const pending = store.load();
    expect(useDashboard.getState().loading).toBe(true);
    await pending;
    expect(useDashboard.getState().data?.overview).toEqual(overview);
    expect(useDashboard.getState().loading).toBe(true);
    vi.advanceTimersByTime(499);
    expect(useDashboard.getState().loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useDashboard.getState().loading).toBe(false);
  });

  it('shows on the page and disappears after the results', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    expect(screen.getByTestId('dashboard-loader')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('dashboard-loader')).toBeNull(), { timeout: 2000 });
  });
});

describe('what the dashboard shows', () => {
  it('shows the counters with their change against the previous period', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const card = (k: string) => within(screen.getByTestId(`card-${k}`));
    expect(card('total_calls').getByTestId('card-value')).toHaveTextContent('32');
    expect(card('total_calls').getByTestId('card-change')).toHaveTextContent('+7 (+28%) vs previous period');
    expect(card('total_duration').getByTestId('card-value')).toHaveTextContent('24m 31s');
    expect(card('total_duration').getByTestId('card-change')).toHaveTextContent('+4m 31s (+22.6%)');
    // Growing from nothing: percent is null, shown as "new".
    expect(card('unique_calls').getByTestId('card-change')).toHaveTextContent('+21 (new)');
    expect(card('incoming').getByTestId('card-value')).toHaveTextContent('15');
    expect(card('incoming').getByTestId('card-change')).toHaveTextContent('+3 (+25%)');
    expect(card('outgoing').getByTestId('card-change')).toHaveTextContent('0 (0%) vs previous period');
    expect(card('missed').getByTestId('card-change')).toHaveTextContent('+3 (new)');
    expect(card('rejected').getByTestId('card-change')).toHaveTextContent('+1 (+100%)');
    // Chat messages: the server's comparison (every hour of the day), not the 8–20 chart.
    expect(card('chats').getByTestId('card-value')).toHaveTextContent('140');
    expect(card('chats').getByTestId('card-change')).toHaveTextContent('−20 (−12.5%) vs previous period');
    expect(card('chats').getByTestId('card-previous')).toHaveTextContent('Previous period: 160');
  });

  it('shows the chat counters beside the call counters, asked for with the same filters', async () => {
    const { calls } = dashboardServer();
    renderDashboard({}, `/dashboard?period=last_month&team=${sales.id}&employee=8`);
    await results();
    const group = within(await screen.findByTestId('chat-counters'));
    expect(group.getByRole('heading', { name: 'Chats' })).toBeInTheDocument();
    const card = (k: string) => within(group.getByTestId(`card-${k}`));
    expect(group.getAllByTestId('card-value')).toHaveLength(4);
    expect(group.getAllByTestId(/^card-(?!value|change|previous)/).map((c) => c.firstElementChild?.textContent)).toEqual([
      'Total messages',
      'Unique chats',
      'Messages sent',
      'Messages received',
    ]);
    expect(card('total_messages').getByTestId('card-value')).toHaveTextContent('1,234');
    expect(card('total_messages').getByTestId('card-change')).toHaveTextContent('+134 (+12.2%) vs previous period');
    expect(card('total_messages').getByTestId('card-previous')).toHaveTextContent('Previous period: 1,100');
    expect(card('unique_chats').getByTestId('card-value')).toHaveTextContent('57');
    expect(card('unique_chats').getByTestId('card-change')).toHaveTextContent('+57 (new)');
    expect(card('sent').getByTestId('card-value')).toHaveTextContent('534');
    expect(card('sent').getByTestId('card-change')).toHaveTextContent('−66 (−11%) vs previous period');
    expect(card('received').getByTestId('card-value')).toHaveTextContent('700');
    expect(card('received').getByTestId('card-change')).toHaveTextContent('+200 (+40%)');
    expect(card('received').getByTestId('card-previous')).toHaveTextContent('Previous period: 500');
    expect(chats.total_messages.current).toBe(chats.sent.current + chats.received.current);

    // One request, with exactly the comparison's query.
    const asked = (path: string) => analyticsCalls(calls).filter((c) => c.url.pathname === path);
    expect(asked('/api/v1/analytics/chats')).toHaveLength(1);
    expect(asked('/api/v1/analytics/comparison')).toHaveLength(1);
    const chatQuery = asked('/api/v1/analytics/chats')[0]!.url.searchParams;
    const cmpQuery = asked('/api/v1/analytics/comparison')[0]!.url.searchParams;
    expect([...chatQuery].sort()).toEqual([...cmpQuery].sort());
    expect(Object.fromEntries(chatQuery)).toEqual({
      org_id: String(ORG),
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      team_id: String(sales.id),
      user_id: '8',
    });

    // A new filter asks again, with the new filter.
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Employee'), { target: { value: '10' } });
    await waitFor(() => expect(asked('/api/v1/analytics/chats')).toHaveLength(1));
    expect(asked('/api/v1/analytics/chats')[0]!.url.searchParams.get('user_id')).toBe('10');
  });

  it('says how to get numbers when nothing was recorded in the period nor before it', async () => {
    const zero = { current: 0, previous: 0, absolute: 0, percent: 0 };
    const none = { incoming: { total_count: 0, total_duration: 0, unique_calls: 0 } };
    const empty = {
      ...comparison,
      current: { ...comparison.current, ...Object.fromEntries(['incoming', 'outgoing', 'missed', 'rejected'].map((d) => [d, none.incoming])) },
      previous: { ...comparison.previous, ...Object.fromEntries(['incoming', 'outgoing', 'missed', 'rejected'].map((d) => [d, none.incoming])) },
      total_count: zero,
      total_duration: zero,
      unique_calls: zero,
      chats: zero,
    };
    dashboardServer((call) => (call.url.pathname === '/api/v1/analytics/comparison' ? { body: { result: true, data: empty } } : undefined));
    renderDashboard();
    await results();
    const steps = await screen.findByTestId('dashboard-first-steps');
    expect(steps).toHaveTextContent('Nothing recorded yet');
    expect(within(steps).getByRole('link', { name: 'Connect the extension' })).toHaveAttribute('href', '/settings');
  });

  it('says in each chart and the table that the period has nothing, instead of flat charts', async () => {
    const zero = { current: 0, previous: 0, absolute: 0, percent: 0 };
    const nil = { total_count: 0, total_duration: 0, unique_calls: 0 };
    const nils = { incoming: nil, outgoing: nil, missed: nil, rejected: nil, all: nil };
    const noDays = (days: typeof comparison.current_days) => days.map((d) => ({ ...d, incoming: 0, outgoing: 0, missed: 0, rejected: 0, duration: 0 }));
    const answers: Record<string, unknown> = {
      '/api/v1/analytics/overview': { ...overview, totals: nils, users: overview.users.map((u) => ({ ...u, ...nils })) },
      '/api/v1/analytics/active-hours': { ...activeHours, calls: [], chats: [] },
      '/api/v1/analytics/new-calls': { ...newCalls, buckets: [] },
      '/api/v1/analytics/comparison': {
        ...comparison,
        current: nils,
        previous: nils,
        total_count: zero,
        total_duration: zero,
        unique_calls: zero,
        chats: zero,
        current_days: noDays(comparison.current_days),
        previous_days: noDays(comparison.previous_days),
      },
    };
    dashboardServer((call) => (call.url.pathname in answers ? { body: { result: true, data: answers[call.url.pathname] } } : undefined));
    renderDashboard();
    await results();
    expect(await screen.findByTestId('dashboard-first-steps')).toBeInTheDocument();
    const said = (id: string) => within(screen.getByTestId(`chart-${id}`)).getByTestId('chart-empty');
    expect(said('directions')).toHaveTextContent('No calls in this period');
    expect(said('duration')).toHaveTextContent('No calls in this period');
    expect(said('active-hours-calls')).toHaveTextContent('No calls in this period');
    expect(said('active-hours-chats')).toHaveTextContent('No chat messages in this period');
    expect(said('new-calls')).toHaveTextContent('No new calls in this period');
    expect(said('daily')).toHaveTextContent('No calls in this period or the one before');
    expect(screen.queryByRole('img', { name: 'Calls per direction' })).toBeNull();
    expect(screen.getByTestId('employee-table-empty')).toHaveTextContent('No calls in this period');
    expect(screen.queryAllByTestId('employee-row')).toHaveLength(0);
  });

  it('names the hours when the period has calls and chats, but none between 8:00 and 20:00', async () => {
    dashboardServer((call) =>
      call.url.pathname === '/api/v1/analytics/active-hours' ? { body: { result: true, data: { ...activeHours, calls: [], chats: [] } } } : undefined,
    );
    renderDashboard();
    await results();
    const hours = within(screen.getByTestId('chart-active-hours-calls')).getByTestId('chart-empty');
    expect(hours).toHaveTextContent(/^No calls between 8:00 and 20:00 in this period$/);
    expect(within(screen.getByTestId('chart-active-hours-chats')).getByTestId('chart-empty')).toHaveTextContent(
      'No chat messages between 8:00 and 20:00 in this period',
    );
    // The other charts have numbers and draw them.
    expect(within(screen.getByTestId('chart-directions')).queryByTestId('chart-empty')).toBeNull();
    expect(screen.getAllByTestId('employee-row')).toHaveLength(overview.users.length);
  });

  it('shows no first steps once anything was recorded', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    expect(screen.queryByTestId('dashboard-first-steps')).toBeNull();
  });

  it('names two top performers and two needing attention, with NA and Admin fallbacks', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const top = within(screen.getByTestId('rank-top'));
    expect(top.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Priya Sharma'),
      expect.stringContaining('Mateo Silva'),
    ]);
    expect(top.getByText('20 calls · 17m')).toBeInTheDocument();
    const attention = within(screen.getByTestId('rank-attention'));
    expect(attention.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('NA'),
      expect.stringContaining('Admin'),
    ]);
  });

  it('lists every employee with the team colours (the dashboard default without a team)', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const table = within(screen.getByRole('table', { name: 'Calls per employee' }));
    const rows = table.getAllByTestId('employee-row');
    expect(rows).toHaveLength(4);
    const priya = within(rows[0]!);
    expect(priya.getByText('Priya Sharma')).toBeInTheDocument();
    expect(priya.getByText('Sales').closest('.mantine-Badge-root')).toHaveStyle({ backgroundColor: '#FDE2C8' });
    expect(rows[0]).toHaveTextContent('17m');
    const nameless = within(rows[2]!);
    expect(nameless.getByText('NA')).toBeInTheDocument();
    expect(nameless.getByText('No team').closest('.mantine-Badge-root')).toHaveStyle({ backgroundColor: '#E9F7F7' });
    expect(within(rows[3]!).getByText('Admin')).toBeInTheDocument();
  });

  it('shows the error with a retry when the analytics fail', async () => {
    let fail = true;
    dashboardServer((call) =>
      fail && call.url.pathname === '/api/v1/analytics/comparison'
        ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
        : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get calls overview data');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await results();
  });

  it('offers to create an organisation on the personal workspace', async () => {
    dashboardServer();
    renderDashboard({ org_id: null });
    expect(await screen.findByRole('link', { name: 'Create an organisation' })).toBeInTheDocument();
  });
});

describe('CSV exports', () => {
  let saved: Blob[] = [];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  async function exported(name: string): Promise<string[][]> {
    fireEvent.click(screen.getByRole('button', { name: `Export ${name} as CSV` }));
    const blob = saved.at(-1)!;
    const text = await new Promise<string>((ok) => {
      const reader = new FileReader();
      reader.onload = () => ok(String(reader.result));
      reader.readAsText(blob);
    });
    return parseCsv(text.replace(/^\uFEFF/, ''));
  }

  it('quotes fields that need it', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12)).toBe('12');
    expect(parseCsv(toCsv([['x,y', 'q"', 3]]))).toEqual([['x,y', 'q"', '3']]);
  });

  it('exports the employee table with the overview’s numbers', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const [head, ...rows] = await exported('Calls per employee');
    expect(head).toEqual([
      'User id', 'Employee', 'Team', 'Total calls', 'Duration (seconds)', 'Unique calls',
      'Incoming', 'Incoming (Seconds)', 'Outgoing', 'Outgoing (Seconds)',
      'Never attended', 'Never attended (Seconds)', 'Rejected by client', 'Rejected by client (Seconds)',
    ]);
    expect(rows.map((r) => [r[0], ...r.slice(3)].map(Number))).toEqual(
      overview.users.map((u) => [
        u.user_id, u.all.total_count, u.all.total_duration, u.all.unique_calls,
        u.incoming.total_count, u.incoming.total_duration, u.outgoing.total_count, u.outgoing.total_duration,
        u.missed.total_count, u.missed.total_duration, u.rejected.total_count, u.rejected.total_duration,
      ]),
    );
    expect(rows.map((r) => r[1])).toEqual(['Priya Sharma', 'Mateo Silva', 'NA', 'Admin']);
  });

  it('exports each series with the answers’ numbers', async () => {
    dashboardServer();
    renderDashboard();
    await results();
    const hoursCalls = await exported('Active hours: calls');
    expect(hoursCalls.slice(1).map((r) => r.map(Number))).toEqual(activeHours.calls.map((b) => [b.key, b.count]));
    const hoursChats = await exported('Active hours: chats');
    expect(hoursChats.slice(1).map((r) => r.map(Number))).toEqual(activeHours.chats.map((b) => [b.key, b.count]));
    // Every half-day of the period, the empty ones at 0.
    const halves = (await exported('New calls per 12 hours')).slice(1);
    expect(halves).toHaveLength(14);
    for (const b of newCalls.buckets) expect(halves).toContainEqual([String(b.key), String(b.count)]);
    expect(halves.reduce((n, r) => n + Number(r[1]), 0)).toBe(14);
    const daily = (await exported('Daily comparison with the previous period')).slice(1);
    expect(daily).toEqual(
      comparison.current_days.map((d, i) => {
        const p = comparison.previous_days[i]!;
        return [d.date, String(d.incoming + d.outgoing + d.missed + d.rejected), p.date, String(p.incoming + p.outgoing + p.missed + p.rejected), String(d.duration)];
      }),
    );
    const dirs = (await exported('Calls per direction')).slice(1);
    expect(dirs.map((r) => Number(r[1]))).toEqual([15, 12, 3, 2]);
    const summary = (await exported('Summary')).slice(1);
    expect(summary[0]).toEqual(['Total calls', '32', '25', '7', '28']);
    expect(summary[2]).toEqual(['Unique calls', '21', '0', '21', '']);
    expect(summary.find((r) => r[0] === 'Chat messages')).toEqual(['Chat messages', '140', '160', '-20', '-12.5']);
  });
});
