// Who is signed in. The server decides (session cookie); the page only asks. `checking` lasts
// until the first answer, during which guarded routes show the full-screen loader. The signed-in
// user is also kept as the spec's stored `authUser` (001 §3) — who, never a token.
import type { SessionUser } from '@/generated/contract';
import { create } from 'zustand';
import { apiFetch, ApiError } from '@/lib/api';
import { clearSessionStorage, writeStored } from '@/lib/storage';

export type { SessionUser };

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  check: () => Promise<void>;
  signedIn: (user: SessionUser) => void;
  logout: () => Promise<void>;
}

/** Our own path (not an original extension call): `{ user }`, null when signed out. */
export const SESSION_PATH = '/api/auth/session';

/** 001 §3 `authUser`: the signed-in user as JSON (`{ id, email, name }`), removed when nobody is. */
function rememberUser(user: SessionUser | null) {
  writeStored('authUser', user ? JSON.stringify({ id: user.id, email: user.email, name: user.name }) : null);
}

export const useSession = create<SessionState>((set) => ({
  status: 'checking',
  user: null,
  async check() {
    try {
      const { user } = await apiFetch<{ user: SessionUser | null }>(SESSION_PATH);
      rememberUser(user);
      set(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
    } catch (e) {
      // Nothing protected can load without the server: treat a failure as signed out.
      if (!(e instanceof ApiError)) throw e;
      rememberUser(null);
      set({ status: 'anonymous', user: null });
    }
  },
  signedIn(user) {
    rememberUser(user);
    set({ status: 'authenticated', user });
  },
  async logout() {
    try {
      await apiFetch(SESSION_PATH, { method: 'DELETE' });
    } catch {
      // Logout errors are logged only (spec 000 §8); the local state is cleared regardless.
    }
    clearSessionStorage();
    set({ status: 'anonymous', user: null });
  },
}));
