// The employee list (001 §2 'Employee list'): filters by status (everyone by default, so people
// just invited are listed), team and manager; a table with the organisation's own employee ID
// (never a database id), name, role, e-mail, WhatsApp number, team, invitation, sync and
// extension status, the member's connected integrations; and the actions — add (send invites), add with excel, download the sample
// csv, assign to a team, send an invitation again (managers and admins), edit (role, team,
// employee ID) and remove (admins). Who is listed is the server's decision (001 §6).
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFilterOff, IconUserPlus } from '@tabler/icons-react';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import type { Employee } from '@/generated/contract';
import { useSession } from '@/stores/session';
import * as api from '../api';
import {
  allowed,
  defaultEmployeeStatus,
  employeeName,
  extensionInstalled,
  filterEmployees,
  INVITED_STATUS,
  isSyncing,
  managersOf,
  type ManagerFilter,
  type StatusFilter,
  type TeamFilter,
} from '../logic';
import { initialFilters, useOrganization } from '../stores/organization';
import { AddEmployeeModal } from './AddEmployeeModal';
import { AssignTeamModal } from './AssignTeamModal';
import { EditMemberModal } from './EditMemberModal';
import { ImportModal } from './ImportModal';
import { MemberLinks } from './MemberLinks';
import { RemoveUserModal } from './RemoveUserModal';
import { TeamBadge } from './TeamBadge';
import { useErrorText } from './useErrorText';
import { toast } from '@/lib/toast';

function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </svg>
  );
}

function EditIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
    </svg>
  );
}

function ResendIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 6h18v12H3zM3 6l9 7 9-7" />
    </svg>
  );
}

const parseFilter = <T extends string>(v: string, words: readonly T[]): number | T =>
  (words as readonly string[]).includes(v) ? (v as T) : Number(v);

export function EmployeesSection() {
  const { t } = useTranslation('organization');
  const me = useSession((s) => s.user?.id);
  const phase = useOrganization((s) => s.membersPhase);
  const members = useOrganization((s) => s.members);
  const syncList = useOrganization((s) => s.syncList);
  const memberLinks = useOrganization((s) => s.memberLinks);
  const teams = useOrganization((s) => s.teams);
  const palette = useOrganization((s) => s.palette);
  const mapping = useOrganization((s) => s.mapping);
  const filters = useOrganization((s) => s.filters);
  const setFilters = useOrganization((s) => s.setFilters);
  const refreshMembers = useOrganization((s) => s.refreshMembers);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<{ userId: number; name: string } | null>(null);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const replaceMember = useOrganization((s) => s.replaceMember);
  const { describe } = useErrorText();

  const canAdd = allowed('manager', mapping?.role_id);
  const isAdmin = allowed('admin', mapping?.role_id);
  const managers = useMemo(() => managersOf(members), [members]);
  const rows = useMemo(() => filterEmployees(members, filters), [members, filters]);
  const shownSelected = rows.filter((r) => selected.has(r.user_id)).map((r) => r.user_id);
  const allSelected = rows.length > 0 && shownSelected.length === rows.length;

  const nameOf = (e: Employee) => {
    const shown = employeeName(e);
    return 'name' in shown ? shown.name : t(`employees.name_${shown.fallback}`);
  };
  const roleOf = (e: Employee) =>
    [1, 2, 3, 4].includes(e.role_id) ? t(`employees.role_${e.role_id as 1 | 2 | 3 | 4}`) : e.callyzer_user_role.role_name;
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  async function resend(e: Employee) {
    if (!mapping) return;
    setResending(e.user_id);
    try {
      replaceMember(await api.resendInvitation({ org_id: mapping.org_id, user_id: e.user_id }));
      toast.success(t('employees.resent', { email: e.email ?? '' }));
    } catch (err) {
      toast.error(
        describe(err, {
          rate_limited: t('employees.resend_wait'),
          daily_limit_reached: t('employees.resend_daily'),
        }),
      );
    } finally {
      setResending(null);
    }
  }
  const addActions = (
    <Group gap="xs" justify="center">
      <Button onClick={() => setAdding(true)}>{t('employees.add')}</Button>
      <Button variant="light" onClick={() => setImporting(true)}>
        {t('employees.add_excel')}
      </Button>
    </Group>
  );
  /** After adding people, who arrive invited, the list shows everyone so they are visible. */
  const showInvited = () => {
    if (filters.status !== 'all' && filters.status !== INVITED_STATUS) setFilters({ status: 'all' });
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="employees-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="employees-heading">
            {t('employees.heading')}
          </Title>
          <Group gap="xs">
            {canAdd && (
              <>
                <Button size="sm" onClick={() => setAdding(true)}>
                  {t('employees.add')}
                </Button>
                <Button size="sm" variant="light" onClick={() => setImporting(true)}>
                  {t('employees.add_excel')}
                </Button>
              </>
            )}
            <Button size="sm" variant="subtle" component="a" href={api.SAMPLE_CSV_URL} download>
              {t('employees.sample')}
            </Button>
          </Group>
        </Group>

        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('employees.status')}
            value={String(filters.status)}
            onChange={(e) => setFilters({ status: parseFilter(e.currentTarget.value, ['all'] as const) as StatusFilter })}
            data={[
              { value: 'all', label: t('employees.status_all') },
              { value: String(defaultEmployeeStatus()), label: t('employees.status_active') },
              { value: String(INVITED_STATUS), label: t('employees.status_invited') },
            ]}
          />
          <NativeSelect
            label={t('employees.team')}
            value={String(filters.team)}
            onChange={(e) =>
              setFilters({ team: parseFilter(e.currentTarget.value, ['all', 'none'] as const) as TeamFilter })
            }
            data={[
              { value: 'all', label: t('employees.team_all') },
              { value: 'none', label: t('employees.no_team') },
              ...teams.map((x) => ({ value: String(x.id), label: x.team_name })),
            ]}
          />
          <NativeSelect
            label={t('employees.manager')}
            value={String(filters.manager)}
            onChange={(e) =>
              setFilters({
                manager: parseFilter(e.currentTarget.value, ['all', 'none'] as const) as ManagerFilter,
              })
            }
            data={[
              { value: 'all', label: t('employees.manager_all') },
              { value: 'none', label: t('employees.manager_none') },
              ...managers.map((m) => ({ value: String(m.user_id), label: nameOf(m) })),
            ]}
          />
          {canAdd && (
            <Button
              variant="default"
              disabled={shownSelected.length === 0 || teams.length === 0}
              onClick={() => setAssigning(true)}
            >
              {t('employees.assign', { count: shownSelected.length })}
            </Button>
          )}
        </Group>

        {phase === 'loading' && (
          <Stack gap="xs" aria-label={t('loading')}>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        )}
        {phase === 'error' && (
          <Alert color="red" title={t('employees.load_failed')}>
            <Button size="xs" variant="light" onClick={() => void refreshMembers(true)}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        {phase === 'ready' && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('employees.count', { shown: rows.length, total: members.length })}
            </Text>
            {rows.length === 0 ? (
              members.length === 0 ? (
                <EmptyState
                  icon={<IconUserPlus size={22} />}
                  title={t('employees.none_yet')}
                  action={canAdd && addActions}
                  data-testid="employees-empty"
                >
                  {canAdd ? t('employees.none_yet_hint') : t('employees.who_adds')}
                </EmptyState>
              ) : (
                <EmptyState
                  icon={<IconFilterOff size={22} />}
                  title={t('employees.empty')}
                  action={
                    <Button variant="light" onClick={() => setFilters(initialFilters())}>
                      {t('employees.clear_filters')}
                    </Button>
                  }
                  data-testid="employees-empty"
                />
              )
            ) : (
              <DataTable
                minWidth={1100}
                striped
                highlightOnHover
                verticalSpacing="xs"
                aria-labelledby="employees-heading"
                head={
                  <>
                    {canAdd && (
                      <Table.Th scope="col" w={40}>
                        <Checkbox
                          aria-label={t('employees.select_all')}
                          checked={allSelected}
                          indeterminate={shownSelected.length > 0 && !allSelected}
                          onChange={() =>
                            setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.user_id)))
                          }
                        />
                      </Table.Th>
                    )}
                    <Table.Th scope="col">{t('employees.col_id')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_name')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_role')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_email')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_mobile')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_team')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_invitation')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_sync')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_extension')}</Table.Th>
                    <Table.Th scope="col">{t('employees.col_integrations')}</Table.Th>
                    {canAdd && <Table.Th scope="col">{t('employees.col_actions')}</Table.Th>}
                  </>
                }
              >
                {rows.map((e) => {
                  const name = nameOf(e);
                  const syncing = isSyncing(e);
                  const installed = extensionInstalled(e, syncList);
                  return (
                    <Table.Tr key={e.user_id} data-testid="employee-row">
                      {canAdd && (
                        <Table.Td>
                          <Checkbox
                            aria-label={t('employees.select_row', { name })}
                            checked={selected.has(e.user_id)}
                            onChange={() => toggle(e.user_id)}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>{e.employee_code || '—'}</Table.Td>
                      <Table.Td fw={500}>{name}</Table.Td>
                      <Table.Td>{roleOf(e)}</Table.Td>
                      <Table.Td>{e.email ?? ''}</Table.Td>
                      <Table.Td>{e.whatsapp_no ?? e.whatzapp_basic_info.mobile ?? ''}</Table.Td>
                      <Table.Td>
                        <TeamBadge team={e.callyzer_orgamnization_team} palette={palette} />
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={e.invitation_status === 'accepted' ? 'teal' : 'yellow'}
                          tt="none"
                          miw="max-content"
                        >
                          {e.invitation_status === 'accepted'
                            ? t('employees.invitation_accepted')
                            : t('employees.invitation_pending')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={syncing ? 'teal' : 'gray'} tt="none" miw="max-content">
                          {syncing ? t('employees.syncing') : t('employees.not_syncing')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{installed ? t('employees.yes') : t('employees.no')}</Table.Td>
                      <Table.Td>
                        <MemberLinks links={memberLinks?.[e.user_id]} />
                      </Table.Td>
                      {canAdd && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {e.user_status === INVITED_STATUS && e.email && (
                              <Tooltip label={t('employees.resend', { name })} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('employees.resend', { name })}
                                  loading={resending === e.user_id}
                                  onClick={() => void resend(e)}
                                >
                                  <ResendIcon />
                                </ActionIcon>
                              </Tooltip>
                            )}
                            {isAdmin && (
                              <Tooltip label={t('employees.edit', { name })} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('employees.edit', { name })}
                                  onClick={() => setEditing(e)}
                                >
                                  <EditIcon />
                                </ActionIcon>
                              </Tooltip>
                            )}
                            {isAdmin && e.user_id !== me && (
                              <Tooltip label={t('employees.remove', { name })} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('employees.remove', { name })}
                                  onClick={() => setRemoving({ userId: e.user_id, name })}
                                >
                                  <RemoveIcon />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </DataTable>
            )}
            {/* A new organisation lists its creator alone: say how the others join. */}
            {canAdd && members.length === 1 && members[0]?.user_id === me && rows.length === 1 && (
              <EmptyState title={t('employees.only_you')} action={addActions} data-testid="employees-only-you">
                {t('employees.none_yet_hint')}
              </EmptyState>
            )}
          </>
        )}
      </Stack>
      <AddEmployeeModal opened={adding} onClose={() => setAdding(false)} onAdded={showInvited} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} onImported={showInvited} />
      <AssignTeamModal
        opened={assigning}
        userIds={shownSelected}
        onClose={() => setAssigning(false)}
        onAssigned={() => setSelected(new Set())}
      />
      <RemoveUserModal target={removing} onClose={() => setRemoving(null)} />
      <EditMemberModal member={editing} name={editing ? nameOf(editing) : ''} onClose={() => setEditing(null)} />
    </Card>
  );
}
