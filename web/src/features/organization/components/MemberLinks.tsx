// One member's connected integrations in the employee list (issue #28 item 7): a badge per
// linked CRM or spreadsheet in its card colour, a red one per link that must be connected again,
// "None" without any. The organisation's webhook is the organisation's, not the member's, so it
// is not repeated on every row. A dash while the links are unknown.
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROVIDERS } from '@/generated/domain';
import type { MemberIntegrations } from '@/generated/contract';

const memberProviders = PROVIDERS.filter((p) => p.owner === 'user');

export function MemberLinks({ links }: { links: MemberIntegrations | null | undefined }) {
  const { t } = useTranslation('organization');
  if (!links) {
    return (
      <Text span c="dimmed" aria-label={t('employees.links_unknown')}>
        —
      </Text>
    );
  }
  const linked = memberProviders.filter((p) => links.integrations[p.key]);
  const dead = memberProviders.filter((p) => links.needs_reconnect.includes(p.key));
  if (linked.length === 0 && dead.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        {t('employees.no_integrations')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="member-links">
      {linked.map((p) => (
        <Badge key={p.key} variant="light" color={p.card.color} tt="none" miw="max-content">
          {p.card.title}
        </Badge>
      ))}
      {dead.map((p) => (
        <Badge key={p.key} variant="outline" color="red.7" tt="none" miw="max-content">
          {t('employees.reconnect', { name: p.card.title })}
        </Badge>
      ))}
    </Group>
  );
}
