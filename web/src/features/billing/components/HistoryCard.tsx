// The billing history card (issue #25): a page of lines from the server, each a translated
// sentence with its details, dated to the minute in the organisation's zone (the browser's for a
// personal workspace), with the pages under it.
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { useLoad } from '@/lib/useLoad';
import { fetchHistory, HISTORY_PER_PAGE, type Payer } from '../api';
import { historyLine } from '../history';
import { formatDateTime, usableZone } from '../logic';

interface Props {
  payer: Payer;
  /** The organisation's zone; null for a personal workspace (the browser's zone). */
  timeZone: string | null;
  /** Changes when the billing changed (a seat change, a refresh): the first page is read again. */
  version: number;
}

export function HistoryCard({ payer, timeZone, version }: Props) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const key = JSON.stringify(payer);
  // The page chosen, for this payer and version of the billing; back to the first otherwise.
  const [chosen, setChosen] = useState({ of: '', page: 0 });
  const of = `${key}:${version}`;
  const page = chosen.of === of ? chosen.page : 0;
  const setPage = (p: number) => setChosen({ of, page: p });

  const read = useLoad((signal) => fetchHistory(JSON.parse(key) as Payer, page, signal), [key, page, version]);

  const zone = usableZone(timeZone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {t('page.history')}
          </Title>
          <Text size="xs" c="dimmed" data-testid="history-zone">
            {timeZone ? t('page.history_times', { zone }) : t('page.history_times_browser', { zone })}
          </Text>
        </Group>
        <PagedTable
          rows={read.data?.items}
          state={read}
          texts={{ loading: t('page.history_loading'), failed: t('page.history_failed'), pages: t('page.history_pages') }}
          compact
          empty={
            <EmptyState compact title={t('page.history_empty')} data-testid="history-empty">
              {t('page.history_hint')}
            </EmptyState>
          }
          minWidth={560}
          data-testid="history"
          paging={{ page, perPage: read.data?.per_page ?? HISTORY_PER_PAGE, total: read.data?.total ?? 0, onPage: setPage, rangeTestId: 'history-range' }}
          head={
            <>
              <Table.Th>{t('page.col_when')}</Table.Th>
              <Table.Th>{t('page.col_event')}</Table.Th>
              <Table.Th>{t('page.col_details')}</Table.Th>
            </>
          }
          row={(h) => {
            const line = historyLine(h, t, lang, timeZone);
            return (
              <Table.Tr key={h.id} data-testid="history-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.at, lang, timeZone)}</Table.Td>
                <Table.Td>{line.sentence}</Table.Td>
                <Table.Td>
                  {line.details.length === 0
                    ? '—'
                    : line.details.map((d) => (
                        <Text key={d} size="sm">
                          {d}
                        </Text>
                      ))}
                </Table.Td>
              </Table.Tr>
            );
          }}
        />
      </Stack>
    </Card>
  );
}
