// The Admin Panel and User Info against a fake server: organisations and users searched (the
// text goes to the server, back to the first page) and paged; a user opening User Info with
// memberships, personal plan and live sessions; the plan change needing a reason; the audit log
// and failed transactions across the installation, with their empty states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { AdminUserDetail, FailedTransaction } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import { ORGS_PER_PAGE } from './components/OrganisationsList';
import { ADMIN_PATHS, userInfoPath } from './paths';
import { callsTo, fakeServer, org, renderAdmin, user } from './testing';

setupSuite({
  prepare: async () => {
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  },
  toasts: true,
});

const ORGS = Array.from({ length: 45 }, (_, i) => org(i + 1, { org_name: i % 2 === 0 ? `Acme ${i + 1}` : `Zenith ${i + 1}` }));
const orgNames = () => screen.getAllByTestId('org-row').map((r) => r.querySelector('td')!.textContent);

test('organisations are paged by the server and searched from the first page', async () => {
  const { calls } = fakeServer({ signedIn: true, orgs: ORGS });
  renderAdmin(ADMIN_PATHS.organisations);
  await screen.findByTestId('organisations');
  expect(orgNames()).toHaveLength(ORGS_PER_PAGE);
  expect(screen.getByTestId('pager-range')).toHaveTextContent('1–20 of 45');
  const first = callsTo(calls, '/api/admin/organisations')[0]!.url.searchParams;
  expect([first.get('page'), first.get('per_page'), first.get('q')]).toEqual(['0', String(ORGS_PER_PAGE), null]);

  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(orgNames()).toHaveLength(5));
  expect(callsTo(calls, '/api/admin/organisations').at(-1)!.url.searchParams.get('page')).toBe('2');
  expect(screen.getByTestId('pager-range')).toHaveTextContent('41–45 of 45');

  fireEvent.change(screen.getByRole('textbox', { name: 'Search organisations' }), { target: { value: 'zenith' } });
  await waitFor(() => expect(callsTo(calls, '/api/admin/organisations').at(-1)!.url.searchParams.get('q')).toBe('zenith'));
  expect(callsTo(calls, '/api/admin/organisations').at(-1)!.url.searchParams.get('page')).toBe('0');
  await waitFor(() => expect(screen.getByTestId('pager-range')).toHaveTextContent('1–20 of 22'));
  expect(orgNames().every((n) => n!.startsWith('Zenith'))).toBe(true);

  fireEvent.change(screen.getByRole('textbox', { name: 'Search organisations' }), { target: { value: 'nothing like it' } });
  expect(await screen.findByText('No organisation matches this search.')).toBeInTheDocument();
  // Twenty rows of buttons render slowly on a busy two-core machine: a longer limit.
}, 15_000);

test('an organisation’s plan change needs a reason, then sends the change and shows the result', async () => {
  const { calls } = fakeServer({ signedIn: true, orgs: [org(7, { org_name: 'Acme Traders', seat_issued: 3 })] });
  renderAdmin(ADMIN_PATHS.organisations);
  fireEvent.click(await screen.findByRole('button', { name: 'Change the plan of Acme Traders' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change the plan of Acme Traders' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Seats' }), { target: { value: '12' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply change' }));
  expect(await within(dialog).findByText('Give a reason: the audit log keeps it.')).toBeInTheDocument();
  expect(callsTo(calls, '/api/admin/organisations/7/plan', 'POST')).toHaveLength(0);

  fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Annual contract signed' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply change' }));
  await waitFor(() => expect(callsTo(calls, '/api/admin/organisations/7/plan', 'POST')).toHaveLength(1));
  expect(callsTo(calls, '/api/admin/organisations/7/plan', 'POST')[0]!.body).toEqual({
    plan_id: null,
    seats: 12,
    is_trial: null,
    valid_days: null,
    reason: 'Annual contract signed',
  });
  expect(await screen.findByText('The plan of Acme Traders was changed')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('org-row')).toHaveTextContent('2 of 12'));
});

const detail: AdminUserDetail = {
  user: user(3, { name: 'Ana Souza', email: 'ana@acme.test', mobile: '+5511999990000', plan_id: 8 }),
  memberships: [
    { org: org(7, { org_name: 'Acme Traders', organization_code: 'ACME2345', standing: 'grace', members: 4, seat_issued: 5 }), role_id: 1, user_status: 2, is_default_org: true },
    { org: org(9, { org_name: 'Beta Ltd', plan_id: 1, standing: 'free', is_trial: false, validity: null }), role_id: 3, user_status: 1, is_default_org: false },
  ],
  live_sessions: 2,
  onboarding: { team_size: '2_10', crms: ['hubspot', 'zoho'], goal: 'more_sales', goal_text: null, answered_at: '2026-11-29T01:00:00Z', tour_status: 'skipped' },
};

test('users are searched and paged; a user opens User Info with memberships, personal plan and sessions', async () => {
  const users = Array.from({ length: 30 }, (_, i) => user(i + 1, i === 2 ? { name: 'Ana Souza', email: 'ana@acme.test' } : {}));
  const { calls } = fakeServer({ signedIn: true, users, details: { 3: detail } });
  const { router } = renderAdmin(ADMIN_PATHS.users);
  await screen.findByTestId('users');
  expect(screen.getAllByTestId('user-row')).toHaveLength(20);
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(10));
  expect(callsTo(calls, '/api/admin/users').at(-1)!.url.searchParams.get('page')).toBe('1');

  fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), { target: { value: 'ana' } });
  await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
  expect(callsTo(calls, '/api/admin/users').at(-1)!.url.searchParams.get('page')).toBe('0');

  fireEvent.click(screen.getByRole('link', { name: 'Open User Info for Ana Souza' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(userInfoPath(3));
  expect(screen.getByRole('link', { name: 'User Info', current: 'page' })).toBeInTheDocument();
  // Plans are named as the catalogue sells them, with their billing period.
  await waitFor(() => expect(screen.getByTestId('personal-plan')).toHaveTextContent('Pro Plus, monthly'));
  expect(screen.getByTestId('live-sessions')).toHaveTextContent('2');
  // The person's onboarding questionnaire, as answered.
  expect(screen.getByTestId('user-onboarding')).toHaveTextContent('Team: 2_10');
  expect(screen.getByTestId('user-onboarding')).toHaveTextContent('CRM: hubspot, zoho');
  const rows = screen.getAllByTestId('membership-row');
  expect(rows[0]).toHaveTextContent('Acme Traders');
  expect(rows[0]).toHaveTextContent('ACME2345');
  expect(rows[0]).toHaveTextContent('Admin');
  expect(rows[0]).toHaveTextContent('Active');
  expect(rows[0]).toHaveTextContent('Teams, monthly');
  expect(rows[0]).toHaveTextContent('Grace period');
  expect(rows[0]).toHaveTextContent('4 of 5');
  expect(rows[1]).toHaveTextContent('Employee');
  expect(rows[1]).toHaveTextContent('Invited');
  expect(rows[1]).toHaveTextContent('Free');
  expect(rows[1]).toHaveTextContent('No end date');
  expect(within(rows[1]!).getByRole('button', { name: 'Change the plan of Beta Ltd' })).toBeInTheDocument();
});

test('User Info of an unknown user says so', async () => {
  fakeServer({ signedIn: true });
  renderAdmin(userInfoPath(404));
  expect(await screen.findByText('The user could not be loaded')).toBeInTheDocument();
  expect(screen.getByText("We couldn't find what you asked for.")).toBeInTheDocument();
});

test('the audit log and the installation’s failed transactions have their own tabs', async () => {
  const failed: FailedTransaction[] = [
    { id: 1, invoice_id: 'in_1', org_id: 7, amount_minor: 12000, currency: 'usd', reason: 'card_declined', created_at: '2026-03-01T10:00:00Z', resolved_at: null },
    { id: 2, invoice_id: 'in_2', org_id: null, amount_minor: 500, currency: 'eur', reason: null, created_at: '2026-02-01T10:00:00Z', resolved_at: '2026-02-03T10:00:00Z' },
  ];
  const audit = [
    { id: 1, at: '2026-03-01T10:00:00Z', admin_email: 'ops@switchboard.test', action: 'change_plan', target: 'organisation 7', target_name: null, reason: 'Contract', detail: { after: { seats: 12 } } },
  ];
  const { calls } = fakeServer({ signedIn: true, failed, audit });
  renderAdmin(ADMIN_PATHS.organisations);
  await screen.findByText('No organisations yet.');

  fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
  const log = await screen.findByTestId('audit-log');
  expect(within(log).getByText('Changed a plan')).toBeInTheDocument();
  expect(within(log).getByText('organisation 7')).toBeInTheDocument();
  expect(within(log).getByText('Contract')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('tab', { name: 'Failed Transactions' }));
  const table = await screen.findByTestId('failed-transactions');
  const rows = within(table).getAllByTestId('failed-row');
  expect(rows[0]).toHaveTextContent('Organisation 7');
  expect(rows[0]).toHaveTextContent('$120.00');
  expect(rows[0]).toHaveTextContent('card_declined');
  expect(rows[0]).toHaveTextContent('Not settled');
  expect(rows[1]).toHaveTextContent('Personal workspace');
  expect(rows[1]).toHaveTextContent('No reason given');
  expect(rows[1]).toHaveTextContent(/Settled/);
  expect(callsTo(calls, '/api/admin/failed-transactions')[0]!.url.searchParams.get('per_page')).toBe('20');
});

test('the audit log names what was changed and says what changed from → to, in words', async () => {
  const validity = Date.UTC(2026, 11, 1, 10, 0);
  const audit = [
    {
      id: 2,
      at: '2026-03-02T10:00:00Z',
      admin_email: 'ops@switchboard.test',
      action: 'change_plan',
      target: 'organisation 7',
      target_name: 'Acme Traders',
      reason: 'Annual contract',
      detail: {
        before: { plan_id: 10, seats: 3, is_trial: true, validity },
        after: { plan_id: 11, seats: 3, is_trial: false, validity: null },
      },
    },
    {
      id: 1,
      at: '2026-03-01T10:00:00Z',
      admin_email: 'ops@switchboard.test',
      action: 'grant_knowledge_base',
      target: 'organisation 7',
      target_name: 'Acme Traders',
      reason: 'Pilot',
      detail: { before: { knowledge_base_granted: false }, after: { knowledge_base_granted: true } },
    },
  ];
  fakeServer({ signedIn: true, audit });
  renderAdmin(ADMIN_PATHS.organisations);
  await screen.findByText('No organisations yet.');
  fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
  const rows = within(await screen.findByTestId('audit-log')).getAllByTestId('audit-row');
  expect(rows[0]).toHaveTextContent('Acme Traders');
  await waitFor(() => expect(rows[0]).toHaveTextContent('Plan: Teams, monthly → Teams, yearly'));
  expect(rows[0]).toHaveTextContent('Trial: Yes → No');
  expect(rows[0]).toHaveTextContent(/Valid until: Dec 1, 2026.* → No end date/);
  // Unchanged fields are not listed; no raw JSON or epoch milliseconds.
  expect(rows[0]).not.toHaveTextContent('Seats');
  expect(rows[0]).not.toHaveTextContent(String(validity));
  expect(rows[0]).not.toHaveTextContent('{');
  expect(rows[1]).toHaveTextContent('Changed a knowledge-base grant');
  expect(rows[1]).toHaveTextContent('Knowledge base granted: No → Yes');
});

test('the operator grants the knowledge base with a reason and sees it on the row', async () => {
  const { calls } = fakeServer({ signedIn: true, orgs: [org(7, { org_name: 'Acme Traders', plan_id: 1, standing: 'free', knowledge_base: false })] });
  renderAdmin(ADMIN_PATHS.organisations);
  const row = await screen.findByTestId('org-row');
  expect(within(row).getByTestId('org-kb')).toHaveTextContent('Off');
  fireEvent.click(within(row).getByRole('button', { name: 'Grant the knowledge base to Acme Traders' }));
  const dialog = await screen.findByRole('dialog', { name: 'Grant the knowledge base to Acme Traders' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
  expect(await within(dialog).findByText('Give a reason: the audit log keeps it.')).toBeInTheDocument();
  expect(callsTo(calls, '/api/admin/organisations/7/knowledge-base', 'POST')).toHaveLength(0);
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Pilot customer' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
  await waitFor(() => expect(callsTo(calls, '/api/admin/organisations/7/knowledge-base', 'POST')).toHaveLength(1));
  expect(callsTo(calls, '/api/admin/organisations/7/knowledge-base', 'POST')[0]!.body).toEqual({ granted: true, reason: 'Pilot customer' });
  expect(await screen.findByText('Acme Traders now has the knowledge base')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('org-kb')).toHaveTextContent('On (granted)'));
  expect(screen.getByRole('button', { name: 'Withdraw the knowledge base grant of Acme Traders' })).toBeInTheDocument();
});

test('empty lists say so and what fills them', async () => {
  fakeServer({ signedIn: true });
  renderAdmin(ADMIN_PATHS.failedTransactions);
  expect(await screen.findByText('No payment has failed.')).toBeInTheDocument();
  expect(screen.getByTestId('failed-empty')).toHaveTextContent('is listed here with its reason');
  fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
  expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  expect(screen.getByTestId('audit-empty')).toHaveTextContent('every change they make');
  fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
  expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  expect(screen.getByTestId('users-empty')).toHaveTextContent('once they sign up');
  fireEvent.click(screen.getByRole('tab', { name: 'Organisations' }));
  expect(await screen.findByText('No organisations yet.')).toBeInTheDocument();
  expect(screen.getByTestId('orgs-empty')).toHaveTextContent('once someone signs up and creates one');
  expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
});

test("the visitors' feedback lists who wrote, on what, and the message as typed", async () => {
  fakeServer({
    signedIn: true,
    feedback: [
      {
        id: 2,
        topic: 'billing',
        name: 'Rhea Kapoor',
        email: 'rhea@shop.test',
        whatsapp: '+919812345678',
        message: 'Two lines:\n<b>not bold</b>',
        created_at: '2026-11-28T09:30:00Z',
      },
    ],
  });
  renderAdmin(ADMIN_PATHS.feedback);
  const row = await screen.findByTestId('feedback-row');
  expect(row).toHaveTextContent('billing');
  expect(row).toHaveTextContent('+919812345678');
  expect(within(row).getByRole('link', { name: 'rhea@shop.test' })).toHaveAttribute('href', 'mailto:rhea@shop.test');
  expect(within(row).getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Feedback' })).toHaveAttribute('aria-selected', 'true');
});

test('no feedback says what fills the list', async () => {
  fakeServer({ signedIn: true });
  renderAdmin(ADMIN_PATHS.feedback);
  expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
});

test('a search that matches nothing says so, and clearing it lists everyone again', async () => {
  fakeServer({ signedIn: true, orgs: [org(7, { org_name: 'Acme Traders' })] });
  renderAdmin(ADMIN_PATHS.organisations);
  await screen.findByTestId('organisations');
  const search = screen.getByRole('textbox', { name: 'Search organisations' });
  fireEvent.change(search, { target: { value: 'zenith' } });
  const empty = await screen.findByTestId('orgs-empty');
  expect(empty).toHaveTextContent('No organisation matches this search.');
  fireEvent.click(within(empty).getByRole('button', { name: 'Clear the search' }));
  expect(search).toHaveValue('');
  // Until the list is asked for again, the loader, not "No organisations yet."
  expect(screen.getByLabelText('Loading the organisations…')).toBeInTheDocument();
  expect(screen.queryByTestId('orgs-empty')).toBeNull();
  expect(await screen.findByTestId('organisations')).toHaveTextContent('Acme Traders');

  fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
  await screen.findByTestId('users-empty');
  fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), { target: { value: 'nobody' } });
  await waitFor(() => expect(screen.getByTestId('users-empty')).toHaveTextContent('No user matches this search.'));
  fireEvent.click(within(screen.getByTestId('users-empty')).getByRole('button', { name: 'Clear the search' }));
  expect(await screen.findByText('No users yet.')).toBeInTheDocument();
});
