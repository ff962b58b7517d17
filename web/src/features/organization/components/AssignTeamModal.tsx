// Assign the selected employees to a team (PATCH teams/members); every one must be a member of
// the organisation, or nothing changes.
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { allowed } from '../logic';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

interface Props {
  opened: boolean;
  userIds: number[];
  onClose: () => void;
  onAssigned: () => void;
}

export function AssignTeamModal({ opened, userIds, onClose, onAssigned }: Props) {
  const { t } = useTranslation('organization');
  const { describe } = useErrorText();
  const mapping = useOrganization((s) => s.mapping);
  const teams = useOrganization((s) => s.teams);
  const refreshMembers = useOrganization((s) => s.refreshMembers);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const isAdmin = allowed('admin', mapping?.role_id);
  // A manager places people in their own team only.
  const choices = isAdmin ? teams : teams.filter((x) => x.id === mapping?.team_id);
  const [team, setTeam] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setTeam(String(choices[0]?.id ?? ''));
      setError(null);
    }
    // Only when the dialog opens: the choices do not change while it is open.
  }, [opened]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!mapping || !team) return;
    setBusy(true);
    setError(null);
    try {
      await api.assignTeam({ org_id: mapping.org_id, team_id: Number(team), user_ids: userIds });
      const name = teams.find((x) => x.id === Number(team))?.team_name ?? '';
      toast.success(t('assign.done', { count: userIds.length, team: name }));
      onAssigned();
      onClose();
      void refreshMembers();
      void refreshTeams();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('assign.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('assign.selected', { count: userIds.length })}</Text>
          {choices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('assign.no_teams')}
            </Text>
          ) : (
            <NativeSelect
              label={t('assign.team')}
              value={team}
              onChange={(e) => setTeam(e.currentTarget.value)}
              data={choices.map((x) => ({ value: String(x.id), label: x.team_name }))}
              data-autofocus
            />
          )}
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!team || userIds.length === 0}>
              {t('assign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
