// One scheduled message: recipient, the message's first line, its attachment, how it repeats
// ("Every 1 week, 5 times"), the next send in its zone and relative to now, the sends counted
// (sent, failed, missed), its status, and the latest sends with late and missed badges.
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ScheduledMessage, ScheduleSend } from '@/generated/contract';
import { excerpt, fileSize, formatWithWeekday, relativeTime } from '../logic';

const STATUS_COLOR = { active: 'teal', finished: 'gray', cancelled: 'gray' } as const;
const SEND_COLOR = { due: 'blue', claimed: 'blue', sent: 'teal', failed: 'red', missed: 'red', cancelled: 'gray' } as const;
type Status = keyof typeof STATUS_COLOR;
type SendStatus = keyof typeof SEND_COLOR;
const isStatus = (s: string): s is Status => s in STATUS_COLOR;
const isSendStatus = (s: string): s is SendStatus => s in SEND_COLOR;

/** "Once", "Every 1 week", "Every 2 days, 5 times". */
export function repeatSummary(t: TFunction<'planner'>, s: Pick<ScheduledMessage, 'every' | 'unit' | 'stop_after'>): string {
  if (!s.unit || !s.every) return t('schedules.once');
  const repeat = t(`schedules.every_${s.unit}`, { count: s.every });
  return s.stop_after ? t('schedules.summary', { repeat, times: t('schedules.times', { count: s.stop_after }) }) : repeat;
}

function SendRow({ send, zone, now }: { send: ScheduleSend; zone: string; now: number }) {
  const { t, i18n } = useTranslation('planner');
  const at = Date.parse(send.due_at);
  return (
    <Table.Tr data-testid="recent-send" data-status={send.status}>
      <Table.Td>
        <Text size="xs">{formatWithWeekday(at, zone, i18n.language)}</Text>
        <Text size="xs" c="dimmed">
          {relativeTime(at, now, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge size="xs" variant="light" color={isSendStatus(send.status) ? SEND_COLOR[send.status] : 'gray'} data-testid="send-status">
            {isSendStatus(send.status) ? t(`schedules.send_status.${send.status}`) : send.status}
          </Badge>
          {send.late && (
            <Badge size="xs" color="orange" data-testid="late-badge">
              {t('schedules.late')}
            </Badge>
          )}
        </Group>
        {send.error && (
          <Text size="xs" c="red">
            {send.error}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ScheduleCard({
  schedule,
  now,
  onEdit,
  onDelete,
}: {
  schedule: ScheduledMessage;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const zone = schedule.time_zone;
  const next = schedule.next_send_at ? Date.parse(schedule.next_send_at) : null;
  const status = isStatus(schedule.status) ? schedule.status : null;
  return (
    <Card withBorder padding="sm" component="li" data-testid="schedule" data-id={schedule.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600} data-testid="schedule-recipient">
              {schedule.recipient}
            </Text>
            <Badge size="sm" variant="light" color={status ? STATUS_COLOR[status] : 'gray'} data-testid="schedule-status">
              {status ? t(`schedules.status.${status}`) : schedule.status}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('schedules.edit_named', { recipient: schedule.recipient })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('schedules.delete_named', { recipient: schedule.recipient })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c={schedule.message.trim() ? undefined : 'dimmed'} data-testid="schedule-message">
          {schedule.message.trim() ? excerpt(schedule.message) : t('schedules.no_message')}
        </Text>
        {schedule.attachment && (
          <Group gap={4} data-testid="schedule-attachment">
            <IconPaperclip size={14} aria-hidden />
            <Anchor size="sm" href={schedule.attachment.url} target="_blank" rel="noreferrer">
              {schedule.attachment.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              ({fileSize(schedule.attachment.size_bytes, lang)})
            </Text>
          </Group>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm" data-testid="schedule-repeat">
            {repeatSummary(t, schedule)}
          </Text>
          <Text size="sm" data-testid="schedule-next">
            {t('schedules.next_send')}:{' '}
            {next === null
              ? t('schedules.no_next_send')
              : `${t('in_zone', { time: formatWithWeekday(next, zone, lang), zone })} · ${relativeTime(next, now, lang)}`}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="schedule-counts">
          {t('schedules.counts', { sent: schedule.sent, failed: schedule.failed, missed: schedule.missed })}
        </Text>
        <Text size="xs" c="dimmed">
          {schedule.missed_policy === 'skip' ? t('schedules.missed_policy_skip') : t('schedules.missed_policy_send_late')}
          {schedule.cancel_if_replied ? ` · ${t('schedules.cancel_if_replied_on')}` : ''}
        </Text>
        {schedule.recent.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2} aria-label={t('schedules.recent')} data-testid="recent-sends">
            <Table.Tbody>
              {schedule.recent.slice(0, 5).map((send) => (
                <SendRow key={send.id} send={send} zone={zone} now={now} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
