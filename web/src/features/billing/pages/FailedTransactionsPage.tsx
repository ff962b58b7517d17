// /failedtransactions (000 §2 'Failed Transactions'): the current organisation's failed payments
// — amount, currency, reason, date, resolved or not — for its admins; anyone else reads the
// admin-only message the other admin sections show.
import { Alert, Button, Container, Stack, Table, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconReceiptOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { LoadingState } from '@/components/LoadStates';
import { PagedTable } from '@/components/PagedTable';
import { StatusBadge } from '@/components/StatusBadge';
import { useLoad } from '@/lib/useLoad';
import { rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';
import { useWorkspace } from '@/stores/workspace';
import { fetchFailedTransactions } from '../api';
import { formatDate, formatMoney } from '../logic';

export default function FailedTransactionsPage() {
  const { t, i18n } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const codeText = useCodeText();
  const lang = i18n.language;
  const status = useWorkspace((s) => s.status);
  const me = useWorkspace((s) => s.me);
  const current = useWorkspace((s) => s.current);
  const orgId = current?.org_id ?? null;
  const access = rule('access_check', { level: 'admin', roleId: current?.role_id ?? null });
  const allowed = orgId !== null && access.err === undefined;

  useEffect(() => {
    document.title = `${tp('failed_transactions')} · Switchboard`;
  }, [tp]);

  const read = useLoad(allowed && orgId !== null ? (signal) => fetchFailedTransactions(orgId, signal) : null, [allowed, orgId]);

  const waiting = !me && status !== 'error';

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{tp('failed_transactions')}</Title>
        {waiting ? (
          <LoadingState label={t('failed.loading')} />
        ) : !allowed ? (
          <Alert color="orange" data-testid="failed-admin-only">
            {codeText(access.err ?? 'admin_only')}
          </Alert>
        ) : (
          <PagedTable
            rows={read.data}
            state={read}
            texts={{ loading: t('failed.loading'), failed: t('failed.load_failed') }}
            empty={
              <EmptyState
                icon={<IconReceiptOff size={22} />}
                title={t('failed.empty')}
                action={
                  <Button component={Link} to="/settings/billing" variant="light">
                    {t('failed.open_billing')}
                  </Button>
                }
                data-testid="failed-empty"
              >
                {t('failed.empty_hint')}
              </EmptyState>
            }
            minWidth={720}
            data-testid="failed-transactions"
            head={
              <>
                <Table.Th>{t('page.col_date')}</Table.Th>
                <Table.Th>{t('page.col_amount')}</Table.Th>
                <Table.Th>{t('failed.currency')}</Table.Th>
                <Table.Th>{t('failed.reason')}</Table.Th>
                <Table.Th>{t('page.col_status')}</Table.Th>
              </>
            }
            row={(f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{formatDate(f.created_at, lang)}</Table.Td>
                <Table.Td>{formatMoney(f.amount_minor, f.currency, lang)}</Table.Td>
                <Table.Td>{f.currency.toUpperCase()}</Table.Td>
                <Table.Td>{f.reason ?? t('failed.no_reason')}</Table.Td>
                <Table.Td>
                  <StatusBadge
                    ok={!!f.resolved_at}
                    okText={f.resolved_at ? t('failed.resolved', { date: formatDate(f.resolved_at, lang) }) : ''}
                    notOkText={t('failed.unresolved')}
                  />
                </Table.Td>
              </Table.Tr>
            )}
          />
        )}
      </Stack>
    </Container>
  );
}
