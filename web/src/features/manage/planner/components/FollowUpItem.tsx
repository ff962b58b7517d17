// One follow-up on the board: the tick that completes it, its title, its due time in its own zone
// and relative to now, its priority, amount, contact, e-mail, lead time, recurrence, notes and
// comment; edit and delete.
import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconPencil, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FollowUp, Priority } from '@/generated/contract';
import { formatInZone, leadParts, relativeTime } from '../logic';

export const PRIORITY_COLOR: Record<Priority, string> = {
  none: 'gray',
  very_low: 'gray',
  low: 'blue',
  medium: 'yellow',
  high: 'orange',
  very_high: 'red',
};

export function FollowUpItem({
  item,
  now,
  busy,
  completing,
  onTick,
  onEdit,
  onDelete,
}: {
  item: FollowUp;
  now: number;
  busy: boolean;
  /** Being completed: ticked at once, before the server answers. */
  completing: boolean;
  onTick: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const dueMs = Date.parse(item.due_at);
  const done = item.state === 'completed';
  const overdue = !done && dueMs <= now;
  const lead = leadParts(item.lead_minutes);
  return (
    <Card withBorder padding="sm" data-testid="follow-up" data-id={item.id} component="li">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          mt={2}
          checked={done || completing}
          disabled={done || busy}
          onChange={() => !done && onTick()}
          aria-label={t('followups.tick', { title: item.title })}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} td={done ? 'line-through' : undefined} data-testid="follow-up-title">
              {item.title}
            </Text>
            {item.priority !== 'none' && (
              <Badge size="sm" variant="light" color={PRIORITY_COLOR[item.priority]} data-testid="priority">
                {t(`priority.${item.priority}`)}
              </Badge>
            )}
            {overdue && (
              <Badge size="sm" color="red" variant="outline">
                {t('followups.overdue')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c={overdue ? 'red' : 'dimmed'} data-testid="follow-up-due">
            {t('in_zone', { time: formatInZone(dueMs, item.time_zone, lang), zone: item.time_zone })}
            {' · '}
            {relativeTime(dueMs, now, lang)}
          </Text>
          {done && item.completed_at && (
            <Text size="sm" c="teal" data-testid="follow-up-completed">
              {t('followups.completed_at', { when: relativeTime(Date.parse(item.completed_at), now, lang) })}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            {item.amount && (
              <Text size="sm" data-testid="follow-up-amount">
                {t('followups.amount')}: {item.amount}
              </Text>
            )}
            {item.contact && (
              <Text size="sm" data-testid="follow-up-contact">
                {t('followups.contact')}: {item.contact}
              </Text>
            )}
            {item.email && (
              <Text size="sm" data-testid="follow-up-email">
                {t('followups.email')}: {item.email}
              </Text>
            )}
            {lead && (
              <Group gap={4} data-testid="follow-up-lead">
                <IconBell size={14} aria-hidden />
                <Text size="sm">{t(`lead.before_${lead.unit}`, { count: lead.amount })}</Text>
              </Group>
            )}
            {item.recurrence !== 'none' && (
              <Group gap={4} data-testid="follow-up-recurrence">
                <IconRepeat size={14} aria-hidden />
                <Text size="sm">{t(`recurrence.${item.recurrence}`)}</Text>
              </Group>
            )}
          </Group>
          {item.notes && (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              {item.notes}
            </Text>
          )}
          {item.comment && (
            <Text size="sm" c="dimmed" fs="italic" lineClamp={2} data-testid="follow-up-comment">
              {t('followups.comment')}: {item.comment}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {!done && (
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('followups.edit_named', { title: item.title })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('followups.delete_named', { title: item.title })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
