// Users with search (address, name or mobile) and paging; a user's name opens User Info.
import { Anchor, Table } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { usePaged } from '@/lib/useLoad';
import { fetchUsers } from '../api';
import { formatDate } from '../logic';
import { userInfoPath } from '../paths';
import { useLabels } from './Labels';

export const USERS_PER_PAGE = 20;

export function UsersList() {
  const { t, i18n } = useTranslation('admin');
  const labels = useLabels();
  const list = usePaged(fetchUsers, USERS_PER_PAGE);

  return (
    <PagedTable
      rows={list.data?.items}
      state={list}
      texts={{ loading: t('users.loading'), failed: t('users.load_failed'), pages: t('users.pages') }}
      search={{
        label: t('users.search'),
        placeholder: t('users.search_placeholder'),
        value: list.search,
        onChange: list.setSearch,
        noMatch: { title: t('users.no_match'), clear: t('clear_search'), testId: 'users-empty' },
      }}
      empty={
        <EmptyState icon={<IconUsers size={22} />} title={t('users.empty')} data-testid="users-empty">
          {t('users.empty_hint')}
        </EmptyState>
      }
      minWidth={720}
      data-testid="users"
      striped
      paging={{ page: list.page, perPage: USERS_PER_PAGE, total: list.data?.total ?? 0, onPage: list.setPage }}
      head={
        <>
          <Table.Th>{t('users.name')}</Table.Th>
          <Table.Th>{t('users.email')}</Table.Th>
          <Table.Th>{t('users.mobile')}</Table.Th>
          <Table.Th>{t('users.personal_plan')}</Table.Th>
          <Table.Th>{t('users.created')}</Table.Th>
        </>
      }
      row={(u) => (
        <Table.Tr key={u.id} data-testid="user-row">
          <Table.Td>
            <Anchor component={Link} to={userInfoPath(u.id)} aria-label={t('users.open', { name: u.name ?? u.email ?? `#${u.id}` })}>
              {u.name ?? u.email ?? `#${u.id}`}
            </Anchor>
          </Table.Td>
          <Table.Td>{u.email ?? '—'}</Table.Td>
          <Table.Td>{u.mobile ?? '—'}</Table.Td>
          <Table.Td>{labels.plan(u.plan_id)}</Table.Td>
          <Table.Td>{formatDate(u.created_at, i18n.language)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
