// The sign-in calls: ask for a one-time code by e-mail, then trade the code for a session.
import { apiFetch } from '@/lib/api';
import type { SessionUser } from './stores/session';

export interface VerifyAnswer {
  user: SessionUser;
  /** The bearer token for the extension (the web app uses the HttpOnly cookie). */
  token: string;
  /** True when this sign-in created the account. */
  signed_up: boolean;
}

export function requestCode(email: string): Promise<void> {
  return apiFetch('/api/auth/code', { method: 'POST', body: { email } });
}

export function verifyCode(email: string, code: string): Promise<VerifyAnswer> {
  return apiFetch('/api/auth/verify', { method: 'POST', body: { email, code } });
}
