// What adding people needs, by hand (AddEmployeeModal) or from a file (ImportModal): the
// caller's organisation, the team the new people join — an admin chooses it, anyone else adds to
// their own team — and the lists read again once they are in.
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowed } from '../logic';
import { useOrganization } from '../stores/organization';

export function useNewMembers() {
  const mapping = useOrganization((s) => s.mapping);
  const teams = useOrganization((s) => s.teams);
  const refreshMembers = useOrganization((s) => s.refreshMembers);
  const refreshSummary = useOrganization((s) => s.refreshSummary);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const isAdmin = allowed('admin', mapping?.role_id);
  const [team, setTeam] = useState('');
  return {
    mapping,
    teams,
    isAdmin,
    team,
    setTeam,
    /** The team chosen, or null for none. */
    teamId: team ? Number(team) : null,
    /** The choice a dialog opens with: no team for an admin, the caller's own otherwise. */
    resetTeam: () => setTeam(isAdmin ? '' : String(mapping?.team_id ?? '')),
    /** Reads the members and the summary again, and the teams when one gained members. */
    refresh: (teamsChanged: boolean) => {
      void refreshMembers();
      void refreshSummary();
      if (teamsChanged) void refreshTeams();
    },
  };
}

/** The team the new people join: only an admin may choose it. */
export function TeamSelect({ label, form, disabled = false }: { label: string; form: ReturnType<typeof useNewMembers>; disabled?: boolean }) {
  const { t } = useTranslation('organization');
  return (
    <NativeSelect
      label={label}
      value={form.team}
      onChange={(e) => form.setTeam(e.currentTarget.value)}
      disabled={!form.isAdmin || disabled}
      data={[{ value: '', label: t('employees.no_team') }, ...form.teams.map((x) => ({ value: String(x.id), label: x.team_name }))]}
    />
  );
}
