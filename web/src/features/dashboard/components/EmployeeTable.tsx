// Calls per employee (001 §3 calls overview): each selected employee with their team badge
// (the dashboard default #E9F7F7 without a colour), totals and each direction; then the top
// performers and those needing attention (2 each, 001 §9). Names fall back to NA / Admin.
import { Badge, Card, Group, List, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { Employee, Team, UserOverview } from '@/generated/contract';
import { DIRECTIONS, duration, personName, teamColours, type CsvCell } from '../logic';
import type { Analytics } from '../stores/dashboard';
import { CsvButton } from './CsvButton';

function TeamBadge({ team }: { team: Team | undefined }) {
  const { t } = useTranslation('dashboard');
  const { bg, fg } = teamColours(team);
  return (
    <Badge radius="sm" tt="none" fw={600} miw="max-content" styles={{ root: { backgroundColor: bg, color: fg } }}>
      {team?.team_name ?? t('table.no_team')}
    </Badge>
  );
}

function useRows(teams: Team[], members: Employee[]) {
  const { t } = useTranslation('dashboard');
  const teamOf = (u: UserOverview) => teams.find((x) => x.id === u.team_id);
  const nameOf = (u: UserOverview) =>
    personName(u.name, members.find((m) => m.user_id === u.user_id)?.role_id ?? null, t);
  return { teamOf, nameOf };
}

export function EmployeeTable({ data, teams, members }: { data: Analytics; teams: Team[]; members: Employee[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const nf = new Intl.NumberFormat(i18n.language);
  const { teamOf, nameOf } = useRows(teams, members);
  const users = data.overview.users;

  const rows = (): CsvCell[][] => [
    [
      t('csv.user_id'),
      t('table.name'),
      t('table.team'),
      t('table.total'),
      t('csv.duration_s'),
      t('table.unique'),
      ...DIRECTIONS.flatMap((d) => [t(`directions.${d}`), `${t(`directions.${d}`)} (${t('csv.seconds')})`]),
    ],
    ...users.map((u) => [
      u.user_id,
      nameOf(u),
      teamOf(u)?.team_name ?? '',
      u.all.total_count,
      u.all.total_duration,
      u.all.unique_calls,
      ...DIRECTIONS.flatMap((d) => [u[d].total_count, u[d].total_duration]),
    ]),
  ];

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="dash-table">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="dash-table">
          {t('table.heading')}
        </Title>
        <CsvButton name={t('table.heading')} file="employees" rows={rows} />
      </Group>
      {users.every((u) => u.all.total_count === 0) ? (
        <EmptyState title={t('charts.no_calls')} data-testid="employee-table-empty" />
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover aria-labelledby="dash-table" miw={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.name')}</Table.Th>
                <Table.Th>{t('table.team')}</Table.Th>
                <Table.Th ta="right">{t('table.total')}</Table.Th>
                <Table.Th ta="right">{t('table.duration')}</Table.Th>
                <Table.Th ta="right">{t('table.unique')}</Table.Th>
                {DIRECTIONS.map((d) => (
                  <Table.Th key={d} ta="right">
                    {t(`directions.${d}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((u) => (
                <Table.Tr key={u.user_id} data-testid="employee-row">
                  <Table.Td>{nameOf(u)}</Table.Td>
                  <Table.Td>
                    <TeamBadge team={teamOf(u)} />
                  </Table.Td>
                  <Table.Td ta="right">{nf.format(u.all.total_count)}</Table.Td>
                  <Table.Td ta="right">{duration(u.all.total_duration)}</Table.Td>
                  <Table.Td ta="right">{nf.format(u.all.unique_calls)}</Table.Td>
                  {DIRECTIONS.map((d) => (
                    <Table.Td key={d} ta="right">
                      {nf.format(u[d].total_count)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}

export function Rankings({ data, teams, members }: { data: Analytics; teams: Team[]; members: Employee[] }) {
  const { t } = useTranslation('dashboard');
  const { teamOf, nameOf } = useRows(teams, members);
  const byId = new Map(data.overview.users.map((u) => [u.user_id, u]));
  const lists = [
    { key: 'top', ids: data.overview.top_performers },
    { key: 'attention', ids: data.overview.needing_attention },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {lists.map(({ key, ids }) => (
        <Card key={key} withBorder padding="sm" component="section" aria-labelledby={`rank-${key}`} data-testid={`rank-${key}`}>
          <Title order={2} size="h5" id={`rank-${key}`} mb="xs">
            {t(`rank.${key}`)}
          </Title>
          {ids.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('rank.none')}
            </Text>
          ) : (
            <List listStyleType="none" spacing="xs">
              {ids.map((id) => {
                const u = byId.get(id);
                if (!u) return null;
                return (
                  <List.Item key={id}>
                    <Stack gap={0}>
                      <Group gap="xs">
                        <Text fw={600}>{nameOf(u)}</Text>
                        <TeamBadge team={teamOf(u)} />
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('rank.summary', { calls: u.all.total_count, duration: duration(u.all.total_duration) })}
                      </Text>
                    </Stack>
                  </List.Item>
                );
              })}
            </List>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
