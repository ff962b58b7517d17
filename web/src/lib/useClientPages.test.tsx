// A list the browser holds, a page at a time: the page's items, the pages' count, and a page past
// the end (the list shrank under it) shown as the last one.
import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useClientPages } from './useClientPages';

const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test('pages of the list, from 0', () => {
  const { result } = renderHook(() => useClientPages(items(25), 10));
  expect(result.current.pages).toBe(3);
  expect(result.current.page).toBe(0);
  expect(result.current.shown).toEqual(items(10));
  act(() => result.current.setPage(2));
  expect(result.current.shown).toEqual([21, 22, 23, 24, 25]);
});

test('an empty list is one empty page; a page past the end shows the last', () => {
  const { result, rerender } = renderHook(({ list }) => useClientPages(list, 10), { initialProps: { list: items(25) } });
  act(() => result.current.setPage(2));
  rerender({ list: items(12) });
  expect(result.current.page).toBe(1);
  expect(result.current.shown).toEqual([11, 12]);
  rerender({ list: [] });
  expect(result.current.pages).toBe(1);
  expect(result.current.page).toBe(0);
  expect(result.current.shown).toEqual([]);
});
