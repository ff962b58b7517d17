// Joining an organisation by its code against a fake server: a bad code is refused with the
// spec's text; the one-time code's countdown ends in "Code Expired" with Join disabled, and a
// new code can be asked for after the wait; a wrong code says so; the right one joins, reloads
// the memberships and opens /organization.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { errorBody, invalid, renderRoutes, setupSuite, signInAs, stubServer, userExistence, type Call } from '@/testing/harness';
import { useWorkspace } from '@/stores/workspace';
import JoinOrganisationModal, { countdown } from './components/JoinOrganisationModal';

const SENT = { org_name: 'Acme Traders', email: 'owner@acme.test', expires_in_ms: 600_000, resend_after_ms: 60_000 };

function server(calls: Call[]) {
  stubServer(calls, (call) => {
    const path = call.url.pathname;
    const body = call.body as { organization_code?: string; code?: string };
    if (path === '/api/organizations/join/code') {
      return body.organization_code === 'ACME2345' ? { body: SENT } : invalid('organization_code', 'organisation_code_invalid');
    }
    if (path === '/api/organizations/join') {
      return body.code === '123456'
        ? { body: { org_id: 5, org_name: 'Acme Traders', message: 'Successfully joined organisation' } }
        : invalid('code', 'otp_invalid');
    }
    if (path === '/api/v1/whatzapp/checkuserexistance') return { body: { result: true, data: userExistence(null) } };
    return { status: 404, body: errorBody('not_found') };
  });
}

const renderModal = () =>
  renderRoutes(
    [
      { path: '/start', element: <JoinOrganisationModal opened onClose={() => undefined} /> },
      { path: '/organization', element: <p>organisation page</p> },
    ],
    '/start',
  );

setupSuite({
  before: () => signInAs(null, { workspace: { me: userExistence(null) } }),
  toasts: true,
});

test('the countdown reads minutes and seconds', () => {
  expect(countdown(600_000)).toBe('10:00');
  expect(countdown(59_001)).toBe('1:00');
  expect(countdown(0)).toBe('0:00');
});

test('a bad organisation code is refused with the spec text, a good one sends the one-time code', async () => {
  const calls: Call[] = [];
  server(calls);
  renderModal();
  fireEvent.change(await screen.findByTestId('join-org-code'), { target: { value: 'nope1234' } });
  fireEvent.click(screen.getByTestId('join-send'));
  expect(await screen.findByTestId('join-error')).toHaveTextContent('Enter valid organisation code to continue');
  expect(calls[calls.length - 1]?.body).toEqual({ organization_code: 'NOPE1234' });

  fireEvent.change(screen.getByTestId('join-org-code'), { target: { value: 'acme2345' } });
  fireEvent.click(screen.getByTestId('join-send'));
  expect(await screen.findByTestId('join-sent')).toHaveTextContent('We sent a code to owner@acme.test to join Acme Traders.');
  expect(screen.getByTestId('join-countdown')).toHaveTextContent('The code expires in 10:00');
  expect(screen.getByTestId('join-resend')).toBeDisabled();
});

test('the code runs out: "Code Expired", Join disabled, and a new code after the wait', async () => {
  const calls: Call[] = [];
  server(calls);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    renderModal();
    fireEvent.change(await screen.findByTestId('join-org-code'), { target: { value: 'ACME2345' } });
    fireEvent.click(screen.getByTestId('join-send'));
    await screen.findByTestId('join-sent');
    await act(async () => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('join-resend')).not.toBeDisabled();
    await act(async () => vi.advanceTimersByTime(540_000));
    expect(screen.getByTestId('join-countdown')).toHaveTextContent('Code Expired');
    expect(screen.getByTestId('join-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('join-resend'));
    await waitFor(() => expect(screen.getByTestId('join-countdown')).toHaveTextContent('The code expires in 10:00'));
    expect(calls.filter((c) => c.url.pathname === '/api/organizations/join/code')).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});

test('a wrong code says so; the right one joins and opens the organisation', async () => {
  const calls: Call[] = [];
  server(calls);
  const load = vi.fn(async () => undefined);
  useWorkspace.setState({ load });
  const { router } = renderModal();
  fireEvent.change(await screen.findByTestId('join-org-code'), { target: { value: 'ACME2345' } });
  fireEvent.click(screen.getByTestId('join-send'));
  await screen.findByTestId('join-sent');
  const pin = (code: string) => fireEvent.change(screen.getByTestId('join-otp'), { target: { value: code } });
  pin('999999');
  fireEvent.click(screen.getByTestId('join-submit'));
  expect(await screen.findByTestId('join-error')).toHaveTextContent('That code is not right');

  pin('123456');
  fireEvent.click(screen.getByTestId('join-submit'));
  expect(await screen.findByText('Successfully joined organisation')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/organization'));
  expect(load).toHaveBeenCalledWith('owner@acme.test');
  expect(calls.find((c) => c.url.pathname === '/api/organizations/join')?.body).toEqual({ organization_code: 'ACME2345', code: '999999' });
});
