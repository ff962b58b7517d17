// Reminders by date (001 §2 'reminders with date view'): a date picked in the browser's calendar
// and the week from it, day by day in the user's zone — each reminder's time, title, priority and
// whether it is done — with delete after confirming ('Reminder deleted successfully').
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUp, FollowUpBoard } from '@/generated/contract';
import * as api from '../planner/api';
import { PRIORITY_COLOR } from '../planner/components/FollowUpItem';
import { ConfirmDelete, usePlannerCodeText } from '../planner/components/shared';
import { allOf, browserZone, localInZone, timeInZone } from '../planner/logic';
import { errorCodeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { daysFrom } from './due';

const DAYS = 7;

export function ReminderDateView({
  orgId,
  board,
  onBoard,
  onDone,
}: {
  orgId: number | null;
  board: FollowUpBoard | null;
  onBoard: (board: FollowUpBoard) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const zone = browserZone() ?? 'UTC';
  const [date, setDate] = useState(() => localInZone(Date.now(), zone).slice(0, 10));
  const [deleting, setDeleting] = useState<FollowUp | null>(null);
  const [busy, setBusy] = useState(false);
  const days = useMemo(() => daysFrom(date, DAYS), [date]);
  const byDay = useMemo(() => {
    const map = new Map<string, FollowUp[]>();
    for (const f of board ? allOf(board) : []) {
      const day = localInZone(Date.parse(f.due_at), zone).slice(0, 10);
      map.set(day, [...(map.get(day) ?? []), f]);
    }
    for (const list of map.values()) list.sort((a, b) => a.due_at.localeCompare(b.due_at));
    return map;
  }, [board, zone]);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      onBoard(await api.deleteFollowUp(orgId, deleting.id));
      toast.success(t('reminders.deleted'));
      setDeleting(null);
    } catch (e) {
      toast.error(codeText(errorCodeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  const dayTitle = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  return (
    <Stack gap="sm">
      <TextInput type="date" label={t('reminders.date')} value={date} onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)} maw={220} />
      {days.map((day) => {
        const list = byDay.get(day) ?? [];
        return (
          <Stack key={day} gap={4} component="section" aria-label={dayTitle(day)} data-testid="reminder-day" data-day={day}>
            <Title order={3} size="h6">
              {dayTitle(day)}
            </Title>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reminders.day_empty')}
              </Text>
            ) : (
              list.map((f) => (
                <Group key={f.id} gap="xs" wrap="nowrap" data-testid="reminder-entry">
                  <Text size="sm" c="dimmed" w={64}>
                    {timeInZone(Date.parse(f.due_at), zone, i18n.language)}
                  </Text>
                  <Text size="sm" fw={500} td={f.state === 'completed' ? 'line-through' : undefined} style={{ flex: 1, minWidth: 0 }} truncate>
                    {f.title}
                  </Text>
                  {f.priority !== 'none' && (
                    <Badge size="xs" variant="light" color={PRIORITY_COLOR[f.priority]}>
                      {t(`priority.${f.priority}`)}
                    </Badge>
                  )}
                  <ActionIcon variant="subtle" color="red" size="sm" onClick={() => setDeleting(f)} aria-label={t('reminders.delete_named', { title: f.title })}>
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              ))
            )}
          </Stack>
        );
      })}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('reminders.done')}
        </Button>
      </Group>
      <ConfirmDelete
        opened={deleting !== null}
        title={t('reminders.confirm_title')}
        text={t('reminders.confirm_text', { title: deleting?.title ?? '' })}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
