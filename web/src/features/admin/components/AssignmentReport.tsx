// The assignment report: each active member's target share against the share of the leads it
// actually received over a period (UTC days; the last 30 by default), from
// `GET /api/admin/assignment/report`.
import { Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './SectionCard';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { useLoad } from '@/lib/useLoad';
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
  const rangeIssue = !DAY.test(from) || !DAY.test(to) ? 'date_invalid' : from > to ? 'date_range_reversed' : null;
  const report = useLoad(rangeIssue ? null : (signal) => fetchReport(from, to, signal), [from, to, rangeIssue, reloadKey]);

  const pct = (n: number) => t('report.percent', { n: formatNumber(n, lang) });

  return (
    <SectionCard id="report-title" title={t('report.title')} intro={t('report.intro')}>
        <Group align="flex-start">
          <TextInput type="date" label={t('report.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={t('report.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        {rangeIssue ? (
          <Text c="red" size="sm" role="alert">
            {issueText(rangeIssue)}
          </Text>
        ) : (
          <PagedTable
            rows={report.data}
            state={report}
            texts={{ loading: t('report.loading'), failed: t('report.load_failed') }}
            compact
            empty={
              <EmptyState compact title={t('report.empty')} data-testid="report-empty">
                {t('report.empty_hint')}
              </EmptyState>
            }
            minWidth={480}
            data-testid="assignment-report"
            striped
            head={
              <>
                <Table.Th>{t('report.member')}</Table.Th>
                <Table.Th ta="right">{t('report.target')}</Table.Th>
                <Table.Th ta="right">{t('report.assigned')}</Table.Th>
                <Table.Th ta="right">{t('report.actual')}</Table.Th>
              </>
            }
            row={(r) => (
              <Table.Tr key={r.owner_id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right">{pct(r.target)}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.assigned, lang)}</Table.Td>
                <Table.Td ta="right">{pct(r.actual)}</Table.Td>
              </Table.Tr>
            )}
          />
        )}
    </SectionCard>
  );
}
