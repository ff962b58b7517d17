// A contact's timeline as its section reads it: the newest page once per contact (and again on
// `reload`, after a note or task is added: the older pages shown are dropped), and `older()`
// adding the next page under the shown entries. A failed older page keeps what is shown and its
// button; a failed first page is the section's failure, with its retry.
import { useState } from 'react';
import type { TimelineItem } from '@/generated/contract';
import { codeOf } from '@/lib/errorText';
import { useLoad } from '@/lib/useLoad';
import { fetchTimeline } from './timelineApi';
import { appendPage } from './timelineLogic';

interface Older {
  items: TimelineItem[];
  next: string | null;
}

export function useTimeline(orgId: number, contactId: number) {
  const [reads, setReads] = useState(0);
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const first = useLoad((signal) => fetchTimeline(orgId, contactId, null, signal), [orgId, contactId, reads]);

  const items = first.data ? appendPage(first.data.items, older?.items ?? []) : [];
  const next = older ? older.next : (first.data?.next ?? null);

  /** Reads the newest page again, the older ones shown dropped. */
  const reload = () => {
    setOlder(null);
    setReads((n) => n + 1);
  };

  /** Adds the page older than the shown entries; resolves to the failure's code, or null. */
  async function loadOlder(): Promise<string | null> {
    if (!next || loadingOlder) return null;
    setLoadingOlder(true);
    try {
      const page = await fetchTimeline(orgId, contactId, next);
      setOlder((o) => ({ items: [...(o?.items ?? []), ...page.items], next: page.next ?? null }));
      return null;
    } catch (e) {
      return codeOf(e);
    } finally {
      setLoadingOlder(false);
    }
  }

  return {
    phase: first.phase,
    errorCode: first.errorCode,
    /** Whether a first page was read (the entries stay shown while it is read again). */
    read: first.data !== null,
    items,
    hasOlder: next !== null,
    loadingOlder,
    loadOlder,
    reload,
    retry: reload,
  };
}
