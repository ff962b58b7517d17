// The audit log, newest first: when, which operator, what was done to what (by its name), the
// reason and what changed from → to, in words.
import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { fetchAudit } from '../api';
import { formatDateTime } from '../logic';
import { AuditDetail } from './AuditDetail';
import { Pager } from './Pager';
import { useIssueText } from './useIssueText';
import { usePaged } from './usePaged';

export const AUDIT_PER_PAGE = 20;

const ACTIONS = ['sign_in', 'sign_out', 'change_plan', 'grant_knowledge_base', 'save_assignment_member', 'delete_assignment_member'] as const;

export function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const list = usePaged(fetchAudit, AUDIT_PER_PAGE);
  const rows = list.data?.items ?? [];
  const action = (a: string) => ((ACTIONS as readonly string[]).includes(a) ? t(`audit.actions.${a as (typeof ACTIONS)[number]}`) : a);

  if (list.phase === 'error')
    return (
      <Alert color="red" role="alert" title={t('audit.load_failed')}>
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
        <Loader aria-label={t('audit.loading')} />
      </Center>
    );
  if (rows.length === 0)
    return (
      <EmptyState icon={<IconHistory size={22} />} title={t('audit.empty')} data-testid="audit-empty">
        {t('audit.empty_hint')}
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={820}>
        <Table data-testid="audit-log" striped aria-busy={list.phase === 'loading'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.at')}</Table.Th>
              <Table.Th>{t('audit.admin')}</Table.Th>
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.target')}</Table.Th>
              <Table.Th>{t('audit.reason')}</Table.Th>
              <Table.Th>{t('audit.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-testid="audit-row">
                <Table.Td>{formatDateTime(a.at, i18n.language)}</Table.Td>
                <Table.Td>{a.admin_email ?? '—'}</Table.Td>
                <Table.Td>{action(a.action)}</Table.Td>
                <Table.Td>
                  {a.target_name ?? a.target}
                  {a.target_name && (
                    <Text size="xs" c="dimmed">
                      {a.target}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.reason ?? '—'}</Table.Td>
                <Table.Td>
                  <AuditDetail detail={a.detail} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        page={list.page}
        perPage={AUDIT_PER_PAGE}
        total={list.data?.total ?? 0}
        shown={rows.length}
        onPage={list.setPage}
        label={t('audit.pages')}
      />
    </Stack>
  );
}
