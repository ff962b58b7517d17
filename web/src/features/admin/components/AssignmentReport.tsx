// The assignment report: each active member's target share against the share of the leads it
// actually received over a period (UTC days; the last 30 by default), from
// `GET /api/admin/assignment/report`.
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, TextInput, Title, Card } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { codeOf } from '@/lib/errorText';
import type { ShareRow } from '../api';
import { fetchReport } from '../api';
import { formatNumber, utcDay } from '../logic';
import { useIssueText } from './useIssueText';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function AssignmentReport({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const lang = i18n.language;
  const [from, setFrom] = useState(() => utcDay(Date.now(), 29));
  const [to, setTo] = useState(() => utcDay(Date.now()));
  const [rows, setRows] = useState<ShareRow[]>([]);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const rangeIssue = !DAY.test(from) || !DAY.test(to) ? 'date_invalid' : from > to ? 'date_range_reversed' : null;

  useEffect(() => {
    if (rangeIssue) return;
    const ctl = new AbortController();
    setPhase('loading');
    fetchReport(from, to, ctl.signal)
      .then((r) => {
        setRows(r);
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      });
    return () => ctl.abort();
  }, [from, to, rangeIssue, attempt, reloadKey]);

  const pct = (n: number) => t('report.percent', { n: formatNumber(n, lang) });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="report-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="report-title">
            {t('report.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('report.intro')}
          </Text>
        </div>
        <Group align="flex-start">
          <TextInput type="date" label={t('report.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={t('report.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        {rangeIssue ? (
          <Text c="red" size="sm" role="alert">
            {issueText(rangeIssue)}
          </Text>
        ) : phase === 'loading' ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('report.loading')} />
          </Center>
        ) : phase === 'error' ? (
          <Alert color="red" role="alert" title={t('report.load_failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{issueText(errorCode)}</Text>
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState compact title={t('report.empty')} data-testid="report-empty">
            {t('report.empty_hint')}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="assignment-report" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.member')}</Table.Th>
                  <Table.Th ta="right">{t('report.target')}</Table.Th>
                  <Table.Th ta="right">{t('report.assigned')}</Table.Th>
                  <Table.Th ta="right">{t('report.actual')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.owner_id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td ta="right">{pct(r.target)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.assigned, lang)}</Table.Td>
                    <Table.Td ta="right">{pct(r.actual)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
