// A team's name on its palette colours; "No team" in the list default when there is none.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColorEntry, Team } from '@/generated/contract';
import { teamColours } from '../logic';

export function TeamBadge({ team, palette }: { team: Team | null | undefined; palette: ColorEntry[] }) {
  const { t } = useTranslation('organization');
  const { bg, fg } = teamColours(team, palette);
  return (
    <Badge radius="sm" tt="none" fw={600} styles={{ root: { backgroundColor: bg, color: fg } }}>
      {team ? team.team_name : t('employees.no_team')}
    </Badge>
  );
}
