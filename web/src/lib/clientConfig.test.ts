// The server's run-time configuration for the web app: asked once, shared by every caller, a
// failure answered by the fallback (no extension, our own contact pages) and asked again later.
import { afterEach, expect, test, vi } from 'vitest';
import { clientConfig, FALLBACK_CLIENT_CONFIG, linkWithText, resetClientConfig } from './clientConfig';
import { extensionIds } from './extension';

afterEach(() => {
  vi.unstubAllGlobals();
  resetClientConfig();
  localStorage.clear();
});

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

test('asked once however many ask, and its extension ids come after a remembered one', async () => {
  const fetch = answer({ extension_ids: ['aaaabbbbccccddddeeeeffffgggghhhh'], support_url: 'https://s.example/', demo_url: '/d' });
  vi.stubGlobal('fetch', fetch);
  const [a, b] = await Promise.all([clientConfig(), clientConfig()]);
  expect(a).toEqual(b);
  expect(fetch).toHaveBeenCalledTimes(1);
  localStorage.setItem('extensionIdToSendMessageTo', 'ppppoooonnnnmmmmllllkkkkjjjjiiii');
  expect(await extensionIds()).toEqual(['ppppoooonnnnmmmmllllkkkkjjjjiiii', 'aaaabbbbccccddddeeeeffffgggghhhh']);
});

test('a server that cannot answer gives the fallback, and is asked again next time', async () => {
  vi.stubGlobal('fetch', answer({ error: { code: 'internal', message: 'x' } }, 500));
  expect(await clientConfig()).toEqual(FALLBACK_CLIENT_CONFIG);
  expect(await extensionIds()).toEqual([]);
  vi.stubGlobal('fetch', answer({ extension_ids: ['aaaabbbbccccddddeeeeffffgggghhhh'], support_url: '', demo_url: 5 }));
  // Empty or mistyped links keep the fallback's.
  expect(await clientConfig()).toEqual({ ...FALLBACK_CLIENT_CONFIG, extension_ids: ['aaaabbbbccccddddeeeeffffgggghhhh'] });
});

test('a link keeps its own parameters and stays a path when it is one of ours', () => {
  expect(linkWithText('/feedback/contact', 'Hi there')).toBe('/feedback/contact?text=Hi+there');
  expect(linkWithText('https://wa.me/15550001111?lang=en', 'Hi')).toBe('https://wa.me/15550001111?lang=en&text=Hi');
});
