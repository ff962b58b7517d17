// A server-paged list: loads page `page` (from 0) for the search text, debounced while typing,
// with loading, error (and retry) states. Changing the search goes back to the first page.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { codeOf } from '@/lib/errorText';
import type { PageQuery } from '../api';

export const SEARCH_DEBOUNCE_MS = 300;

export type Phase = 'loading' | 'ready' | 'error';

export function usePaged<T>(load: (q: PageQuery, signal: AbortSignal) => Promise<T>, perPage: number) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<T | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setPhase('loading');
    load({ q: debounced, page, perPage }, ctl.signal)
      .then((d) => {
        setData(d);
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      });
    return () => ctl.abort();
    // `load` is a module function; the list reloads on the query, the page or a retry.
  }, [debounced, page, perPage, attempt]);

  return {
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(0);
    },
    page,
    setPage,
    data,
    setData,
    phase,
    /** Loading, or a search typed but not sent yet: an empty list is not an answer yet. */
    pending: phase === 'loading' || search !== debounced,
    errorCode,
    retry: () => setAttempt((n) => n + 1),
  };
}
