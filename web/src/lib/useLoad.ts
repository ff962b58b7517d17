// Reading something from the server for a screen: the answer, its phase (loading, ready, error),
// the failure's code and a retry. `useLoad` reads once per change of its dependencies (a null
// loader waits: nothing to read yet); `usePaged` reads a server page for a search text, debounced
// while typing, and goes back to the first page when the search changes. A call the screen no
// longer wants is aborted, and its failure ignored.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type DependencyList } from 'react';
import { codeOf } from './errorText';

export const SEARCH_DEBOUNCE_MS = 300;

export type Phase = 'loading' | 'ready' | 'error';

/** What a paged list asks the server for: the search text, the page (from 0) and its size. */
export interface PageQuery {
  q?: string;
  page: number;
  perPage: number;
}

export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList) {
  const [data, setData] = useState<T | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!load) return;
    const ctl = new AbortController();
    setPhase('loading');
    load(ctl.signal)
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
    // The caller names what the read depends on; `load` is made anew on every render.
  }, [...deps, attempt]);

  return { data, setData, phase, errorCode, retry: () => setAttempt((n) => n + 1) };
}

export function usePaged<T>(load: (q: PageQuery, signal: AbortSignal) => Promise<T>, perPage: number) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const read = useLoad((signal) => load({ q: debounced, page, perPage }, signal), [debounced, page, perPage]);

  return {
    ...read,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(0);
    },
    page,
    setPage,
    /** Loading, or a search typed but not sent yet: an empty list is not an answer yet. */
    pending: read.phase === 'loading' || search !== debounced,
  };
}

/** A list read by `useLoad` or `usePaged`, as the paged table shows it. */
export type LoadState = Pick<ReturnType<typeof useLoad>, 'phase' | 'errorCode' | 'retry'> & { pending?: boolean };
