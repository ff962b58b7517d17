// `/leads?contact=<id>` (the team inbox's Lead panel links here): that contact is read and opens
// in the drawer; closing the drawer takes the parameter off, so going back does not open it again.
// A contact the caller does not see (or a failed read) is said in a toast, and the table stays.
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Contact } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { fetchContact } from './api';

export const CONTACT_PARAM = 'contact';

/** Opens the contact the address names with `open`; returns what takes the parameter off. */
export function useContactParam(orgId: number | null, open: (c: Contact) => void) {
  const codeText = useCodeText();
  const [params, setParams] = useSearchParams();
  const raw = params.get(CONTACT_PARAM);
  const id = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;

  useEffect(() => {
    if (orgId === null || id === null) return;
    const ctl = new AbortController();
    fetchContact(orgId, id, ctl.signal).then(open, (e: unknown) => {
      if (!ctl.signal.aborted) toast.error(codeText(codeOf(e)));
    });
    return () => ctl.abort();
    // Read once per contact named; the toast's text may change without reading again.
  }, [orgId, id, open]);

  return useCallback(() => {
    setParams(
      (now) => {
        if (!now.has(CONTACT_PARAM)) return now;
        const next = new URLSearchParams(now);
        next.delete(CONTACT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
}
