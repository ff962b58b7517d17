// Whether an operator admin is signed in. The server decides (the HttpOnly `sb_admin` cookie);
// the page only asks, once, and hears when an operator call answers 401. This session is
// separate from a user's: a signed-in user is not an operator, and the reverse.
import { create } from 'zustand';
import type { AdminMe } from '@/generated/contract';
import { currentAdmin, signIn, signOut, whenSessionLost } from '../api';

export type AdminStatus = 'unknown' | 'checking' | 'signed_in' | 'signed_out';

interface AdminSessionState {
  status: AdminStatus;
  admin: AdminMe | null;
  /** Set when the session ended on its own (expiry), to say so on the sign-in form. */
  expired: boolean;
  check: () => Promise<void>;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

export const useAdminSession = create<AdminSessionState>((set) => ({
  status: 'unknown',
  admin: null,
  expired: false,
  async check() {
    set({ status: 'checking' });
    try {
      const admin = await currentAdmin();
      set(admin ? { status: 'signed_in', admin } : { status: 'signed_out', admin: null });
    } catch {
      // The server could not answer: nothing of the panel can load without it.
      set({ status: 'signed_out', admin: null });
    }
  },
  async signIn(email, password) {
    const admin = await signIn(email, password);
    set({ status: 'signed_in', admin, expired: false });
  },
  async signOut() {
    try {
      await signOut();
    } catch {
      // The cookie may already be gone; the screen signs out regardless.
    }
    set({ status: 'signed_out', admin: null, expired: false });
  },
}));

whenSessionLost(() => {
  if (useAdminSession.getState().status === 'signed_in') {
    useAdminSession.setState({ status: 'signed_out', admin: null, expired: true });
  }
});
