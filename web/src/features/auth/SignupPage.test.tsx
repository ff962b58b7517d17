// The sign-in page's messages (issue #25): a wrong code says the code is wrong (the field's rule,
// not "check the highlighted fields"), and asking for a code too soon says how long to wait (the
// server's Retry-After), counting down.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, vi } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { retryAfterSeconds } from '@/lib/api';
import { useSession } from '@/stores/session';
import SignupPage from './pages/SignupPage';

setupSuite({
  after: () => {
    vi.useRealTimers();
  },
});

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function stubFetch(answer: (path: string) => Answer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const a = answer(path);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json', ...a.headers } });
    }),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/workspace/signup', element: <SignupPage /> }], {
    initialEntries: ['/workspace/signup'],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText(/Work e-mail/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send me a sign-in code' }));
};

beforeEach(() => useSession.setState({ status: 'anonymous', user: null }));
test('a wrong code says the code is wrong, not "check the highlighted fields"', async () => {
  stubFetch((path) =>
    path === '/api/auth/code'
      ? { status: 200, body: { email: 'a@b.co', expires_in_ms: 600_000, resend_after_ms: 60_000 } }
      : { status: 422, body: { error: { code: 'validation_failed', message: 'code', fields: { code: 'otp_invalid' } } } },
  );
  renderPage();
  ask('a@b.co');
  const first = (await screen.findAllByRole('textbox', { name: 'Sign-in code' }))[0]!;
  fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Enter the 6-digit code from the latest e-mail.');
  expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
});

test('asking for a code too soon says how long to wait, and counts down', async () => {
  stubFetch(() => ({
    status: 429,
    body: { error: { code: 'rate_limited', message: 'wait 42 s before asking for another code' } },
    headers: { 'retry-after': '42' },
  }));
  renderPage();
  ask('a@b.co');
  expect(await screen.findByText('A code was sent a moment ago. You can ask for another in 42 s.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send me a sign-in code' })).toBeDisabled();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 1100));
  });
  expect(screen.getByText('A code was sent a moment ago. You can ask for another in 41 s.')).toBeInTheDocument();
});

test('Retry-After is read in seconds or as a date', () => {
  expect(retryAfterSeconds('42')).toBe(42);
  expect(retryAfterSeconds(new Date(10_000).toUTCString(), 0)).toBe(10);
  expect(retryAfterSeconds(null)).toBeNull();
  expect(retryAfterSeconds('soon')).toBeNull();
});
