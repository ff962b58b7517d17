// Quick reply analytics against a fake server: the dashboard's periods (a preset sent as is, a
// custom range checked by the date rule first), employees named as the dashboard names them,
// the total, and the loading, empty, error and no-organisation states.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { QuickReplyAnalytics } from '@/generated/contract';
import { errorBody, fakeServer, gate, ME, ORG, renderAt, signIn, world, type Call, setupManageSuite } from './testing';

setupManageSuite();


const PATH = '/api/v1/whatzapp/quickreplies/analytics';
const range = { start_ms: 0, end_ms: 0, start_date: '2030-01-01', end_date: '2030-01-07', days: 7, time_zone: 'Asia/Kolkata' };
const answer = (counts: [number, number][]): QuickReplyAnalytics => ({
  range,
  quick_reply_updated_counts: counts.map(([user_id, count]) => ({ user_id, count })),
});
const asked = (calls: Call[]) => calls.filter((c) => c.url.pathname === PATH);

test('quick replies sent per employee for the last 7 days, named, most first, with the total', async () => {
  const slow = gate();
  const calls = fakeServer(world(), async (c) => {
    if (c.url.pathname !== PATH) return undefined;
    await slow.wait;
    return { body: { result: true, data: answer([[ME, 3], [8, 9]]) } };
  });
  renderAt('/quick-replies/analytics');
  expect(await screen.findByRole('heading', { level: 1, name: 'Quick reply analytics' })).toBeInTheDocument();
  expect(await screen.findByTestId('analytics-loading')).toBeInTheDocument();
  act(() => slow.open());
  const table = await screen.findByTestId('analytics-table');
  const rows = within(table).getAllByRole('row');
  expect(rows.map((r) => r.textContent)).toEqual(['EmployeeQuick replies sent', 'Priya Sharma9', 'Admin3', 'Total12']);
  expect(screen.getByTestId('analytics-range')).toHaveTextContent('2030-01-01 – 2030-01-07');
  expect(asked(calls)[0]!.url.search).toBe(`?org_id=${ORG}&preset=last_7_days`);
});

test('another preset is asked for by name', async () => {
  const calls = fakeServer(world(), (c) => (c.url.pathname === PATH ? { body: { result: true, data: answer([[8, 1]]) } } : undefined));
  renderAt('/quick-replies/analytics');
  await screen.findByTestId('analytics-table');
  fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'this_month' } });
  await waitFor(() => expect(asked(calls).at(-1)!.url.searchParams.get('preset')).toBe('this_month'));
  expect(within(screen.getByRole('combobox', { name: 'Period' })).getByRole('option', { name: 'This Month' })).toBeInTheDocument();
});

test('a custom range is checked by the date rule before it is asked for', async () => {
  const calls = fakeServer(world(), (c) => (c.url.pathname === PATH ? { body: { result: true, data: answer([[8, 1]]) } } : undefined));
  renderAt('/quick-replies/analytics');
  await screen.findByTestId('analytics-table');
  fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'custom' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all the fields to continue...');
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-02-10' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-01' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date');
  const before = asked(calls).length;
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-20' } });
  await waitFor(() => expect(asked(calls)).toHaveLength(before + 1));
  expect(asked(calls).at(-1)!.url.search).toBe(`?org_id=${ORG}&start_date=2030-02-10&end_date=2030-02-20`);
});

test('no quick reply sent says so, offers a longer period and the quick replies', async () => {
  const calls = fakeServer(world(), (c) => (c.url.pathname === PATH ? { body: { result: true, data: answer([[ME, 0], [8, 0]]) } } : undefined));
  renderAt('/quick-replies/analytics');
  const empty = await screen.findByTestId('analytics-empty');
  expect(empty).toHaveTextContent('No quick replies were sent in this period.');
  expect(empty).toHaveTextContent('sends it from WhatsApp Web with the extension');
  expect(within(empty).getByRole('link', { name: 'Manage quick replies' })).toHaveAttribute('href', '/quick-replies');
  fireEvent.click(within(empty).getByRole('button', { name: 'Show the last 6 months' }));
  await waitFor(() => expect(asked(calls).at(-1)!.url.searchParams.get('preset')).toBe('last_6_months'));
  expect(await screen.findByTestId('analytics-empty')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show the last 6 months' })).toBeNull();
});

test('a failure is shown with Retry, which asks again', async () => {
  let fail = true;
  fakeServer(world(), (c) =>
    c.url.pathname === PATH ? (fail ? { status: 403, body: errorBody('forbidden') } : { body: { result: true, data: answer([[8, 2]]) } }) : undefined,
  );
  renderAt('/quick-replies/analytics');
  const error = await screen.findByTestId('analytics-error');
  expect(error).toHaveTextContent("You don't have access to this.");
  fail = false;
  fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('analytics-table')).toHaveTextContent('Priya Sharma');
});

test('the personal workspace asks for an organisation and requests nothing', async () => {
  signIn(null, 1);
  const calls = fakeServer();
  renderAt('/quick-replies/analytics');
  expect(await screen.findByTestId('analytics-no-org')).toHaveTextContent('Choose an organisation to see its quick reply analytics.');
  expect(asked(calls)).toHaveLength(0);
});
