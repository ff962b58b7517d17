// Manage Tools › Scheduled messages (001 §3 'Scheduled message: recipient, message, attachment,
// time, recurrence'): the caller's schedules with their next send, counts and latest sends; the
// create and edit form with its "Next 5 sends" preview and attachment upload; delete after
// confirming. The extension sends them (it claims due sends from the server); this screen only
// plans them. Loaded lazily with its catalogue (`planner`).
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { IconClockPlay, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/components/SectionHeading';
import { EmptyState } from '@/components/EmptyState';
import type { ScheduledMessage } from '@/generated/contract';
import { errorCodeOf } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { useManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from './api';
import { ScheduleCard } from './components/ScheduleCard';
import { ScheduleForm, type ScheduleFormActions } from './components/ScheduleForm';
import { ConfirmDelete, LoadFailed, Loading, useNow, usePlannerCodeText, useZones } from './components/shared';

export default function SchedulesTab({ orgId }: { orgId: number | null }) {
  const ready = useNamespace('planner');
  return ready ? <Schedules orgId={orgId} /> : <Loading />;
}

function Schedules({ orgId }: { orgId: number | null }) {
  const { t } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const { rules, error: rulesError } = useManageRules();
  const { zones, initial } = useZones();
  const now = useNow();
  const [items, setItems] = useState<ScheduledMessage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<{ item: ScheduledMessage | null } | null>(null);
  const [deleting, setDeleting] = useState<ScheduledMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setItems(await api.listSchedules(orgId));
    } catch {
      setFailed(true);
    }
  }, [orgId]);

  useEffect(() => {
    setItems(null);
    void load();
  }, [load]);

  /** Puts a schedule as saved into the list (new ones first). */
  const put = (s: ScheduledMessage) =>
    setItems((list) => (list?.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [s, ...(list ?? [])]));

  const actions: ScheduleFormActions = {
    save: (id, request) => (id === null ? api.createSchedule(request) : api.updateSchedule(id, request)),
    upload: (id, file, onProgress) => api.uploadScheduleAttachment(orgId, id, file, onProgress),
    removeAttachment: (id) => api.removeScheduleAttachment(orgId, id),
    onSaved: put,
    onDone: (schedule, created) => {
      put(schedule);
      setEditing(null);
      toast.success(created ? t('schedules.created') : t('schedules.updated'));
    },
    onCancel: () => setEditing(null),
  };

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      setItems(await api.deleteSchedule(orgId, deleting.id));
      toast.success(t('schedules.deleted'));
      setDeleting(null);
    } catch (e) {
      toast.error(codeText(errorCodeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="planner-schedules-title">
      <SectionHeading
        id="planner-schedules-title"
        title={t('schedules.title')}
        intro={t('schedules.intro')}
        maw={620}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
            {t('schedules.new')}
          </Button>
        }
      />

      {rulesError && (
        <Alert color="yellow" variant="light" data-testid="rules-failed">
          {t('rules_failed')}
        </Alert>
      )}

      {failed ? (
        <LoadFailed onRetry={() => void load()} />
      ) : items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconClockPlay size={22} />}
          title={t('schedules.empty')}
          action={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
              {t('schedules.add_first')}
            </Button>
          }
          data-testid="schedules-empty"
        >
          {t('schedules.empty_hint')}
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="schedules">
          {items.map((s) => (
            <ScheduleCard
              key={s.id}
              schedule={s}
              now={now}
              onEdit={() => setEditing({ item: s })}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </Stack>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? t('schedules.form_edit') : t('schedules.form_new')}
        size="lg"
        centered
      >
        {editing && (
          <ScheduleForm orgId={orgId} editing={editing.item} zones={zones} initialZone={initial} rules={rules} actions={actions} />
        )}
      </Modal>

      <ConfirmDelete
        opened={deleting !== null}
        title={t('schedules.confirm_title')}
        text={t('schedules.confirm_text', { recipient: deleting?.recipient ?? '' })}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
