// The paged table on its own: the pager with a total (the range, a page chosen) and without
// one (Previous and Next), the list's empty state, a failure with its retry, and a search read
// once typing pauses (usePaged's debounce), back on the first page, with a "no match" state
// that clears the search.
import { Table } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { usePaged, type LoadState, type PageQuery } from '@/lib/useLoad';
import { renderWithProviders, setupSuite } from '@/testing/harness';
import { EmptyState } from './EmptyState';
import { PagedTable, type Paging } from './PagedTable';

setupSuite();

/** One column of names, a row each. */
const nameColumn = {
  head: <Table.Th>Name</Table.Th>,
  row: (r: string) => (
    <Table.Tr key={r} data-testid="row">
      <Table.Td>{r}</Table.Td>
    </Table.Tr>
  ),
  minWidth: 300,
};

const ready: LoadState = { phase: 'ready', errorCode: null, retry: () => undefined };
const names = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `Row ${from + i}`);

function Plain({ rows, state = ready, paging }: { rows: string[] | null; state?: LoadState; paging?: Paging }) {
  return (
    <PagedTable
      rows={rows}
      state={state}
      texts={{ loading: 'Loading the rows…', failed: 'The rows could not be loaded', pages: 'Row pages' }}
      empty={<EmptyState title="No rows yet" data-testid="rows-empty" />}
      {...nameColumn}
      data-testid="rows"
      paging={paging}
    />
  );
}

test('a page of rows says which are shown of how many, and a page chosen is asked for from 0', () => {
  const onPage = vi.fn();
  renderWithProviders(<Plain rows={names(20, 21)} paging={{ page: 1, perPage: 20, total: 45, onPage }} />);
  expect(screen.getAllByTestId('row')).toHaveLength(20);
  expect(screen.getByTestId('pager-range')).toHaveTextContent('21–40 of 45');
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(onPage).toHaveBeenCalledWith(2);
  fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(onPage).toHaveBeenLastCalledWith(0);
});

test('one page needs no page buttons; the range line may carry its own test id', () => {
  renderWithProviders(<Plain rows={names(3)} paging={{ page: 0, perPage: 20, total: 3, onPage: () => undefined, rangeTestId: 'history-range' }} />);
  expect(screen.getByTestId('history-range')).toHaveTextContent('1–3 of 3');
  expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
});

test('without a total: Previous and Next, Next off on a short page', () => {
  const onPage = vi.fn();
  renderWithProviders(<Plain rows={names(2)} paging={{ page: 0, perPage: 2, total: null, onPage }} />);
  expect(screen.getByText('Page 1')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(onPage).toHaveBeenCalledWith(1);
  cleanup();
  renderWithProviders(<Plain rows={names(1, 3)} paging={{ page: 1, perPage: 2, total: null, onPage }} />);
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(onPage).toHaveBeenLastCalledWith(0);
});

test('a first short page without a total shows no pager', () => {
  renderWithProviders(<Plain rows={names(1)} paging={{ page: 0, perPage: 2, total: null, onPage: () => undefined }} />);
  expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
});

test('loading shows the named spinner; an empty answer shows the list’s empty state, no table', () => {
  renderWithProviders(<Plain rows={null} state={{ ...ready, phase: 'loading' }} />);
  expect(screen.getByLabelText('Loading the rows…')).toBeInTheDocument();
  cleanup();
  renderWithProviders(<Plain rows={[]} paging={{ page: 0, perPage: 20, total: 0, onPage: () => undefined }} />);
  expect(screen.getByTestId('rows-empty')).toHaveTextContent('No rows yet');
  expect(screen.queryByTestId('rows')).toBeNull();
  expect(screen.queryByTestId('pager-range')).toBeNull();
});

test('rows stay shown, marked busy, while the next page loads', () => {
  renderWithProviders(<Plain rows={names(2)} state={{ ...ready, phase: 'loading' }} />);
  expect(screen.getByTestId('rows')).toHaveAttribute('aria-busy', 'true');
});

test('a failure says what could not be loaded and why, and Try again reads again', () => {
  const retry = vi.fn();
  renderWithProviders(<Plain rows={names(2)} state={{ phase: 'error', errorCode: 'network', retry }} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('The rows could not be loaded');
  expect(screen.queryByTestId('rows')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

const PEOPLE = ['Asha Rao', 'Priya Sharma', 'Mateo Silva', 'Ana Lima', 'Nia Park'];

function Searched({ load }: { load: (q: PageQuery, signal: AbortSignal) => Promise<{ items: string[]; total: number }> }) {
  const list = usePaged(load, 2);
  return (
    <PagedTable
      rows={list.data?.items}
      state={list}
      texts={{ loading: 'Loading the people…', failed: 'The people could not be loaded', pages: 'People pages' }}
      search={{ label: 'Search people', value: list.search, onChange: list.setSearch, noMatch: { title: 'Nobody matches', clear: 'Clear the search', testId: 'people-empty' } }}
      empty={<EmptyState title="Nobody yet" data-testid="people-empty" />}
      {...nameColumn}
      data-testid="people"
      paging={{ page: list.page, perPage: 2, total: list.data?.total ?? 0, onPage: list.setPage }}
    />
  );
}

test('the search is sent once typing pauses, from the first page; no match offers to clear it', async () => {
  const load = vi.fn(async ({ q = '', page, perPage }: PageQuery) => {
    const found = PEOPLE.filter((p) => p.toLowerCase().includes(q.toLowerCase()));
    return { items: found.slice(page * perPage, (page + 1) * perPage), total: found.length };
  });
  renderWithProviders(<Searched load={load} />);
  await waitFor(() => expect(screen.getByTestId('pager-range')).toHaveTextContent('1–2 of 5'));
  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(screen.getByTestId('pager-range')).toHaveTextContent('3–4 of 5'));

  const box = screen.getByRole('textbox', { name: 'Search people' });
  fireEvent.change(box, { target: { value: 'S' } });
  fireEvent.change(box, { target: { value: 'Si' } });
  fireEvent.change(box, { target: { value: 'Sil' } });
  await waitFor(() => expect(screen.getAllByTestId('row').map((r) => r.textContent)).toEqual(['Mateo Silva']));
  const asked = load.mock.calls.map(([q]) => q);
  expect(asked.filter((q) => q.q)).toEqual([{ q: 'Sil', page: 0, perPage: 2 }]);

  fireEvent.change(box, { target: { value: 'Zed' } });
  const empty = await screen.findByText('Nobody matches');
  expect(screen.getByTestId('people-empty')).toContainElement(empty);
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
  await waitFor(() => expect(screen.getByTestId('pager-range')).toHaveTextContent('1–2 of 5'));
});

test('a failed read retries through usePaged', async () => {
  let fail = true;
  const load = vi.fn(async () => {
    if (fail) throw new ApiError(500, 'internal');
    return { items: ['Asha Rao'], total: 1 };
  });
  renderWithProviders(<Searched load={load} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The people could not be loaded');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(1));
});
