// The dashboard as the demo admin meets it: sign in with a code from the mailbox, open the
// dashboard on the seeded demo organisation (90 days of calls and chats), switch the period and
// the team and see the cards and charts follow, download the per-employee CSV whose numbers
// equal the API's answer for the same filters, and reload to the same filters from the address.
import { expect, test, signInWithCode, type Page, type Response } from './fixtures';
import { readFileSync } from 'node:fs';

const ADMIN = 'admin@demo.switchboard.test';

/** Minimal CSV reader for what the page writes (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

interface Totals {
  total_count: number;
  total_duration: number;
  unique_calls: number;
}
interface Overview {
  users: Array<{ user_id: number; incoming: Totals; outgoing: Totals; missed: Totals; rejected: Totals; all: Totals }>;
  totals: { all: Totals };
}

const isOverview = (r: Response) => r.url().includes('/api/v1/analytics/overview');

test('the demo admin filters the dashboard and exports the numbers the API gives', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signInWithCode(page, ADMIN);
  await expect(page).not.toHaveURL(/\/workspace\/signup$/);

  // The default filter: the last 7 days, every employee the admin may see.
  let overview = page.waitForResponse(isOverview);
  await page.goto('/conversations/analytics');
  let sent = new URL((await overview).url());
  expect(sent.searchParams.get('team_id')).toBeNull();
  const results = page.getByTestId('dashboard-results');
  await expect(results).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('last_7_days');
  // 000 §3 'date type This Month': the quick-reply and scheduler counters' own period.
  await expect(page.getByTestId('usage-card')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Date type' })).toHaveValue('this_month');
  await expect(page.getByTestId('dashboard-range')).toContainText('(7 days)');
  const totalCard = page.getByTestId('card-total_calls').getByTestId('card-value');
  const weekTotal = Number((await totalCard.textContent())!.replace(/\D/g, ''));
  const weekApi = (await (await page.request.get(`/api/v1/analytics/overview${sent.search}`)).json()) as { data: Overview };
  expect(weekTotal).toBe(weekApi.data.totals.all.total_count);
  expect(weekTotal).toBeGreaterThan(0);
  // Chat messages are compared with the previous period by the server, like the calls.
  const chatsCard = page.getByTestId('card-chats');
  const weekCmp = (await (await page.request.get(`/api/v1/analytics/comparison${sent.search}`)).json()) as {
    data: { chats: { current: number; previous: number } };
  };
  expect(Number((await chatsCard.getByTestId('card-value').textContent())!.replace(/\D/g, ''))).toBe(weekCmp.data.chats.current);
  await expect(chatsCard.getByTestId('card-change')).toContainText('vs previous period');
  for (const chart of ['directions', 'duration', 'active-hours-calls', 'active-hours-chats', 'new-calls', 'daily']) {
    await expect(page.getByTestId(`chart-${chart}`).locator('.recharts-surface').first()).toBeVisible();
  }
  await expect(page.getByTestId('rank-top').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('rank-attention').getByRole('listitem')).toHaveCount(2);

  // Last month: a longer period, more calls, and the loader clears after the results.
  overview = page.waitForResponse(isOverview);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last_month');
  sent = new URL((await overview).url());
  expect(sent.searchParams.get('start_date')).toMatch(/-01$/);
  await expect(page.getByTestId('dashboard-range')).not.toContainText('(7 days)');
  await expect(totalCard).not.toHaveText(String(weekTotal));
  await expect(page.getByTestId('dashboard-loader')).toHaveCount(0);
  const monthTotal = Number((await totalCard.textContent())!.replace(/\D/g, ''));
  expect(monthTotal).toBeGreaterThan(weekTotal);

  // One team: fewer employees and fewer calls.
  const allRows = await page.getByTestId('employee-row').count();
  overview = page.waitForResponse(isOverview);
  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Sales' });
  sent = new URL((await overview).url());
  expect(Number(sent.searchParams.get('team_id'))).toBeGreaterThan(0);
  await expect(page.getByTestId('dashboard-loader')).toHaveCount(0);
  await expect(page.getByTestId('employee-row')).not.toHaveCount(allRows);
  const teamTotal = Number((await totalCard.textContent())!.replace(/\D/g, ''));
  expect(teamTotal).toBeLessThan(monthTotal);

  // The per-employee CSV holds the API's numbers for the same filters.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Calls per employee as CSV' }).click();
  const file = await (await download).path();
  const [head, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  expect(head?.[0]).toBe('User id');
  const api = (await (await page.request.get(`/api/v1/analytics/overview${sent.search}`)).json()) as { data: Overview };
  expect(rows.map((r) => [r[0], ...r.slice(3)].map(Number))).toEqual(
    api.data.users.map((u) => [
      u.user_id, u.all.total_count, u.all.total_duration, u.all.unique_calls,
      u.incoming.total_count, u.incoming.total_duration, u.outgoing.total_count, u.outgoing.total_duration,
      u.missed.total_count, u.missed.total_duration, u.rejected.total_count, u.rejected.total_duration,
    ]),
  );

  // The filters are in the address: a reload opens the same view, its first request already
  // for the same period and team.
  await expect(page).toHaveURL(/[?&]period=last_month(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]team=${sent.searchParams.get('team_id')}(&|$)`));
  overview = page.waitForResponse(isOverview);
  await page.reload();
  const reloaded = new URL((await overview).url());
  expect(reloaded.searchParams.get('team_id')).toBe(sent.searchParams.get('team_id'));
  expect(reloaded.searchParams.get('start_date')).toBe(sent.searchParams.get('start_date'));
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('last_month');
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue(sent.searchParams.get('team_id')!);
  expect(errors).toEqual([]);
});
