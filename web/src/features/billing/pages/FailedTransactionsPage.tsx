// /failedtransactions (000 §2 'Failed Transactions'): the current organisation's failed payments
// — amount, currency, reason, date, resolved or not — for its admins; anyone else reads the
// admin-only message the other admin sections show.
import { Alert, Badge, Button, Center, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconReceiptOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { FailedTransaction } from '@/generated/contract';
import { rule } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useWorkspace } from '@/stores/workspace';
import { fetchFailedTransactions } from '../api';
import { formatDate, formatMoney } from '../logic';

type Phase = 'loading' | 'ready' | 'error';

export default function FailedTransactionsPage() {
  const { t, i18n } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const codeText = useCodeText();
  const lang = i18n.language;
  const status = useWorkspace((s) => s.status);
  const me = useWorkspace((s) => s.me);
  const current = useWorkspace((s) => s.current);
  const [phase, setPhase] = useState<Phase>('loading');
  const [rows, setRows] = useState<FailedTransaction[]>([]);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const orgId = current?.org_id ?? null;
  const access = rule('access_check', { level: 'admin', roleId: current?.role_id ?? null });
  const allowed = orgId !== null && access.err === undefined;

  useEffect(() => {
    document.title = `${tp('failed_transactions')} · Switchboard`;
  }, [tp]);

  useEffect(() => {
    if (!allowed || orgId === null) return;
    const ctl = new AbortController();
    setPhase('loading');
    fetchFailedTransactions(orgId, ctl.signal)
      .then((list) => {
        setRows(list);
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      });
    return () => ctl.abort();
  }, [allowed, orgId, attempt]);

  const waiting = !me && status !== 'error';

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{tp('failed_transactions')}</Title>
        {waiting ? (
          <Center py="xl">
            <Loader aria-label={t('failed.loading')} />
          </Center>
        ) : !allowed ? (
          <Alert color="orange" data-testid="failed-admin-only">
            {codeText(access.err ?? 'admin_only')}
          </Alert>
        ) : phase === 'loading' ? (
          <Center py="xl">
            <Loader aria-label={t('failed.loading')} />
          </Center>
        ) : phase === 'error' ? (
          <Alert color="red" role="alert" title={t('failed.load_failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{codeText(errorCode)}</Text>
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
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
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table data-testid="failed-transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('page.col_date')}</Table.Th>
                  <Table.Th>{t('page.col_amount')}</Table.Th>
                  <Table.Th>{t('failed.currency')}</Table.Th>
                  <Table.Th>{t('failed.reason')}</Table.Th>
                  <Table.Th>{t('page.col_status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{formatDate(f.created_at, lang)}</Table.Td>
                    <Table.Td>{formatMoney(f.amount_minor, f.currency, lang)}</Table.Td>
                    <Table.Td>{f.currency.toUpperCase()}</Table.Td>
                    <Table.Td>{f.reason ?? t('failed.no_reason')}</Table.Td>
                    <Table.Td>
                      {f.resolved_at ? (
                        <Badge color="green" variant="light">
                          {t('failed.resolved', { date: formatDate(f.resolved_at, lang) })}
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
      </Stack>
    </Container>
  );
}
