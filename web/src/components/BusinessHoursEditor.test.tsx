// The organisation's business hours editor against a fake server, with the insights rules
// loaded: the default week read and said to be the default, a split shift and holidays sent as
// the rule keeps them (each day's shifts in order, the holidays sorted), an overlap caught in the
// browser before anything is sent, the server's refusal of the holidays said under them, a
// failed read tried again, and the read-only form of someone who is not an admin.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { BusinessHoursUpdate } from '@/generated/contract';
import { loadInsightsRules } from '@/lib/insightsDomain';
import { errorBody, firstAnswer, invalid, renderWithProviders, setupSuite, stubServer, type Call, type Handler } from '@/testing/harness';
import { businessHours, businessHoursAnswers, ORG } from '@/testing/organization';
import { BusinessHoursEditor } from './BusinessHoursEditor';

setupSuite({ prepare: () => loadInsightsRules(), toasts: true });

function server(...handlers: Handler[]) {
  const calls: Call[] = [];
  const all = [...handlers, businessHoursAnswers()];
  stubServer(calls, async (call) => (await firstAnswer(all, call)) ?? { status: 404, body: errorBody('not_found') });
  return calls;
}

const puts = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/business-hours' && c.method === 'PUT');
const day = (d: number) => screen.getAllByTestId('bh-day')[d]!;
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function open(admin = true) {
  renderWithProviders(<BusinessHoursEditor orgId={ORG} admin={admin} />);
  return screen.findByTestId('business-hours');
}

test('the default week is read and said to be the default, with its zone and weekly hours', async () => {
  const calls = server();
  const form = await open();
  expect(calls[0]!.url.pathname + calls[0]!.url.search).toBe(`/api/business-hours?org_id=${ORG}`);
  expect(within(form).getByRole('heading', { name: 'Business hours' })).toBeInTheDocument();
  expect(screen.getByTestId('bh-default')).toHaveTextContent('Monday to Friday 09:00–18:00');
  expect(screen.getByTestId('bh-zone')).toHaveTextContent('in Asia/Kolkata');
  expect(screen.getByTestId('bh-weekly')).toHaveTextContent('Open 45 h a week');
  expect(screen.getAllByTestId('bh-day').map((d) => d.firstChild?.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  expect(screen.getByLabelText('Monday, shift 1: opens')).toHaveValue('09:00');
  expect(screen.getByLabelText('Friday, shift 1: closes')).toHaveValue('18:00');
  expect(within(day(5)).getByTestId('bh-closed')).toHaveTextContent('Closed');
  expect(within(day(6)).getByTestId('bh-closed')).toHaveTextContent('Closed');
  expect(screen.getByTestId('bh-no-holidays')).toBeInTheDocument();
  expect(screen.queryByTestId('bh-read-only')).toBeNull();
});

test('a split shift, an early shift and two holidays are sent as the rule keeps them', async () => {
  const calls = server();
  await open();
  // Monday splits for lunch: 09:00–13:00 and a new shift, 14:00–18:00.
  setTime('Monday, shift 1: closes', '13:00');
  fireEvent.click(screen.getByRole('button', { name: 'Add a shift on Monday' }));
  expect(screen.getByLabelText('Monday, shift 2: opens')).toHaveValue('14:00');
  setTime('Monday, shift 2: closes', '18:00');
  // Tuesday opens early too, the shift added last: kept first.
  fireEvent.click(screen.getByRole('button', { name: 'Add a shift on Tuesday' }));
  setTime('Tuesday, shift 2: opens', '07:00');
  setTime('Tuesday, shift 2: closes', '08:00');
  // Saturday opens until midnight (a time input's 00:00).
  fireEvent.click(screen.getByRole('button', { name: 'Add a shift on Saturday' }));
  setTime('Saturday, shift 1: opens', '20:00');
  setTime('Saturday, shift 1: closes', '00:00');
  // Two holidays, added out of order, shown in order.
  for (const d of ['2030-12-25', '2030-01-26']) {
    setTime('Holiday date', d);
    fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
  }
  expect(screen.getAllByTestId('bh-holiday').map((h) => h.getAttribute('data-date'))).toEqual(['2030-01-26', '2030-12-25']);
  expect(screen.getByTestId('bh-holidays')).toHaveTextContent('Jan 26, 2030');
  fireEvent.change(screen.getByLabelText('First-response target (minutes)'), { target: { value: '30' } });
  // 45 h − Monday's lunch hour + Tuesday's early hour + Saturday's four.
  expect(screen.getByTestId('bh-weekly')).toHaveTextContent('Open 49 h a week');

  fireEvent.click(screen.getByTestId('bh-save'));
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  const nine = { start: '09:00', end: '18:00' };
  expect(puts(calls)[0]!.body).toEqual({
    org_id: ORG,
    week: [
      [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }],
      [{ start: '07:00', end: '08:00' }, nine],
      [nine],
      [nine],
      [nine],
      [{ start: '20:00', end: '24:00' }],
      [],
    ],
    holidays: ['2030-01-26', '2030-12-25'],
    response_target_minutes: 30,
    callback_target_minutes: null,
  } satisfies BusinessHoursUpdate);
  expect(await screen.findByText('Business hours saved')).toBeInTheDocument();
  // The stored hours are no longer the default.
  await waitFor(() => expect(screen.queryByTestId('bh-default')).toBeNull());
});

test('an overlap is caught by the rule as it is typed, and nothing is sent', async () => {
  const calls = server();
  await open();
  fireEvent.click(screen.getByRole('button', { name: 'Add a shift on Wednesday' }));
  expect(screen.queryByTestId('bh-week-error')).toBeNull();
  setTime('Wednesday, shift 2: opens', '17:00');
  expect(screen.getByTestId('bh-week-error')).toHaveTextContent('Two shifts of the same day overlap');
  expect(screen.queryByTestId('bh-weekly')).toBeNull();
  fireEvent.click(screen.getByTestId('bh-save'));
  await new Promise((r) => setTimeout(r, 20));
  expect(puts(calls)).toHaveLength(0);
  // Mended, the week is whole again.
  setTime('Wednesday, shift 2: opens', '18:00');
  expect(screen.queryByTestId('bh-week-error')).toBeNull();
  expect(screen.getByTestId('bh-weekly')).toHaveTextContent('Open 48 h a week');
});

test('the server’s refusal of the holidays is said under them', async () => {
  const calls = server((call) => (call.method === 'PUT' ? invalid('holidays', 'holidays_too_many') : undefined));
  await open();
  setTime('Holiday date', '2030-08-15');
  fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
  fireEvent.click(screen.getByTestId('bh-save'));
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(await screen.findByTestId('bh-holidays-error')).toHaveTextContent('At most 400 holidays can be kept');
  expect(screen.queryByTestId('bh-week-error')).toBeNull();
  expect(screen.queryByText('Business hours saved')).toBeNull();
  // Taking the holiday away answers the refusal.
  fireEvent.click(screen.getByRole('button', { name: /^Remove the holiday/ }));
  expect(screen.queryByTestId('bh-holidays-error')).toBeNull();
});

test('a failed read says so and is tried again', async () => {
  let failures = 1;
  server((call) => (call.method === 'GET' && failures-- > 0 ? { status: 500, body: errorBody('internal') } : undefined));
  renderWithProviders(<BusinessHoursEditor orgId={ORG} admin />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The business hours could not be loaded.');
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('business-hours')).toBeInTheDocument();
});

test('someone who is not an admin reads the hours but cannot change them', async () => {
  const set = businessHours({ set: true, holidays: ['2030-10-02'], week: [[{ start: '10:00', end: '14:00' }, { start: '15:00', end: '19:00' }], [], [], [], [], [], []] });
  server(businessHoursAnswers(set));
  await open(false);
  expect(screen.getByTestId('bh-read-only')).toHaveTextContent('Only admins change the business hours.');
  expect(screen.queryByTestId('bh-default')).toBeNull();
  expect(screen.getByTestId('bh-weekly')).toHaveTextContent('Open 8 h a week');
  expect(screen.getByLabelText('Monday, shift 2: opens')).toHaveValue('15:00');
  for (const input of within(screen.getByTestId('bh-week')).getAllByLabelText(/shift \d/)) expect(input).toBeDisabled();
  expect(screen.getByLabelText('First-response target (minutes)')).toBeDisabled();
  expect(screen.getByLabelText('Missed-call call-back target (minutes)')).toBeDisabled();
  expect(screen.getAllByTestId('bh-holiday')).toHaveLength(1);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByLabelText('Holiday date')).toBeNull();
});
