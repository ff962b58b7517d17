// The organisation's teams with their colours and member counts; managers and admins create
// teams, admins (and a team's own manager) rename or recolour them.
import { ActionIcon, Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUsersGroup } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { Team } from '@/generated/contract';
import { allowed } from '../logic';
import { useOrganization } from '../stores/organization';
import { TeamBadge } from './TeamBadge';
import { TeamFormModal } from './TeamFormModal';

function EditIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}

export function TeamsSection() {
  const { t } = useTranslation('organization');
  const phase = useOrganization((s) => s.teamsPhase);
  const teams = useOrganization((s) => s.teams);
  const palette = useOrganization((s) => s.palette);
  const mapping = useOrganization((s) => s.mapping);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const [opened, setOpened] = useState(false);
  // Kept after closing so the modal's title does not change while it fades out.
  const [team, setTeam] = useState<Team | null>(null);
  const open = (which: Team | null) => {
    setTeam(which);
    setOpened(true);
  };

  const canCreate = allowed('manager', mapping?.role_id);
  const isAdmin = allowed('admin', mapping?.role_id);
  const canEdit = (team: Team) => isAdmin || (canCreate && mapping?.team_id === team.id);

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="teams-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="teams-heading">
            {t('teams.heading')}
          </Title>
          {canCreate && (
            <Button size="sm" onClick={() => open(null)} disabled={phase !== 'ready'}>
              {t('teams.create')}
            </Button>
          )}
        </Group>
        {phase === 'loading' && (
          <Stack gap="xs" aria-label={t('loading')}>
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        )}
        {phase === 'error' && (
          <Alert color="red" title={t('teams.load_failed')}>
            <Button size="xs" variant="light" onClick={() => void refreshTeams(true)}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        {phase === 'ready' && teams.length === 0 && (
          <EmptyState
            icon={<IconUsersGroup size={22} />}
            title={t('teams.empty')}
            action={
              canCreate && (
                <Button variant="light" onClick={() => open(null)}>
                  {t('teams.create_first')}
                </Button>
              )
            }
            data-testid="teams-empty"
          >
            {canCreate ? t('teams.empty_hint') : t('teams.empty_who')}
          </EmptyState>
        )}
        {phase === 'ready' && teams.length > 0 && (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-labelledby="teams-heading">
            {teams.map((team) => (
              <li key={team.id}>
                <Group justify="space-between" py={6} wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <TeamBadge team={team} palette={palette} />
                    <Text size="sm" c="dimmed">
                      {t('teams.members', { count: team.member_count ?? 0 })}
                    </Text>
                  </Group>
                  {canEdit(team) && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('teams.edit_named', { name: team.team_name })}
                      onClick={() => open(team)}
                    >
                      <EditIcon />
                    </ActionIcon>
                  )}
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <TeamFormModal opened={opened} team={team} onClose={() => setOpened(false)} />
    </Card>
  );
}
