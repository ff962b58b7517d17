// Assign the selected employees to a team (PATCH teams/members); every one must be a member of
// the organisation, or nothing changes.
import { NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useOnOpen, useSubmit } from '@/components/FormModal';
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
  const form = useSubmit(describe);

  useOnOpen(opened, () => {
    setTeam(String(choices[0]?.id ?? ''));
    form.setError(null);
  });

  function submit() {
    if (!mapping || !team) return;
    void form.run(async () => {
      await api.assignTeam({ org_id: mapping.org_id, team_id: Number(team), user_ids: userIds });
      const name = teams.find((x) => x.id === Number(team))?.team_name ?? '';
      toast.success(t('assign.done', { count: userIds.length, team: name }));
      onAssigned();
      onClose();
      void refreshMembers();
      void refreshTeams();
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('assign.title')}
      onSubmit={submit}
      error={form.error}
      busy={form.busy}
      submitLabel={t('assign.submit')}
      cancelLabel={t('cancel')}
      submitDisabled={!team || userIds.length === 0}
    >
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
    </FormModal>
  );
}
