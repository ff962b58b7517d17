// A list read from the server a page at a time, newest first, with older pages added under it
// ("Load more", "Show 3 older"): the first page is read once per change of the dependencies
// (`useLoad`: its phase, failure and retry), `more()` adds the next page, and a failure of
// either makes the whole list's phase 'error' until `retry` reads the first page again.
import { useState, type DependencyList } from 'react';
import type { Page } from '@/generated/contract';
import { codeOf } from './errorText';
import { useLoad } from './useLoad';

export function useLoadMore<T>(load: ((page: number, signal?: AbortSignal) => Promise<Page<T>>) | null, deps: DependencyList) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  /** The page `more()` asks for. */
  const [next, setNext] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  /** Takes an answer: the first page replaces the lines, a later one is added under them. */
  const take = (answer: Page<T>, added: boolean) => {
    setItems((shown) => (added ? [...shown, ...answer.items] : answer.items));
    setTotal(answer.total);
    setNext(answer.page + 1);
  };
  const first = useLoad(
    load &&
      (async (signal) => {
        setMoreError(null);
        const answer = await load(0, signal);
        take(answer, false);
        return answer;
      }),
    deps,
  );

  async function more() {
    if (!load) return;
    setLoadingMore(true);
    try {
      take(await load(next), true);
    } catch (e) {
      setMoreError(codeOf(e));
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    items,
    total,
    /** More lines than are shown. */
    hasMore: items.length < total,
    phase: moreError !== null ? ('error' as const) : first.phase,
    errorCode: moreError ?? first.errorCode,
    retry: first.retry,
    more,
    loadingMore,
  };
}
