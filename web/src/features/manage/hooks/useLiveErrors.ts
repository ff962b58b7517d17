// Live form errors (issue #25): once a field shows an error, every change re-checks the form with
// its domain rule, so the error goes as soon as the field is fixed (and says the new problem when
// it breaks another rule). Fields without an error stay quiet until the form is sent.
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { useManageRules, type ManageRules } from '@/lib/manageDomain';

/** The first problem of the form as the rule sees it: its field and code; null when it passes. */
export type Check<F extends string> = (rules: ManageRules) => { field: F; code: string } | null;

/** The errors after a re-check: each shown field's error replaced by what the rule says now. */
export function recheckErrors<F extends string>(
  shown: Partial<Record<F, string>>,
  found: { field: F; code: string } | null,
  keep: readonly F[] = [],
): Partial<Record<F, string>> {
  let changed = false;
  const next = { ...shown };
  for (const field of Object.keys(shown) as F[]) {
    if (!shown[field] || keep.includes(field)) continue;
    const now = found?.field === field ? found.code : undefined;
    if (now !== shown[field]) {
      next[field] = now;
      changed = true;
    }
  }
  return changed ? next : shown;
}

/**
 * Re-checks the shown errors whenever `values` (the form's fields) change; the check is a closure
 * over them. An error set without a change (the server's answer to a send) stays until the next
 * change. `keep` names fields the rule does not check (the general alert, a server-only field).
 */
export function useLiveErrors<F extends string>(
  values: unknown,
  setErrors: Dispatch<SetStateAction<Partial<Record<F, string>>>>,
  check: Check<F>,
  keep: readonly F[] = [],
): void {
  const { rules } = useManageRules();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!rules) return;
    const key = JSON.stringify(values);
    const previous = last.current;
    last.current = key;
    if (previous === null || previous === key) return;
    const found = check(rules);
    setErrors((shown) => recheckErrors(shown, found, keep));
  });
}
