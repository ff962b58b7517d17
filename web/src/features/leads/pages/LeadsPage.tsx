// /leads (000 §2 "Leads"; issue #29): the organisation's contacts as a table — search, lifecycle
// stage and lead status filters, sort, pages — a new contact from its number, and a contact's
// drawer to change its fields and read its history. Who sees which contact is the server's
// decision (the employee-list rule through the owner). In the Personal workspace there is no
// organisation to keep contacts for, and the page says how to get one.
import { Badge, Button, Container, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAddressBook, IconPlus, IconSearch } from '@tabler/icons-react';
import { fetchMembers } from '@/api/teams';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import type { Contact } from '@/generated/contract';
import { useNamespace } from '@/lib/i18nLazy';
import { SEARCH_DEBOUNCE_MS, useLoad } from '@/lib/useLoad';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { fetchContacts, type ContactsFilter } from '../api';
import { ContactDrawer } from '../components/ContactDrawer';
import { NewContactModal } from '../components/NewContactModal';
import { LEAD_STATUSES, LIFECYCLE_STAGES, isStage, isStatus, stageColor } from '../logic';

export const LEADS_PER_PAGE = 50;

export function LeadsPage() {
  const ready = useNamespace('leads');
  const { t: tc } = useTranslation('common');
  const current = useWorkspace((s) => s.current);
  const status = useWorkspace((s) => s.status);
  const workspaceId = useSession((s) => s.user?.id ?? null);
  if (!ready || (current === null && (status === 'loading' || status === 'idle'))) {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label={tc('loading')} />
      </Container>
    );
  }
  return <Leads orgId={current?.org_id ?? null} workspaceId={workspaceId} />;
}

function Leads({ orgId, workspaceId }: { orgId: number | null; workspaceId: number | null }) {
  const { t, i18n } = useTranslation('leads');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [stage, setStage] = useState<string | null>(null);
  const [leadStatus, setLeadStatus] = useState<string | null>(null);
  const [sort, setSort] = useState<ContactsFilter['sort']>('updated');
  const [page, setPage] = useState(0);
  const [reloads, setReloads] = useState(0);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Contact | null>(null);

  useEffect(() => {
    document.title = `${t('title')} · Switchboard`;
  }, [t]);
  useEffect(() => setPage(0), [q, stage, leadStatus, sort]);

  const list = useLoad(
    orgId === null ? null : (signal) => fetchContacts(orgId, { q, lifecycleStage: stage, leadStatus, sort, page, perPage: LEADS_PER_PAGE }, signal),
    [orgId, q, stage, leadStatus, sort, page, reloads],
  );
  const members = useLoad(
    orgId === null || workspaceId === null ? null : (signal) => fetchMembers(orgId, workspaceId, signal),
    [orgId, workspaceId],
  );
  const names = useMemo(() => {
    const m = new Map<number, string>();
    for (const e of members.data?.data ?? []) m.set(e.user_id, e.whatzapp_basic_info.name ?? e.email ?? `#${e.user_id}`);
    return m;
  }, [members.data]);
  const ownerName = (id: number | null | undefined) => (id ? (names.get(id) ?? `#${id}`) : t('nobody'));

  if (orgId === null) {
    return (
      <Container size="sm" py="xl">
        <EmptyState icon={<IconAddressBook size={22} />} title={t('personal_title')} data-testid="leads-personal">
          {t('personal_hint')}{' '}
          <Text component={Link} to="/createorganization" c="blue.8" td="underline">
            {t('create_org')}
          </Text>
        </EmptyState>
      </Container>
    );
  }

  const filtered = q.trim() !== '' || stage !== null || leadStatus !== null;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{t('title')}</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('new')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('search')}
            placeholder={t('search_placeholder')}
            leftSection={<IconSearch size={14} />}
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <NativeSelect
            label={t('field.lifecycle_stage')}
            value={stage ?? ''}
            onChange={(e) => setStage(e.currentTarget.value || null)}
            data={[{ value: '', label: t('all') }, ...LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))]}
          />
          <NativeSelect
            label={t('field.lead_status')}
            value={leadStatus ?? ''}
            onChange={(e) => setLeadStatus(e.currentTarget.value || null)}
            data={[{ value: '', label: t('all') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
          <NativeSelect
            label={t('sort')}
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value as ContactsFilter['sort'])}
            data={(['updated', 'created', 'name'] as const).map((s) => ({ value: s, label: t(`sort_by.${s}`) }))}
          />
        </Group>
        <PagedTable
          rows={list.data?.items}
          state={list}
          texts={{ loading: t('loading'), failed: t('load_failed'), pages: t('pages') }}
          empty={
            filtered ? (
              <EmptyState
                icon={<IconSearch size={22} />}
                title={t('no_contacts_found')}
                action={
                  <Button
                    variant="light"
                    onClick={() => {
                      setSearch('');
                      setStage(null);
                      setLeadStatus(null);
                    }}
                  >
                    {t('clear_filters')}
                  </Button>
                }
                data-testid="leads-empty"
              />
            ) : (
              <EmptyState icon={<IconAddressBook size={22} />} title={t('empty')} data-testid="leads-empty">
                {t('empty_hint')}
              </EmptyState>
            )
          }
          minWidth={820}
          data-testid="leads-table"
          striped
          paging={{ page, perPage: LEADS_PER_PAGE, total: list.data?.total ?? 0, onPage: setPage }}
          head={
            <>
              <Table.Th>{t('field.name')}</Table.Th>
              <Table.Th>{t('field.phone')}</Table.Th>
              <Table.Th>{t('field.company')}</Table.Th>
              <Table.Th>{t('field.lifecycle_stage')}</Table.Th>
              <Table.Th>{t('field.lead_status')}</Table.Th>
              <Table.Th>{t('field.owner')}</Table.Th>
              <Table.Th>{t('updated_at')}</Table.Th>
            </>
          }
          row={(c) => (
            <Table.Tr key={c.id} data-testid="lead-row">
              <Table.Td>
                <UnstyledButton onClick={() => setOpen(c)} aria-label={t('open', { name: c.display_name ?? c.phone ?? c.contact })}>
                  <Text fw={500} c="blue.8">
                    {c.display_name ?? c.phone ?? c.contact}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{c.phone ?? c.contact}</Table.Td>
              <Table.Td>{c.company ?? '—'}</Table.Td>
              <Table.Td>
                {isStage(c.lifecycle_stage) ? (
                  <Badge color={stageColor(c.lifecycle_stage)} variant="light" tt="none" miw="max-content">
                    {t(`stage.${c.lifecycle_stage}`)}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{isStatus(c.lead_status) ? t(`status.${c.lead_status}`) : '—'}</Table.Td>
              <Table.Td>{ownerName(c.owner_id)}</Table.Td>
              <Table.Td>{new Date(c.updated_at).toLocaleDateString(i18n.language)}</Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      <NewContactModal
        orgId={orgId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setReloads((n) => n + 1);
          setOpen(c);
        }}
      />
      <ContactDrawer
        orgId={orgId}
        contact={open}
        onClose={() => setOpen(null)}
        ownerName={ownerName}
        onSaved={(c) => {
          setOpen(c);
          setReloads((n) => n + 1);
        }}
      />
    </Container>
  );
}

export default LeadsPage;
