// One entry of a contact's timeline: its kind's icon, what it is (a message, a call, a note…),
// its direction (a message's or call's), status (a deal's stage, a ticket's status, a logged
// call's outcome, a task open or done) and length, its title and text, and who and when (a
// task's time is when it is due).
import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconBriefcase,
  IconCalendarCheck,
  IconCircle,
  IconMessage,
  IconNote,
  IconPhone,
  IconPhoneCall,
  IconTicket,
} from '@tabler/icons-react';
import type { TimelineItem } from '@/generated/contract';
import { formatDuration } from '../serviceLogic';
import { entryView } from '../timelineLogic';

const ICONS: Record<string, typeof IconMessage> = {
  message: IconMessage,
  call: IconPhone,
  call_log: IconPhoneCall,
  note: IconNote,
  task: IconCalendarCheck,
  deal: IconBriefcase,
  ticket: IconTicket,
};

/** The kind's icon, in its colour, for the timeline's bullet. */
export function EntryIcon({ kind, color }: { kind: string; color: string }) {
  const Icon = ICONS[kind] ?? IconCircle;
  return (
    <ThemeIcon size={26} radius="xl" color={color} variant="light" aria-hidden>
      <Icon size={15} />
    </ThemeIcon>
  );
}

export function TimelineEntry({ item, who }: { item: TimelineItem; who: string | null }) {
  const { t, i18n } = useTranslation('leads');
  const view = entryView(item);
  const time = new Date(item.at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const when = view.due ? t('timeline.due', { at: new Date(item.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) }) : time;
  const badges: ReactNode[] = [];
  if (view.directionKey)
    badges.push(
      <Badge key="direction" size="sm" variant="outline" color={item.direction === 'missed' || item.direction === 'rejected' ? 'red' : 'gray'} tt="none">
        {t(view.directionKey)}
      </Badge>,
    );
  if (view.statusKey || view.statusRaw)
    badges.push(
      <Badge key="status" size="sm" variant="light" color={view.done ? 'teal' : view.color} tt="none" data-testid="timeline-status">
        {view.statusKey ? t(view.statusKey) : view.statusRaw}
      </Badge>,
    );
  if (view.duration !== null)
    badges.push(
      <Text key="duration" size="xs" ff="monospace" data-testid="timeline-duration">
        {formatDuration(view.duration)}
      </Text>,
    );

  return (
    <Stack gap={2} data-testid="timeline-entry" data-kind={item.kind}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {view.kindKey ? t(view.kindKey) : item.kind}
        </Text>
        {badges}
      </Group>
      {item.title && (
        <Text size="sm" fw={500} td={view.done ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
      )}
      {item.text && (
        <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {who ? `${who} · ${when}` : when}
      </Text>
    </Stack>
  );
}
