// The billing history card (issue #25): a page of lines from the server, each a translated
// sentence with its details, dated to the minute in the organisation's zone (the browser's for a
// personal workspace), with the pages under it.
import { Alert, Button, Card, Center, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { HistoryEntry, Page } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { fetchHistory, HISTORY_PER_PAGE, type Payer } from '../api';
import { historyLine } from '../history';
import { formatCount, formatDateTime, usableZone } from '../logic';

interface Props {
  payer: Payer;
  /** The organisation's zone; null for a personal workspace (the browser's zone). */
  timeZone: string | null;
  /** Changes when the billing changed (a seat change, a refresh): the first page is read again. */
  version: number;
}

export function HistoryCard({ payer, timeZone, version }: Props) {
  const { t, i18n } = useTranslation('billing');
  const codeText = useCodeText();
  const lang = i18n.language;
  const [data, setData] = useState<Page<HistoryEntry> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(payer);
  // The page chosen, for this payer and version of the billing; back to the first otherwise.
  const [chosen, setChosen] = useState({ of: '', page: 0 });
  const of = `${key}:${version}`;
  const page = chosen.of === of ? chosen.page : 0;
  const setPage = (p: number) => setChosen({ of, page: p });

  useEffect(() => {
    const ctl = new AbortController();
    setError(null);
    fetchHistory(JSON.parse(key) as Payer, page, ctl.signal)
      .then(setData)
      .catch((e: unknown) => {
        if (!ctl.signal.aborted) setError(codeOf(e));
      });
    return () => ctl.abort();
  }, [key, page, version, attempt]);

  const zone = usableZone(timeZone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const perPage = data?.per_page ?? HISTORY_PER_PAGE;
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : page * perPage + 1;
  const last = page * perPage + (data?.items.length ?? 0);

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
        {error && (
          <Alert color="red" role="alert" title={t('page.history_failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{codeText(error)}</Text>
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {!error && data === null && (
          <Center py="md">
            <Loader size="sm" aria-label={t('page.history_loading')} />
          </Center>
        )}
        {!error && data !== null && data.items.length === 0 && (
          <EmptyState compact title={t('page.history_empty')} data-testid="history-empty">
            {t('page.history_hint')}
          </EmptyState>
        )}
        {!error && data !== null && data.items.length > 0 && (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('page.col_when')}</Table.Th>
                    <Table.Th>{t('page.col_event')}</Table.Th>
                    <Table.Th>{t('page.col_details')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((h) => {
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
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="history-range">
                {t('page.history_range', {
                  first: formatCount(first, lang),
                  last: formatCount(last, lang),
                  total: formatCount(total, lang),
                })}
              </Text>
              {total > perPage && (
                <Pagination
                  total={Math.ceil(total / perPage)}
                  value={page + 1}
                  onChange={(p) => setPage(p - 1)}
                  size="sm"
                  aria-label={t('page.history_pages')}
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'next'
                        ? t('page.history_next')
                        : control === 'previous'
                          ? t('page.history_previous')
                          : undefined,
                  })}
                  getItemProps={(p) => ({ 'aria-label': t('page.history_page', { n: p }) })}
                />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
