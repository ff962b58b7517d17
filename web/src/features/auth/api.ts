// The sign-in calls: ask for a one-time code by e-mail, then trade the code for a session.
import { apiFetch } from '@/lib/api';
import type { SessionUser } from './stores/session';

export interface VerifyAnswer {
  user: SessionUser;
  /** True when this sign-in created the account. */
  is_new?: boolean;
}

export function requestCode(email: string): Promise<void> {
  return apiFetch('/api/auth/code', { method: 'POST', body: { email } });
}

export function verifyCode(email: string, code: string): Promise<VerifyAnswer> {
  return apiFetch('/api/auth/verify', { method: 'POST', body: { email, code } });
}
