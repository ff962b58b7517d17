// Failed payments across the installation (every organisation and personal workspace), newest
// first: date, payer, invoice, amount, reason and whether a later payment settled it. The
// server gives no total here, so the list pages with Previous and Next.
import { Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconReceiptOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { StatusBadge } from '@/components/StatusBadge';
import { usePaged } from '@/lib/useLoad';
import { fetchFailedTransactions } from '../api';
import { formatDateTime, formatMoney } from '../logic';

export const FAILED_PER_PAGE = 20;

export function FailedTransactionsList() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const list = usePaged(fetchFailedTransactions, FAILED_PER_PAGE);

  return (
    <PagedTable
      rows={list.data}
      state={list}
      texts={{ loading: t('failed.loading'), failed: t('failed.load_failed') }}
      empty={
        list.page === 0 ? (
          <EmptyState icon={<IconReceiptOff size={22} />} title={t('failed.empty')} data-testid="failed-empty">
            {t('failed.empty_hint')}
          </EmptyState>
        ) : (
          <EmptyState
            title={t('failed.no_more')}
            action={
              <Button variant="light" onClick={() => list.setPage(0)}>
                {t('failed.first_page')}
              </Button>
            }
            data-testid="failed-empty"
          />
        )
      }
      minWidth={820}
      data-testid="failed-transactions"
      striped
      paging={{ page: list.page, perPage: FAILED_PER_PAGE, total: null, onPage: list.setPage }}
      head={
        <>
          <Table.Th>{t('failed.date')}</Table.Th>
          <Table.Th>{t('failed.payer')}</Table.Th>
          <Table.Th>{t('failed.invoice')}</Table.Th>
          <Table.Th ta="right">{t('failed.amount')}</Table.Th>
          <Table.Th>{t('failed.reason')}</Table.Th>
          <Table.Th>{t('failed.status')}</Table.Th>
        </>
      }
      row={(f) => (
        <Table.Tr key={f.id} data-testid="failed-row">
          <Table.Td>{formatDateTime(f.created_at, lang)}</Table.Td>
          <Table.Td>{f.org_id !== null ? t('failed.organisation', { id: f.org_id }) : t('failed.personal')}</Table.Td>
          <Table.Td>{f.invoice_id}</Table.Td>
          <Table.Td ta="right">{formatMoney(f.amount_minor, f.currency, lang)}</Table.Td>
          <Table.Td>{f.reason ?? t('failed.no_reason')}</Table.Td>
          <Table.Td>
            <StatusBadge
              ok={!!f.resolved_at}
              okText={f.resolved_at ? t('failed.resolved', { date: formatDateTime(f.resolved_at, lang) }) : ''}
              notOkText={t('failed.unresolved')}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
