// The organisation's recent changes (issue #25): sentences naming who changed what from → to,
// in the organisation's zone, older lines a page at a time, an empty log that says what will
// appear, and nothing at all for a member who is not an admin.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { OrgActivity } from '@/generated/contract';
import { setupSuite } from '@/testing/harness';
import { ACTIVITY_PAGE } from './components/ActivitySection';
import { useOrganization } from './stores/organization';
import { fakeServer, mapping, personal, renderPage, type Call } from './testing';

setupSuite({
  before: () => {
    // Each test starts from a fresh organisation store (no mapping left from the last one).
    useOrganization.setState(useOrganization.getInitialState(), true);
  },
});

const line = (id: number, over: Partial<OrgActivity>): OrgActivity => ({
  id,
  at: '2026-11-20T18:30:00Z',
  action: 'organisation_renamed',
  actor: 'Ana Ruiz',
  target: null,
  changes: [],
  ...over,
});

const log: OrgActivity[] = [
  line(5, {
    action: 'member_updated',
    target: 'Lucía',
    changes: [
      { field: 'role_id', from: '3', to: '2' },
      { field: 'team_id', from: null, to: 'Ventas' },
    ],
  }),
  line(4, { action: 'invitation_resent', target: 'Lucía', changes: [{ field: 'email', from: null, to: 'lucia@acme.test' }] }),
  line(3, { action: 'time_zone_changed', changes: [{ field: 'time_zone', from: 'Europe/Lisbon', to: 'Asia/Kolkata' }] }),
  line(2, { action: 'logo_changed', actor: null, changes: [{ field: 'org_logo', from: 'https://a/l.png', to: null }] }),
  line(1, { changes: [{ field: 'org_name', from: 'Acme', to: 'Acme Traders' }] }),
];

/** Answers the log two lines a page. */
const paged = (call: Call) => {
  if (!call.url.pathname.endsWith('/organizations/activity')) return undefined;
  const page = Number(call.url.searchParams.get('page'));
  expect(Number(call.url.searchParams.get('per_page'))).toBe(ACTIVITY_PAGE);
  // Two a page (as a server with a lower cap would answer), to see paging with five lines.
  return { body: { items: log.slice(page * 2, page * 2 + 2), total: log.length, page, per_page: 2 } };
};

test('an admin reads who changed what, from and to, and loads older changes', async () => {
  const { calls } = fakeServer(paged);
  renderPage();
  const list = within(await screen.findByTestId('activity-list'));
  expect(list.getByText('Ana Ruiz changed Lucía: role from Employee to Manager; team from No team to Ventas')).toBeInTheDocument();
  expect(list.getByText('Ana Ruiz sent Lucía the invitation again (lucia@acme.test)')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Show 3 older changes' }));
  expect(await list.findByText('Ana Ruiz changed the time zone from Europe/Lisbon to Asia/Kolkata')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Show 1 older change' }));
  expect(await list.findByText('Ana Ruiz renamed the organisation from “Acme” to “Acme Traders”')).toBeInTheDocument();
  expect(list.getByText("Someone removed the organisation's logo")).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /older change/ })).toBeNull();
  const asked = calls.filter((c) => c.url.pathname.endsWith('/organizations/activity')).map((c) => c.url.searchParams.get('page'));
  expect(asked).toEqual(['0', '1', '2']);
});

test('an empty log says what will be listed', async () => {
  fakeServer();
  renderPage();
  expect(await screen.findByTestId('activity-empty')).toHaveTextContent('No changes yet.');
});

test('a member who is not an admin sees no change log, and it is not asked for', async () => {
  const { calls } = fakeServer((c) => {
    const p = c.url.pathname.replace('/api/v1/whatzapp', '');
    if (p === '/organizations') return { body: { result: true, data: [mapping({ role_id: 3 }), personal] } };
    return undefined;
  });
  renderPage();
  await screen.findByRole('heading', { name: 'Teams' });
  await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/employees/invited'))).toBe(true));
  expect(screen.queryByRole('heading', { name: 'Recent changes' })).toBeNull();
  expect(calls.some((c) => c.url.pathname.endsWith('/organizations/activity'))).toBe(false);
});
