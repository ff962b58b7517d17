// Failed payments across the installation (every organisation and personal workspace), newest
// first: date, payer, invoice, amount, reason and whether a later payment settled it. The
// server gives no total here, so the list pages with Previous and Next.
import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconReceiptOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { fetchFailedTransactions } from '../api';
import { formatDateTime, formatMoney } from '../logic';
import { useIssueText } from './useIssueText';
import { usePaged } from './usePaged';

export const FAILED_PER_PAGE = 20;

export function FailedTransactionsList() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const issueText = useIssueText();
  const list = usePaged(fetchFailedTransactions, FAILED_PER_PAGE);
  const rows = list.data ?? [];

  if (list.phase === 'error')
    return (
      <Alert color="red" role="alert" title={t('failed.load_failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{issueText(list.errorCode)}</Text>
          <Button size="xs" variant="light" onClick={list.retry}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (list.pending && rows.length === 0)
    return (
      <Center py="xl">
        <Loader aria-label={t('failed.loading')} />
      </Center>
    );
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
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
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table data-testid="failed-transactions" striped aria-busy={list.phase === 'loading'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('failed.date')}</Table.Th>
                <Table.Th>{t('failed.payer')}</Table.Th>
                <Table.Th>{t('failed.invoice')}</Table.Th>
                <Table.Th ta="right">{t('failed.amount')}</Table.Th>
                <Table.Th>{t('failed.reason')}</Table.Th>
                <Table.Th>{t('failed.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id} data-testid="failed-row">
                  <Table.Td>{formatDateTime(f.created_at, lang)}</Table.Td>
                  <Table.Td>{f.org_id !== null ? t('failed.organisation', { id: f.org_id }) : t('failed.personal')}</Table.Td>
                  <Table.Td>{f.invoice_id}</Table.Td>
                  <Table.Td ta="right">{formatMoney(f.amount_minor, f.currency, lang)}</Table.Td>
                  <Table.Td>{f.reason ?? t('failed.no_reason')}</Table.Td>
                  <Table.Td>
                    {f.resolved_at ? (
                      <Badge color="green" variant="light">
                        {t('failed.resolved', { date: formatDateTime(f.resolved_at, lang) })}
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light">
                        {t('failed.unresolved')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(list.page > 0 || rows.length === FAILED_PER_PAGE) && (
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" disabled={list.page === 0} onClick={() => list.setPage(list.page - 1)}>
            {t('pager.previous')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('pager.page', { n: list.page + 1 })}
          </Text>
          <Button size="xs" variant="default" disabled={rows.length < FAILED_PER_PAGE} onClick={() => list.setPage(list.page + 1)}>
            {t('pager.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
