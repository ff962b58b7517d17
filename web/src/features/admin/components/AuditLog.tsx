// The audit log, newest first: when, which operator, what was done to what (by its name), the
// reason and what changed from → to, in words.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { usePaged } from '@/lib/useLoad';
import { fetchAudit } from '../api';
import { formatDateTime } from '../logic';
import { AuditDetail } from './AuditDetail';

export const AUDIT_PER_PAGE = 20;

const ACTIONS = ['sign_in', 'sign_out', 'change_plan', 'grant_knowledge_base', 'save_assignment_member', 'delete_assignment_member'] as const;

export function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  const list = usePaged(fetchAudit, AUDIT_PER_PAGE);
  const action = (a: string) => ((ACTIONS as readonly string[]).includes(a) ? t(`audit.actions.${a as (typeof ACTIONS)[number]}`) : a);

  return (
    <PagedTable
      rows={list.data?.items}
      state={list}
      texts={{ loading: t('audit.loading'), failed: t('audit.load_failed'), pages: t('audit.pages') }}
      empty={
        <EmptyState icon={<IconHistory size={22} />} title={t('audit.empty')} data-testid="audit-empty">
          {t('audit.empty_hint')}
        </EmptyState>
      }
      minWidth={820}
      data-testid="audit-log"
      striped
      paging={{ page: list.page, perPage: AUDIT_PER_PAGE, total: list.data?.total ?? 0, onPage: list.setPage }}
      head={
        <>
          <Table.Th>{t('audit.at')}</Table.Th>
          <Table.Th>{t('audit.admin')}</Table.Th>
          <Table.Th>{t('audit.action')}</Table.Th>
          <Table.Th>{t('audit.target')}</Table.Th>
          <Table.Th>{t('audit.reason')}</Table.Th>
          <Table.Th>{t('audit.detail')}</Table.Th>
        </>
      }
      row={(a) => (
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
      )}
    />
  );
}
