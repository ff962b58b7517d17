// The settings screen's browser-extension section against a fake server and a stand-in for the
// extension bridge: connecting hands a freshly minted token to the extension and keeps nothing;
// an extension that does not answer leaves no token behind; a connected one is listed and can
// be disconnected; a token near its end is replaced by a fresh one the extension takes when the
// page opens, and left alone when no extension answers.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, test, vi } from 'vitest';
import type { ExtensionTokenInfo, MintedExtensionToken } from '@/generated/contract';
import { resetClientConfig } from '@/lib/clientConfig';
import { setupSuite } from '@/testing/harness';
import SettingsPage from './pages/SettingsPage';
import { EXTENSION_TOKEN_MESSAGE } from './components/ExtensionAccess';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const DAY = 86_400_000;

function fakeServer(initial: ExtensionTokenInfo[] = [], extensionIds: string[] | null = null) {
  const calls: Call[] = [];
  let tokens = [...initial];
  let next = 10;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status });
      if (url.pathname === '/api/client-config' && extensionIds !== null) {
        return json(200, { extension_ids: extensionIds, support_url: '/feedback/contact', demo_url: '/feedback/demo' });
      }
      if (url.pathname === '/api/auth/extension-tokens' && method === 'GET') return json(200, { tokens });
      if (url.pathname === '/api/auth/extension-tokens' && method === 'POST') {
        const info: ExtensionTokenInfo = {
          id: next++,
          name: (body as { name: string }).name,
          created_at: Date.now(),
          expires_at: Date.now() + 365 * DAY,
          last_used_at: null,
        };
        tokens = [info, ...tokens];
        const minted: MintedExtensionToken = { token: `sbx_${'ab'.repeat(32)}`, info };
        return json(201, minted);
      }
      const m = /^\/api\/auth\/extension-tokens\/(\d+)$/.exec(url.pathname);
      if (m && method === 'DELETE') {
        tokens = tokens.filter((t) => t.id !== Number(m[1]));
        return new Response(null, { status: 204 });
      }
      return json(404, { error: { code: 'not_found', message: 'no route' } });
    }),
  );
  return calls;
}

/** A stand-in for chrome.runtime: records messages and answers when `answers` is true. */
function fakeExtension(answers: boolean, remembered: string | null = 'test-extension', to: string[] = []) {
  const sent: unknown[] = [];
  if (remembered) localStorage.setItem('extensionIdToSendMessageTo', remembered);
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage(id: string, message: unknown, callback: (reply: unknown) => void) {
        to.push(id);
        sent.push(message);
        if (answers) window.setTimeout(() => callback({ ok: true }), 0);
      },
    },
  });
  return sent;
}

function renderPage() {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter initialEntries={['/settings/extension']}>
        <Routes>
          <Route path="/settings/:id" element={<SettingsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

setupSuite({
  before: () => {
    localStorage.clear();
    resetClientConfig();
  },
  toasts: true,
});

test('connecting hands a new token to the extension, lists it and shows no token on the page', async () => {
  const calls = fakeServer();
  const sent = fakeExtension(true);
  renderPage();
  expect(await screen.findByTestId('extension-tokens-empty')).toHaveTextContent('No extension is connected yet.');
  fireEvent.click(screen.getByRole('button', { name: 'Connect the extension' }));
  expect(await screen.findByText('The extension is connected.')).toBeInTheDocument();
  expect(sent).toEqual([
    { type: EXTENSION_TOKEN_MESSAGE, token: `sbx_${'ab'.repeat(32)}`, expires_at: expect.any(Number) as number },
  ]);
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Browser extension' });
  const table = await screen.findByTestId('extension-tokens');
  expect(within(table).getByText('Browser extension')).toBeInTheDocument();
  expect(within(table).getByText('Never')).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('sbx_');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
});

test('a token no extension took is revoked at once and the person is told why', async () => {
  const calls = fakeServer();
  const sent = fakeExtension(false);
  renderPage();
  await screen.findByTestId('extension-tokens-empty');
  fireEvent.click(screen.getByRole('button', { name: 'Connect the extension' }));
  expect(
    await screen.findByText('The extension did not answer. Install it or open WhatsApp Web in this browser, then try again.', {}, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/auth/extension-tokens/10']));
  expect(await screen.findByTestId('extension-tokens-empty')).toBeInTheDocument();
});

test('a connected extension is disconnected after confirming', async () => {
  const calls = fakeServer([
    { id: 3, name: 'Chrome at work', created_at: Date.now() - 3 * DAY, expires_at: Date.now() + 300 * DAY, last_used_at: Date.now() - DAY },
  ]);
  fakeExtension(true);
  renderPage();
  const table = await screen.findByTestId('extension-tokens');
  fireEvent.click(within(table).getByRole('button', { name: 'Disconnect Chrome at work' }));
  const dialog = await screen.findByRole('dialog', { name: 'Disconnect this extension?' });
  expect(within(dialog).getByText('Chrome at work will stop working until you connect it again.')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
  expect(await screen.findByText('The extension is disconnected.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/auth/extension-tokens/3']);
  expect(await screen.findByTestId('extension-tokens-empty')).toBeInTheDocument();
});

test('a list that cannot be loaded says so and can be tried again', async () => {
  let fail = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      fail
        ? new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 })
        : new Response(JSON.stringify({ tokens: [] }), { status: 200 }),
    ),
  );
  renderPage();
  expect(await screen.findByText('The connected extensions could not be loaded.')).toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('extension-tokens-empty')).toBeInTheDocument();
});

test('a token near its end is renewed through the extension when the page opens', async () => {
  const calls = fakeServer([
    { id: 4, name: 'Chrome at home', created_at: Date.now() - 27 * DAY, expires_at: Date.now() + 3 * DAY, last_used_at: Date.now() - DAY },
    { id: 5, name: 'Chrome at work', created_at: Date.now() - 2 * DAY, expires_at: Date.now() + 28 * DAY, last_used_at: null },
  ]);
  const sent = fakeExtension(true);
  renderPage();
  expect(await screen.findByText("The extension's access was renewed.")).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Chrome at home' }]);
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/auth/extension-tokens/4']);
  expect(sent).toHaveLength(1);
  const table = await screen.findByTestId('extension-tokens');
  await waitFor(() => expect(within(table).getAllByText('Chrome at home')).toHaveLength(1));
  expect(within(table).getByText('Chrome at work')).toBeInTheDocument();
});

test('without an extension answering, a token near its end is left as it is', async () => {
  const calls = fakeServer([
    { id: 4, name: 'Chrome at home', created_at: Date.now() - 27 * DAY, expires_at: Date.now() + 3 * DAY, last_used_at: null },
  ]);
  fakeExtension(false);
  renderPage();
  await screen.findByTestId('extension-tokens');
  // The fresh token nobody took is revoked; the old one stays.
  await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/auth/extension-tokens/10']), {
    timeout: 4000,
  });
  expect(screen.queryByText("The extension's access was renewed.")).not.toBeInTheDocument();
});

test('with no extension id configured or remembered the section says so and connecting is off', async () => {
  const calls = fakeServer([], []);
  renderPage();
  expect(await screen.findByTestId('extension-unconfigured')).toHaveTextContent('This server has no browser extension configured');
  expect(screen.getByRole('button', { name: 'Connect the extension' })).toBeDisabled();
  expect(calls.filter((c) => c.path === '/api/client-config')).toHaveLength(1);
});

test('the extension ids the server names are the ones messaged', async () => {
  fakeServer([], ['aaaabbbbccccddddeeeeffffgggghhhh', 'ppppoooonnnnmmmmllllkkkkjjjjiiii']);
  const to: string[] = [];
  fakeExtension(true, null, to);
  renderPage();
  await screen.findByTestId('extension-tokens-empty');
  fireEvent.click(screen.getByRole('button', { name: 'Connect the extension' }));
  expect(await screen.findByText('The extension is connected.')).toBeInTheDocument();
  expect(to).toEqual(['aaaabbbbccccddddeeeeffffgggghhhh', 'ppppoooonnnnmmmmllllkkkkjjjjiiii']);
  expect(screen.queryByTestId('extension-unconfigured')).not.toBeInTheDocument();
});
