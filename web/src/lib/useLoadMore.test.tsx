// A list read a page at a time: the first page once, each `more()` adding the next under it, the
// total saying whether there is more; a failure (of either) the list's error until a retry reads
// the first page again.
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Page } from '@/generated/contract';
import { ApiError } from './api';
import { useLoadMore } from './useLoadMore';

const PER_PAGE = 2;
const ALL = ['a', 'b', 'c', 'd', 'e'];
const pageOf = (page: number): Page<string> => ({ items: ALL.slice(page * PER_PAGE, (page + 1) * PER_PAGE), total: ALL.length, page, per_page: PER_PAGE });

test('the first page, then the next ones added under it until there is no more', async () => {
  const load = vi.fn(async (page: number) => pageOf(page));
  const { result } = renderHook(() => useLoadMore(load, []));
  await waitFor(() => expect(result.current.phase).toBe('ready'));
  expect(result.current.items).toEqual(['a', 'b']);
  expect(result.current.hasMore).toBe(true);
  await act(() => result.current.more());
  await act(() => result.current.more());
  expect(result.current.items).toEqual(ALL);
  expect(result.current.total).toBe(5);
  expect(result.current.hasMore).toBe(false);
  expect(load.mock.calls.map(([page]) => page)).toEqual([0, 1, 2]);
});

test('a failed page is the list’s failure; a retry reads the first page again', async () => {
  let fail = false;
  const load = vi.fn(async (page: number) => {
    if (fail) throw new ApiError(503, 'unavailable');
    return pageOf(page);
  });
  const { result } = renderHook(() => useLoadMore(load, []));
  await waitFor(() => expect(result.current.phase).toBe('ready'));
  fail = true;
  await act(() => result.current.more());
  expect(result.current.phase).toBe('error');
  expect(result.current.errorCode).toBe('unavailable');
  expect(result.current.loadingMore).toBe(false);
  fail = false;
  act(() => result.current.retry());
  await waitFor(() => expect(result.current.phase).toBe('ready'));
  expect(result.current.items).toEqual(['a', 'b']);
  expect(load.mock.calls.at(-1)?.[0]).toBe(0);
});

test('no loader: nothing is read', () => {
  const { result } = renderHook(() => useLoadMore<string>(null, []));
  expect(result.current.phase).toBe('loading');
  expect(result.current.items).toEqual([]);
});
