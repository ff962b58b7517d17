// Edit a member (admins): role, team and the organisation's own employee ID (PATCH employees).
// The person's name is theirs to change, not the organisation's; demoting the last admin is
// refused by the server (409), whose text shows here.
import { NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@/generated/contract';
import { FormModal, useSubmit } from '@/components/FormModal';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

interface Props {
  member: Employee | null;
  name: string;
  onClose: () => void;
}

/** The longest employee ID the server keeps. */
const MAX_CODE_CHARS = 64;

export function EditMemberModal({ member, name, onClose }: Props) {
  const { t } = useTranslation('organization');
  const { describe } = useErrorText();
  const mapping = useOrganization((s) => s.mapping);
  const teams = useOrganization((s) => s.teams);
  const replaceMember = useOrganization((s) => s.replaceMember);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const [role, setRole] = useState('3');
  const [team, setTeam] = useState('0');
  const [code, setCode] = useState('');
  const form = useSubmit(describe);

  useEffect(() => {
    if (!member) return;
    setRole(String(member.role_id));
    setTeam(String(member.team_id ?? 0));
    setCode(member.employee_code ?? '');
    form.setError(null);
    // A member chosen: their values; the form's state setter does not change.
  }, [member]);

  const codeTooLong = [...code.trim()].length > MAX_CODE_CHARS;

  function submit() {
    if (!mapping || !member || codeTooLong) return;
    void form.run(async () => {
      const saved = await api.updateEmployee({
        org_id: mapping.org_id,
        user_id: member.user_id,
        role_id: Number(role),
        team_id: Number(team),
        employee_code: code.trim(),
      });
      // The server's answer carries the team's name but not its colours; the list's own do.
      const listed = teams.find((x) => x.id === saved.team_id);
      replaceMember(listed ? { ...saved, callyzer_orgamnization_team: listed } : saved);
      toast.success(t('edit.saved', { name }));
      onClose();
      void refreshTeams();
    });
  }

  return (
    <FormModal
      opened={member !== null}
      onClose={onClose}
      title={t('edit.title', { name })}
      onSubmit={submit}
      error={form.error}
      busy={form.busy}
      submitLabel={t('edit.submit')}
      cancelLabel={t('cancel')}
      submitDisabled={codeTooLong}
    >
      <NativeSelect
        label={t('edit.role')}
        value={role}
        onChange={(e) => setRole(e.currentTarget.value)}
        data={[1, 2, 4, 3].map((r) => ({ value: String(r), label: t(`employees.role_${r as 1 | 2 | 3 | 4}`) }))}
        data-autofocus
      />
      <NativeSelect
        label={t('edit.team')}
        value={team}
        onChange={(e) => setTeam(e.currentTarget.value)}
        data={[{ value: '0', label: t('employees.no_team') }, ...teams.map((x) => ({ value: String(x.id), label: x.team_name }))]}
      />
      <TextInput
        label={t('edit.employee_id')}
        description={t('edit.employee_id_hint')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={codeTooLong ? t('edit.employee_id_too_long', { n: MAX_CODE_CHARS }) : null}
      />
    </FormModal>
  );
}
