// A team's name on its palette colours (the list default, 001 §9, when it has none); "No team"
// as plain text.
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColorEntry, Team } from '@/generated/contract';
import { teamColours } from '../logic';

export function TeamBadge({ team, palette }: { team: Team | null | undefined; palette: ColorEntry[] }) {
  const { t } = useTranslation('organization');
  if (!team) {
    return (
      <Text span size="sm" c="dimmed">
        {t('employees.no_team')}
      </Text>
    );
  }
  const { bg, fg } = teamColours(team, palette);
  return (
    <Badge radius="sm" tt="none" fw={600} miw="max-content" styles={{ root: { backgroundColor: bg, color: fg } }}>
      {team.team_name}
    </Badge>
  );
}
