// The sign-in calls: ask for a one-time code by e-mail, then trade the code for a session. The
// session is the HttpOnly cookie the server sets; no answer carries its value.
import { apiFetch } from '@/lib/api';
import type { CodeSent, SignedIn } from '@/generated/contract';

export type VerifyAnswer = SignedIn;

export function requestCode(email: string): Promise<CodeSent> {
  return apiFetch<CodeSent>('/api/auth/code', { method: 'POST', body: { email } });
}

/** `referral` is the code of the friend's link the person came by (`?ref=`), if any. */
export function verifyCode(email: string, code: string, referral?: string | null): Promise<VerifyAnswer> {
  return apiFetch('/api/auth/verify', { method: 'POST', body: referral ? { email, code, referral_code: referral } : { email, code } });
}
