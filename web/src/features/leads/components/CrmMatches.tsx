// The records of a CRM that may be the contact (by number or e-mail), each with its name — or its
// id when it has none —, its stage when the CRM keeps one, its e-mail and phone, and a button to
// link it; none is said so ("No matched CRM contact").
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconLink } from '@tabler/icons-react';
import type { CrmMatch } from '@/generated/contract';
import { isStage } from '../logic';

export function CrmMatches({
  matches,
  linking,
  disabled,
  onLink,
}: {
  matches: CrmMatch[];
  /** The record being linked now, if any. */
  linking: string | null;
  /** Another action is under way. */
  disabled: boolean;
  onLink: (m: CrmMatch) => void;
}) {
  const { t } = useTranslation('leads');
  if (matches.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="crm-no-matches">
        {t('contact_crm.no_matches')}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="crm-matches">
      {matches.map((m) => (
        <Paper key={m.crm_id} withBorder p="xs" radius="md" data-testid="crm-match">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {m.name ?? t('contact_crm.unnamed', { id: m.crm_id })}
                {isStage(m.lifecycle_stage) && (
                  <Text span size="xs" c="dimmed">
                    {' · '}
                    {t(`stage.${m.lifecycle_stage}`)}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[m.email, m.phone].filter(Boolean).join(' · ') || t('none')}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={14} />}
              aria-label={t('contact_crm.link_to', { name: m.name ?? m.crm_id })}
              loading={linking === m.crm_id}
              disabled={disabled && linking !== m.crm_id}
              onClick={() => onLink(m)}
            >
              {t('contact_crm.link')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
