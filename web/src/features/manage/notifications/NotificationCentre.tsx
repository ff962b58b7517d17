// The frame's notification centre (001 §2 'notifications (Pending and Upcoming tabs)', §4 'ticked
// individually or via mark all complete'; issue #28, item 4): a bell in the top bar counting the
// signed-in user's due follow-ups in the current workspace, and a drawer with the Pending and
// Upcoming tabs — each entry's title, contact, due time in the user's zone and priority, a tick
// to complete it, "Mark all complete", a link to the Follow-ups tab, the quick-reminder form and
// the reminders by date, and the button that asks for desktop notifications. It runs the reminder
// scheduler (useReminders). A lazily loaded chunk with the `planner` catalogue: the frame's first
// paint and the sign-up page do not carry it.
import { ActionIcon, Alert, Anchor, Badge, Button, Checkbox, Drawer, Group, Indicator, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconBell, IconBellRinging, IconCalendarEvent, IconChecks, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowUp, FollowUpBoard } from '@/generated/contract';
import * as api from '../planner/api';
import { PRIORITY_COLOR } from '../planner/components/FollowUpItem';
import { usePlannerCodeText } from '../planner/components/shared';
import { browserZone, formatInZone, relativeTime } from '../planner/logic';
import { errorCodeOf } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { toast } from '@/lib/toast';
import { askDesktopPermission, desktopPermission } from './alerts';
import { split } from './due';
import { QuickReminderForm } from './QuickReminderForm';
import { ReminderDateView } from './ReminderDateView';
import { useReminders } from './useReminders';

export const FOLLOW_UPS_PATH = '/quick-replies/follow-ups';

type Tab = 'pending' | 'upcoming';

export default function NotificationCentre({ orgId, userId }: { orgId: number | null; userId: number }) {
  const ready = useNamespace('planner');
  return ready ? <Centre orgId={orgId} userId={userId} /> : null;
}

function Centre({ orgId, userId }: { orgId: number | null; userId: number }) {
  const { t } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const { board, settings, failed, now, reload, setBoard } = useReminders(orgId, userId);
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<Tab>('pending');
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [dialog, setDialog] = useState<'quick' | 'date' | null>(null);
  const [permission, setPermission] = useState(desktopPermission);
  const lists = board ? split(board, now) : null;
  const count = lists?.pending.length ?? 0;

  async function run(which: number | 'all', call: () => Promise<FollowUpBoard>, done: string) {
    setBusy(which);
    try {
      setBoard(await call());
      toast.success(done);
    } catch (e) {
      toast.error(codeText(errorCodeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  const tick = (f: FollowUp) => void run(f.id, () => api.completeFollowUp(orgId, f.id), t('centre.completed_one', { title: f.title }));
  const markAll = () => void run('all', () => api.completeAllFollowUps(orgId), t('centre.marked_all'));

  function openDialog(which: 'quick' | 'date') {
    setOpened(false);
    setDialog(which);
  }

  const label = count > 0 ? t('centre.bell_count', { count }) : t('centre.bell');

  return (
    <>
      <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4} data-testid="notification-count">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          aria-expanded={opened}
          onClick={() => {
            // The bell opens on Pending: what it counts.
            if (!opened) setTab('pending');
            setOpened(!opened);
          }}
          data-testid="notification-bell"
        >
          {count > 0 ? <IconBellRinging size={20} /> : <IconBell size={20} />}
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size={400}
        title={t('centre.title')}
        data-testid="notification-centre"
      >
        <Stack gap="xs">
          <Group justify="flex-end" wrap="nowrap">
            <Anchor component={Link} to={FOLLOW_UPS_PATH} size="sm" onClick={() => setOpened(false)}>
              {t('centre.open_all')}
            </Anchor>
          </Group>
          {settings && !settings.enabled && (
            <Text size="xs" c="dimmed" data-testid="notifications-off">
              {t('centre.off')}
            </Text>
          )}
          {permission === 'default' && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconBellRinging size={14} />}
              onClick={() => void askDesktopPermission().then(setPermission)}
            >
              {t('centre.enable_desktop')}
            </Button>
          )}
          {permission === 'denied' && (
            <Text size="xs" c="dimmed">
              {t('centre.desktop_blocked')}
            </Text>
          )}
          {failed ? (
            <Alert color="red" variant="light" p="xs" data-testid="centre-failed">
              <Group gap="xs" justify="space-between">
                <Text size="sm">{t('load_failed')}</Text>
                <Button size="compact-xs" variant="light" color="red" onClick={() => void reload()}>
                  {t('retry')}
                </Button>
              </Group>
            </Alert>
          ) : !lists ? (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Group>
          ) : (
            <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
              <Tabs.List grow>
                {(['pending', 'upcoming'] as const).map((s) => (
                  <Tabs.Tab
                    key={s}
                    value={s}
                    rightSection={
                      <Badge size="xs" variant="light" color={s === 'pending' && lists[s].length > 0 ? 'red' : 'gray'} data-testid={`centre-count-${s}`}>
                        {lists[s].length}
                      </Badge>
                    }
                  >
                    {t(`centre.${s}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {(['pending', 'upcoming'] as const).map((s) => (
                <Tabs.Panel key={s} value={s} pt="xs">
                  {s === 'pending' && lists.pending.length > 0 && (
                    <Group justify="flex-end" mb={4}>
                      <Button size="compact-sm" variant="subtle" leftSection={<IconChecks size={14} />} loading={busy === 'all'} onClick={markAll}>
                        {t('centre.mark_all')}
                      </Button>
                    </Group>
                  )}
                  {lists[s].length === 0 ? (
                    <Text size="sm" c="dimmed" py="sm" ta="center" data-testid={`centre-empty-${s}`}>
                      {t(`centre.empty_${s}`)}
                    </Text>
                  ) : (
                    <Stack gap={6} component="ul" p={0} m={0} mah={320} style={{ listStyle: 'none', overflowY: 'auto' }} data-testid={`centre-list-${s}`}>
                      {lists[s].map((f) => (
                        <CentreItem key={f.id} item={f} now={now} busy={busy !== null} ticking={busy === f.id} onTick={() => tick(f)} />
                      ))}
                    </Stack>
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
          <Group gap="xs" grow>
            <Button size="compact-sm" variant="default" leftSection={<IconPlus size={14} />} onClick={() => openDialog('quick')}>
              {t('centre.quick')}
            </Button>
            <Button size="compact-sm" variant="default" leftSection={<IconCalendarEvent size={14} />} onClick={() => openDialog('date')}>
              {t('centre.date_view')}
            </Button>
          </Group>
        </Stack>
      </Drawer>
      <Modal opened={dialog === 'quick'} onClose={() => setDialog(null)} title={t('reminders.quick_title')} centered>
        {dialog === 'quick' && (
          <QuickReminderForm
            orgId={orgId}
            onCreated={(b) => {
              setBoard(b);
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        )}
      </Modal>
      <Modal opened={dialog === 'date'} onClose={() => setDialog(null)} title={t('reminders.date_title')} size="lg" centered>
        {dialog === 'date' && <ReminderDateView orgId={orgId} board={board} onBoard={setBoard} onDone={() => setDialog(null)} />}
      </Modal>
    </>
  );
}

function CentreItem({ item, now, busy, ticking, onTick }: { item: FollowUp; now: number; busy: boolean; ticking: boolean; onTick: () => void }) {
  const { t, i18n } = useTranslation('planner');
  const due = Date.parse(item.due_at);
  const zone = browserZone() ?? item.time_zone;
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start" data-testid="centre-item" data-id={item.id}>
      <Checkbox mt={3} size="xs" checked={ticking} disabled={busy} onChange={onTick} aria-label={t('centre.tick', { title: item.title })} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate data-testid="centre-item-title">
            {item.title}
          </Text>
          {item.priority !== 'none' && (
            <Badge size="xs" variant="light" color={PRIORITY_COLOR[item.priority]}>
              {t(`priority.${item.priority}`)}
            </Badge>
          )}
        </Group>
        {item.contact && (
          <Text size="xs" truncate>
            {t('centre.contact', { contact: item.contact })}
          </Text>
        )}
        <Text size="xs" c={due <= now ? 'red' : 'dimmed'} data-testid="centre-item-due">
          {formatInZone(due, zone, i18n.language)} · {relativeTime(due, now, i18n.language)}
        </Text>
      </Stack>
    </Group>
  );
}
