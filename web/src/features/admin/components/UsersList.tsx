// Users with search (address, name or mobile) and paging; a user's name opens User Info.
import { Alert, Anchor, Button, Center, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Link } from 'react-router';
import { fetchUsers } from '../api';
import { formatDate } from '../logic';
import { userInfoPath } from '../paths';
import { useLabels } from './Labels';
import { Pager } from './Pager';
import { useIssueText } from './useIssueText';
import { usePaged } from './usePaged';

export const USERS_PER_PAGE = 20;

export function UsersList() {
  const { t, i18n } = useTranslation('admin');
  const issueText = useIssueText();
  const labels = useLabels();
  const list = usePaged(fetchUsers, USERS_PER_PAGE);
  const rows = list.data?.items ?? [];

  return (
    <Stack gap="sm">
      <TextInput
        label={t('users.search')}
        placeholder={t('users.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={420}
      />
      {list.phase === 'error' ? (
        <Alert color="red" role="alert" title={t('users.load_failed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{issueText(list.errorCode)}</Text>
            <Button size="xs" variant="light" onClick={list.retry}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.pending && rows.length === 0 ? (
        <Center py="xl">
          <Loader aria-label={t('users.loading')} />
        </Center>
      ) : rows.length === 0 ? (
        list.search.trim() ? (
          <EmptyState
            icon={<IconSearch size={22} />}
            title={t('users.no_match')}
            action={
              <Button variant="light" onClick={() => list.setSearch('')}>
                {t('clear_search')}
              </Button>
            }
            data-testid="users-empty"
          />
        ) : (
          <EmptyState icon={<IconUsers size={22} />} title={t('users.empty')} data-testid="users-empty">
            {t('users.empty_hint')}
          </EmptyState>
        )
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table data-testid="users" striped aria-busy={list.phase === 'loading'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('users.email')}</Table.Th>
                  <Table.Th>{t('users.mobile')}</Table.Th>
                  <Table.Th>{t('users.personal_plan')}</Table.Th>
                  <Table.Th>{t('users.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={list.page}
            perPage={USERS_PER_PAGE}
            total={list.data?.total ?? 0}
            shown={rows.length}
            onPage={list.setPage}
            label={t('users.pages')}
          />
        </>
      )}
    </Stack>
  );
}
