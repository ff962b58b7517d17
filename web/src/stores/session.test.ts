// The session store against a fake server: besides its state, it keeps the spec's stored
// `authUser` (001 §3) — the signed-in user, never a token — and forgets it when nobody is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Answer, type Call } from '@/testing/harness';
import { readStored } from '@/lib/storage';
import { SESSION_PATH, useSession } from './session';

const user = { id: 7, email: 'owner@acme.test', name: 'Owner' };

function server(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  stubFetch(calls, answer);
  return calls;
}

const storedUser = () => {
  const raw = readStored('authUser');
  return raw === null ? null : (JSON.parse(raw) as unknown);
};

describe('the stored authUser (001 §3, issue #28)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.setState({ status: 'checking', user: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the signed-in user once the session check answers one', async () => {
    const calls = server(() => ({ body: { user } }));
    await useSession.getState().check();
    expect(calls.map((c) => c.url.pathname)).toEqual([SESSION_PATH]);
    expect(useSession.getState().status).toBe('authenticated');
    expect(storedUser()).toEqual(user);
  });

  it('is removed when the check answers nobody, or fails', async () => {
    localStorage.setItem('authUser', JSON.stringify(user));
    server(() => ({ body: { user: null } }));
    await useSession.getState().check();
    expect(readStored('authUser')).toBeNull();

    localStorage.setItem('authUser', JSON.stringify(user));
    server(() => ({ status: 500, body: { error: { code: 'internal', message: 'internal' } } }));
    await useSession.getState().check();
    expect(useSession.getState().status).toBe('anonymous');
    expect(readStored('authUser')).toBeNull();
  });

  it('is written by a sign-in and cleared by logout, with the other stored values', async () => {
    useSession.getState().signedIn(user);
    expect(storedUser()).toEqual(user);
    localStorage.setItem('currentOrgId', '42');
    const calls = server(() => ({ status: 204 }));
    await useSession.getState().logout();
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([['DELETE', SESSION_PATH]]);
    expect(readStored('authUser')).toBeNull();
    expect(readStored('currentOrgId')).toBeNull();
  });

  it('holds who the user is and nothing else (no token)', async () => {
    server(() => ({ body: { user: { ...user, token: 'secret' } } }));
    await useSession.getState().check();
    expect(storedUser()).toEqual(user);
    expect(readStored('authUser')).not.toContain('secret');
  });
});
