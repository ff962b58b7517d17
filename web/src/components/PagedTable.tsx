// The one shape of a list read from the server: an optional search box, then the failure (with a
// retry), a spinner until the first answer, the list's own empty state, or the table with its
// pager under it. A pager with a total says which rows are shown of how many and offers the
// pages (Mantine's Pagination, labelled for screen readers); one without (the server gives no
// total) offers Previous and Next. Pages count from 0 here, as the server's do.
import { Button, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadState } from '@/lib/useLoad';
import { DataTable } from './DataTable';
import { EmptyState } from './EmptyState';
import { LoadError, LoadingState } from './LoadStates';

export interface Paging {
  page: number;
  perPage: number;
  /** Every row's count; null when the server does not say (Previous and Next only). */
  total: number | null;
  onPage: (page: number) => void;
  /** The test id of the "1–20 of 45" line. */
  rangeTestId?: string;
}

export interface PagedTableProps<T> {
  /** The rows shown (a page of them when paged); null before the first answer. */
  rows: readonly T[] | null | undefined;
  /** The read's phase, failure and retry (`useLoad`, `usePaged`). */
  state: LoadState;
  texts: { loading: string; failed: string; pages?: string };
  search?: {
    label: string;
    placeholder?: string;
    value: string;
    onChange: (text: string) => void;
    /** What an empty answer to a search says, with a button clearing it (and its test id). */
    noMatch?: { title: string; clear: string; testId?: string };
  };
  /** What an empty answer shows (an EmptyState: nothing yet, no more pages). */
  empty: ReactNode;
  /** The header cells (Table.Th). */
  head: ReactNode;
  /** A row (a keyed Table.Tr). */
  row: (item: T) => ReactNode;
  minWidth: number;
  'data-testid': string;
  striped?: boolean;
  /** A small spinner, for lists inside cards. */
  compact?: boolean;
  paging?: Paging;
}

export function PagedTable<T>({ rows, state, texts, search, empty, head, row, minWidth, striped, compact, paging, ...rest }: PagedTableProps<T>) {
  const items = rows ?? [];
  const pending = state.pending ?? state.phase === 'loading';
  const noMatch = search?.noMatch && search.value.trim() && (
    <EmptyState
      icon={<IconSearch size={22} />}
      title={search.noMatch.title}
      action={
        <Button variant="light" onClick={() => search.onChange('')}>
          {search.noMatch.clear}
        </Button>
      }
      data-testid={search.noMatch.testId}
    />
  );
  const body =
    state.phase === 'error' ? (
      <LoadError title={texts.failed} code={state.errorCode} onRetry={state.retry} />
    ) : pending && items.length === 0 ? (
      <LoadingState label={texts.loading} compact={compact} />
    ) : (
      <>
        {items.length === 0 ? (
          noMatch || empty
        ) : (
          <DataTable minWidth={minWidth} head={head} data-testid={rest['data-testid']} striped={striped} aria-busy={state.phase === 'loading'}>
            {items.map(row)}
          </DataTable>
        )}
        {paging && (paging.total === null ? <PrevNext paging={paging} shown={items.length} /> : items.length > 0 && <Pager paging={paging} shown={items.length} label={texts.pages} />)}
      </>
    );
  return (
    <Stack gap="sm">
      {search && (
        <TextInput
          label={search.label}
          placeholder={search.placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.value}
          onChange={(e) => search.onChange(e.currentTarget.value)}
          maw={420}
        />
      )}
      {body}
    </Stack>
  );
}

function Pager({ paging, shown, label }: { paging: Paging; shown: number; label?: string }) {
  const { t, i18n } = useTranslation('common');
  const { page, perPage, onPage } = paging;
  const total = paging.total ?? 0;
  const n = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v);
  const first = total === 0 ? 0 : page * perPage + 1;
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid={paging.rangeTestId ?? 'pager-range'}>
        {t('pager.range', { first: n(first), last: n(page * perPage + shown), total: n(total) })}
      </Text>
      {total > perPage && <PageButtons page={page} pages={Math.max(1, Math.ceil(total / perPage))} onPage={onPage} label={label} />}
    </Group>
  );
}

/** The page buttons (from 0, as the pages count here), each named for screen readers. */
export function PageButtons({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Pagination
      total={pages}
      value={page + 1}
      onChange={(p) => onPage(p - 1)}
      size="sm"
      aria-label={label}
      getControlProps={(control) => ({
        'aria-label': control === 'next' ? t('pager.next') : control === 'previous' ? t('pager.previous') : undefined,
      })}
      getItemProps={(p) => ({ 'aria-label': t('pager.page', { n: p }) })}
    />
  );
}

/** Previous and Next, for a list whose total is not known: shown once there is more than a page. */
function PrevNext({ paging: { page, perPage, onPage }, shown }: { paging: Paging; shown: number }) {
  const { t } = useTranslation('common');
  if (page === 0 && shown < perPage) return null;
  return (
    <Group justify="flex-end" gap="xs">
      <Button size="xs" variant="default" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('pager.page', { n: page + 1 })}
      </Text>
      <Button size="xs" variant="default" disabled={shown < perPage} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </Group>
  );
}
