// A contact's timeline in its drawer: everything that happened with it — chats, calls, logged
// calls, notes, tasks, deals and tickets — newest first, by day, 50 at a time ("Load older" adds
// the next 50 under them); and a note or a task added. What was added is confirmed with the CRMs
// it also reached, and a CRM that refused it is named in a warning that stays until dismissed;
// then the newest page is read again.
import { Alert, Button, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCalendarPlus, IconNotes } from '@tabler/icons-react';
import type { ContactActivity } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { activityReport, entryKey, entryView, formatDayLabel, groupByDay } from '../timelineLogic';
import { useTimeline } from '../useTimeline';
import { AddNoteModal } from './AddNoteModal';
import { AddTaskModal } from './AddTaskModal';
import { EntryIcon, TimelineEntry } from './TimelineEntry';

type Adding = 'note' | 'task' | null;

export function ContactTimeline({
  orgId,
  contactId,
  memberName,
}: {
  orgId: number;
  contactId: number;
  /** A member's name by user id. */
  memberName: (id: number) => string;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const titleId = useId();
  const timeline = useTimeline(orgId, contactId);
  const [adding, setAdding] = useState<Adding>(null);
  const [failures, setFailures] = useState<{ crm: string; code: string }[]>([]);

  function added(kind: 'note' | 'task', activity: ContactActivity) {
    setAdding(null);
    toast.success(t(kind === 'note' ? 'timeline.note_added' : 'timeline.task_added'));
    const report = activityReport(activity, i18n.language);
    if (report.written) toast.success(t('timeline.also_in', { crms: report.written }));
    setFailures(report.failed);
    timeline.reload();
  }

  async function older() {
    const failed = await timeline.loadOlder();
    if (failed) toast.error(codeText(failed));
  }

  const groups = groupByDay(timeline.items);

  return (
    <section aria-labelledby={titleId} data-testid="contact-timeline">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id={titleId}>
            {t('timeline.title')}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconNotes size={14} />} onClick={() => setAdding('note')}>
              {t('timeline.add_note')}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconCalendarPlus size={14} />} onClick={() => setAdding('task')}>
              {t('timeline.add_task')}
            </Button>
          </Group>
        </Group>
        {failures.length > 0 && (
          <Alert
            color="yellow"
            title={t('timeline.not_in_title')}
            withCloseButton
            closeButtonLabel={t('timeline.dismiss')}
            onClose={() => setFailures([])}
            data-testid="timeline-crm-failures"
            p="xs"
          >
            {failures.map((f, i) => (
              <Text key={i} size="sm">
                {t('timeline.not_in', { crm: f.crm, reason: codeText(f.code) })}
              </Text>
            ))}
          </Alert>
        )}
        {timeline.phase === 'loading' && !timeline.read && <Loader size="sm" aria-label={t('timeline.loading')} />}
        {timeline.phase === 'error' && (
          <Group gap="xs">
            <Text c="red.7" size="sm">
              {t('timeline.failed')}
            </Text>
            <Button size="xs" variant="subtle" onClick={timeline.retry}>
              {t('service.retry')}
            </Button>
          </Group>
        )}
        {timeline.phase !== 'error' && timeline.read && timeline.items.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('timeline.empty')}
          </Text>
        )}
        {timeline.phase !== 'error' &&
          groups.map((group) => (
            <Stack key={group.day} gap={6} data-testid="timeline-day">
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {group.relative ? t(`timeline.${group.relative}`) : formatDayLabel(group.day, i18n.language)}
              </Text>
              <Timeline bulletSize={26} lineWidth={2}>
                {group.items.map((item) => (
                  <Timeline.Item key={entryKey(item)} bullet={<EntryIcon kind={item.kind} color={entryView(item).color} />}>
                    <TimelineEntry item={item} who={item.user_id ? memberName(item.user_id) : null} />
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          ))}
        {timeline.phase !== 'error' && timeline.hasOlder && (
          <Group justify="center">
            <Button size="xs" variant="default" loading={timeline.loadingOlder} onClick={() => void older()}>
              {t('timeline.load_older')}
            </Button>
          </Group>
        )}
      </Stack>
      <AddNoteModal
        orgId={orgId}
        contactId={contactId}
        opened={adding === 'note'}
        onClose={() => setAdding(null)}
        onAdded={(a) => added('note', a)}
      />
      <AddTaskModal
        orgId={orgId}
        contactId={contactId}
        opened={adding === 'task'}
        onClose={() => setAdding(null)}
        onAdded={(a) => added('task', a)}
      />
    </section>
  );
}
