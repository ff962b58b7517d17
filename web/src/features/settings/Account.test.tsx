// My Account and the settings against a fake server: the profile with its role, a number
// refused before anything is sent, the photo uploaded and shown at once in the top bar's store,
// a photo address that does not load (or takes over 5 s) logged with the default avatar kept,
// the Free plan's signature locked, a refused switch put back, and the section in the address.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { AccountProfile, AccountSettings, OrgMapping } from '@/generated/contract';
import { PHOTO_TIMEOUT_MS, resetBrokenImages, UserAvatar } from '@/components/UserAvatar';
import { errorBody, renderRoutes, renderWithProviders, setupSuite, signInAs, stubServer, userExistence, type Answer, type Call } from '@/testing/harness';
import { useWorkspace } from '@/stores/workspace';
import SettingsPage from './pages/SettingsPage';

const ACME: OrgMapping = {
  mapping_id: 1,
  org_id: 5,
  role_id: 1,
  team_id: null,
  is_default_org: 1,
  default_org: 1,
  user_status: 2,
  joined_at: null,
  callyzer_organization: { org_id: 5, org_name: 'Acme Traders', organization_code: 'ACME2024' },
};

const profile = (over: Partial<AccountProfile> = {}): AccountProfile => ({
  id: 7,
  email: 'owner@acme.test',
  name: 'Asha',
  profile_pic: null,
  preferred_language: 'en',
  country: 'IN',
  whatsapp_no: null,
  org_id: 5,
  org_name: 'Acme Traders',
  role_id: 1,
  ...over,
});

const settings = (over: Partial<AccountSettings> = {}): AccountSettings => ({
  blur_contacts: false,
  ai_button: true,
  signature: true,
  signature_required: false,
  notifications_enabled: true,
  notification_sound: true,
  ...over,
});

function server(answers: (call: Call) => Answer | undefined = () => undefined) {
  const calls: Call[] = [];
  stubServer(calls, (call) => {
    const own = answers(call);
    if (own) return own;
    const path = call.url.pathname;
    if (path === '/api/account/profile' && call.method === 'GET') return { body: profile() };
    if (path === '/api/account/profile' && call.method === 'PATCH') return { body: profile(call.body as Partial<AccountProfile>) };
    if (path === '/api/account/photo' && call.method === 'POST') return { body: profile({ profile_pic: '/api/account/photos/abc' }) };
    if (path === '/api/account/settings' && call.method === 'GET') return { body: settings() };
    if (path === '/api/account/settings' && call.method === 'PUT') return { body: settings(call.body as Partial<AccountSettings>) };
    if (path === '/api/client-errors') return { status: 204 };
    return { status: 404, body: errorBody('not_found') };
  });
  return calls;
}

/** Images that load when their address says so (`ok`), fail otherwise, or never answer (`slow`). */
function stubImages() {
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(value: string) {
      if (value.includes('slow')) return;
      queueMicrotask(() => (value.includes('ok') || value.includes('photos') ? this.onload?.() : this.onerror?.()));
    }
  }
  vi.stubGlobal('Image', FakeImage);
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/settings', element: <SettingsPage /> },
      { path: '/settings/:id', element: <SettingsPage /> },
      { path: '/settings/billing', element: <p>billing</p> },
    ],
    path,
  );

setupSuite({
  before: () => {
    localStorage.clear();
    resetBrokenImages();
    signInAs(ACME, { workspace: { me: userExistence(ACME, { name: 'Asha' }) } });
  },
  toasts: true,
});

test('My Account shows the role in the organisation and refuses a number without its country code before sending', async () => {
  const calls = server();
  stubImages();
  renderAt('/settings');
  expect(await screen.findByTestId('account-role')).toHaveValue('Admin');
  expect(screen.getByText('Acme Traders')).toBeInTheDocument();
  expect(calls.find((c) => c.url.pathname === '/api/account/profile')?.url.search).toBe('?org_id=5');

  fireEvent.change(screen.getByLabelText(/WhatsApp number/), { target: { value: '98123 45678' } });
  fireEvent.click(screen.getByTestId('save-account'));
  expect(await screen.findByText(/Phone numbers need a country code/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

  fireEvent.change(screen.getByLabelText(/WhatsApp number/), { target: { value: '+91 98123 45678' } });
  fireEvent.click(screen.getByTestId('save-account'));
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  const patch = calls.find((c) => c.method === 'PATCH');
  expect(patch?.body).toEqual({ name: 'Asha', country: 'IN', whatsapp_no: '+91 98123 45678' });
});

test('a field the server refuses is shown under that field', async () => {
  server((call) =>
    call.method === 'PATCH' ? { status: 422, body: errorBody('validation_failed', { country: 'value_invalid' }) } : undefined,
  );
  stubImages();
  renderAt('/settings/account');
  fireEvent.click(await screen.findByTestId('save-account'));
  expect(await screen.findByText('Please enter valid value')).toBeInTheDocument();
});

test('an uploaded photo is shown at once and reaches the top bar', async () => {
  const calls = server();
  stubImages();
  const { container } = renderAt('/settings/account');
  await screen.findByTestId('save-account');
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
  fireEvent.change(input, { target: { files: [file] } });
  expect(await screen.findByText('Your photo is saved.')).toBeInTheDocument();
  const upload = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/account/photo');
  expect(upload?.body).toBe(file);
  expect(useWorkspace.getState().me?.profile_pic).toBe('/api/account/photos/abc');
  await waitFor(() => expect(screen.getByTestId('account-photo')).toHaveAttribute('data-photo', 'photo'));
});

test('a photo over the limit is refused in the page, with the limit', async () => {
  const calls = server();
  stubImages();
  const { container } = renderAt('/settings/account');
  await screen.findByTestId('save-account');
  const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
  fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [big] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('8 MB');
  expect(calls.some((c) => c.url.pathname === '/api/account/photo')).toBe(false);
});

test('a photo address that fails, or does not answer within 5 seconds, is logged and the initial kept', async () => {
  const calls = server();
  stubImages();
  renderWithProviders(<UserAvatar src="https://cdn.example/missing.png" person="Asha" data-testid="a" />);
  await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/client-errors')).toBe(true));
  expect(screen.getByTestId('a')).toHaveAttribute('data-photo', 'initial');
  expect(screen.getByTestId('a')).toHaveTextContent('A');

  vi.useFakeTimers();
  try {
    renderWithProviders(<UserAvatar src="https://cdn.example/slow.png" person="Bo" data-testid="b" />);
    const before = calls.filter((c) => c.url.pathname === '/api/client-errors').length;
    await act(async () => vi.advanceTimersByTime(PHOTO_TIMEOUT_MS - 1));
    expect(calls.filter((c) => c.url.pathname === '/api/client-errors')).toHaveLength(before);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls.filter((c) => c.url.pathname === '/api/client-errors')).toHaveLength(before + 1);
    expect(screen.getByTestId('b')).toHaveAttribute('data-photo', 'initial');
  } finally {
    vi.useRealTimers();
  }

  renderWithProviders(<UserAvatar src="https://cdn.example/ok.png" person="Cy" data-testid="c" />);
  await waitFor(() => expect(screen.getByTestId('c')).toHaveAttribute('data-photo', 'photo'));
});

test('the Free plan keeps the signature on, with the way to turn it off', async () => {
  server((call) => (call.url.pathname === '/api/account/settings' && call.method === 'GET' ? { body: settings({ signature_required: true }) } : undefined));
  stubImages();
  renderAt('/settings/preferences');
  const locked = await screen.findByTestId('signature-locked');
  expect(within(locked).getByRole('link', { name: 'Upgrade to turn it off' })).toHaveAttribute('href', '/settings/billing');
  expect(screen.getByTestId('pref-signature')).toBeDisabled();
});

test('a switch saves as it flips, and goes back when the server refuses', async () => {
  let refuse = false;
  const calls = server((call) =>
    call.method === 'PUT' && refuse ? { status: 402, body: errorBody('not_in_plan') } : undefined,
  );
  stubImages();
  renderAt('/settings/preferences');
  const blur = await screen.findByTestId('pref-blur_contacts');
  fireEvent.click(blur);
  expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    blur_contacts: true,
    ai_button: true,
    signature: true,
    notifications_enabled: true,
    notification_sound: true,
  });
  expect(calls.find((c) => c.method === 'PUT')?.url.search).toBe('?org_id=5');
  await waitFor(() => expect(blur).toBeChecked());

  refuse = true;
  const ai = screen.getByTestId('pref-ai_button');
  await waitFor(() => expect(ai).not.toBeDisabled());
  fireEvent.click(ai);
  expect(ai).not.toBeChecked();
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  await waitFor(() => expect(ai).toBeChecked());
});

test('the section is in the address: an unknown one opens My Account, a tab changes it', async () => {
  server();
  stubImages();
  const { router } = renderAt('/settings/nonsense');
  expect(await screen.findByTestId('save-account')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('settings-tab-preferences'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/settings/preferences'));
  expect(await screen.findByTestId('pref-blur_contacts')).toBeInTheDocument();
});

test('Refer and Earn shows the link and report, names the bad addresses and sends the good ones', async () => {
  const report = {
    code: 'ABCD2345',
    link: 'http://localhost/workspace/signup?ref=ABCD2345',
    invites_sent: 3,
    signed_up: 3,
    earning: 2,
    next_credit_in: 2,
    credits_earned_minor: 100,
    balance_minor: 100,
    credits: [{ amount_minor: 100, currency: 'USD', source: 'referral', note: null, created_at: '2026-11-20T10:00:00Z', applied: false }],
  };
  const calls = server((call) => {
    if (call.url.pathname === '/api/referrals') return { body: report };
    if (call.url.pathname === '/api/referrals/invites') {
      const emails = (call.body as { emails: string[] }).emails;
      return emails.includes('nope')
        ? { status: 422, body: errorBody('validation_failed', { 'emails[1]': 'email_invalid' }) }
        : { body: { sent: emails.length } };
    }
    return undefined;
  });
  stubImages();
  renderAt('/settings/refer');
  expect(await screen.findByTestId('referral-link')).toHaveValue(report.link);
  expect(screen.getByTestId('referral-earned')).toHaveTextContent('$1.00');
  expect(screen.getByText('2 more friends for your next credit.')).toBeInTheDocument();
  expect(screen.getByTestId('credit-history')).toHaveTextContent('Two friends signed up');

  fireEvent.change(screen.getByTestId('referral-emails'), { target: { value: 'bo@friends.test, nope' } });
  fireEvent.click(screen.getByTestId('referral-invite'));
  expect(await screen.findByText('Not valid e-mail addresses: nope')).toBeInTheDocument();
  fireEvent.change(screen.getByTestId('referral-emails'), { target: { value: 'bo@friends.test\ncy@friends.test' } });
  fireEvent.click(screen.getByTestId('referral-invite'));
  expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
  expect(calls.filter((c) => c.url.pathname === '/api/referrals/invites').at(-1)?.body).toEqual({ emails: ['bo@friends.test', 'cy@friends.test'] });
});
