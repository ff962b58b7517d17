// The harness's fake server: one answer for fetch and uploads alike, every call recorded, and
// uploads that go through until held.
import { expect, test } from 'vitest';
import { apiUpload } from '@/lib/api';
import { setupSuite, stubServer, uploadHolds, type Call } from './harness';

setupSuite();

test('fetch and uploads get the same answer, each call recorded', async () => {
  const calls: Call[] = [];
  stubServer(calls, (c) => ({ body: { path: c.url.pathname } }));
  const answer = await (await fetch('/api/a')).json();
  expect(answer).toEqual({ path: '/api/a' });
  expect(await apiUpload('/api/b', 'bytes')).toEqual({ path: '/api/b' });
  expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/a', 'POST /api/b']);
});

test('held uploads wait at their gates; reset lets the next ones through', async () => {
  const calls: Call[] = [];
  const uploads = uploadHolds();
  stubServer(calls, () => ({ body: 'done' }), uploads.current);
  const held = uploads.hold();
  let answered = false;
  const upload = apiUpload('/api/file', 'bytes').then((a) => {
    answered = true;
    return a;
  });
  await new Promise((r) => setTimeout(r, 0));
  expect(answered).toBe(false);
  held.sent.open();
  held.answered.open();
  expect(await upload).toBe('done');
  uploads.reset();
  expect(await apiUpload('/api/file', 'bytes')).toBe('done');
});
