// Who is signed in. The server decides (session cookie); the page only asks. `checking` lasts
// until the first answer, during which guarded routes show the full-screen loader.
import type { SessionUser } from '@/generated/contract';
import { create } from 'zustand';
import { apiFetch, ApiError } from '@/lib/api';
import { clearSessionStorage } from '@/lib/storage';

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

export const useSession = create<SessionState>((set) => ({
  status: 'checking',
  user: null,
  async check() {
    try {
      const { user } = await apiFetch<{ user: SessionUser | null }>(SESSION_PATH);
      set(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
    } catch (e) {
      // Nothing protected can load without the server: treat a failure as signed out.
      if (!(e instanceof ApiError)) throw e;
      set({ status: 'anonymous', user: null });
    }
  },
  signedIn(user) {
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
