// The team inbox as the app composes it: the Lead tab beside a chat is the Lead CRM's panel
// (features/leads ChatLeadPanel) for the chat's contact, found by the key the conversation carries.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { conversation, fakeServer, resetStores, signIn, stubEventSource, world } from '@/features/inbox/testing';
import { contact } from '@/features/leads/testing';
import { renderRoutes, setupSuite } from '@/testing/harness';
import TeamInboxRoute from './TeamInboxRoute';

setupSuite({
  before: () => {
    resetStores();
    signIn();
    stubEventSource();
  },
});

test('the Lead tab shows the chat’s contact as the Lead CRM has it', async () => {
  const key = '919800000001';
  const lead = contact({ contact: key, phone: `+${key}`, display_name: 'Ravi Kumar', name: 'Ravi Kumar' });
  const all = fakeServer(world({ conversations: [conversation({ id: 1, name: 'Ravi Kumar', contact: key })] }), (c) => {
    if (c.url.pathname === '/api/contacts') return { body: { items: [lead], total: 1, page: 0, per_page: 100 } };
    if (['/api/deals', '/api/tickets', '/api/calls'].includes(c.url.pathname)) return { body: [] };
    return undefined;
  });
  renderRoutes([{ path: '*', element: <TeamInboxRoute /> }], '/team-inbox');
  fireEvent.click((await screen.findAllByTestId('chatter-row'))[0]!);
  fireEvent.click(await screen.findByTestId('panel-lead'));
  const panel = within(await screen.findByTestId('lead-contact'));
  expect(panel.getByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
  expect(panel.getByLabelText('Lifecycle stage')).toHaveValue('salesqualifiedlead');
  expect(all.find((c) => c.url.pathname === '/api/contacts')!.url.searchParams.get('q')).toBe(key);
  expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
});
