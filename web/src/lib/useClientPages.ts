// A list the browser already holds, shown a page at a time: the page (from 0, as the server's
// pages count, and kept within the pages there are when the list shrinks), how many pages there
// are and the page's items. The pager's buttons are PagedTable's `PageButtons`.
import { useState } from 'react';

export function useClientPages<T>(items: readonly T[], perPage: number) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const shownPage = Math.min(page, pages - 1);
  return {
    page: shownPage,
    setPage,
    pages,
    shown: items.slice(shownPage * perPage, (shownPage + 1) * perPage),
  };
}
