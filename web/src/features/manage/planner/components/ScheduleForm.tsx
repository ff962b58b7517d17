// The scheduled-message form (001 §3 'recipient, message, attachment, time, recurrence (repeat
// every N minute/hour/day/week/month, stop after N times)'): checked by the `scheduled_message`
// rule before sending ('Invalid phone number. Phone numbers need a country code.', 'Message and
// Upload can't be empty', 'Time has already passed'), then by the server (its 422 field errors
// on their fields). The attachment (at most 16 MB, checked here) is uploaded once the schedule
// is saved, with a progress bar; if that upload fails, the saved schedule stays and the form
// goes on editing it, so trying again does not schedule the message twice.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadStatus } from '@/components/UploadBar';
import type { AttachmentInfo, RepeatUnit, ScheduleRequest, ScheduledMessage } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { codeOf } from '@/lib/errorText';
import { loadManageRules, type ManageRules } from '@/lib/manageDomain';
import { fileSize, localInZone, MAX_ATTACHMENT_BYTES, nextWholeHour, scheduleFieldOf, scheduleServerErrors, type ScheduleField } from '../logic';
import { SchedulePreview } from './SchedulePreview';
import { usePlannerCodeText, ZoneSelect } from './shared';

/** 001 §3 'repeat every N minute/hour/day/week/month' (a year only shows for an older entry). */
const UNITS: RepeatUnit[] = ['minute', 'hour', 'day', 'week', 'month'];

type MissedPolicy = 'send_late' | 'skip';

interface Values {
  recipient: string;
  message: string;
  start: string;
  timeZone: string;
  unit: RepeatUnit | 'none';
  every: number | '';
  stopAfter: number | '';
  missedPolicy: MissedPolicy;
  cancelIfReplied: boolean;
}

/**
 * Where an edited schedule starts: its first send while that is still to come, else its next
 * send (so saving a running schedule goes on from there rather than from a time now past).
 */
export function editStart(editing: ScheduledMessage): { start: string; fromNext: boolean } {
  if (!editing.next_send_at) return { start: editing.start, fromNext: false };
  const next = localInZone(Date.parse(editing.next_send_at), editing.time_zone);
  return next === editing.start ? { start: editing.start, fromNext: false } : { start: next, fromNext: true };
}

function initialValues(editing: ScheduledMessage | null, zone: string): Values {
  if (editing)
    return {
      recipient: editing.recipient,
      message: editing.message,
      start: editStart(editing).start,
      timeZone: editing.time_zone,
      unit: editing.unit ?? 'none',
      every: editing.every ?? 1,
      stopAfter: editing.stop_after ?? '',
      missedPolicy: editing.missed_policy === 'skip' ? 'skip' : 'send_late',
      cancelIfReplied: editing.cancel_if_replied,
    };
  return {
    recipient: '',
    message: '',
    start: nextWholeHour(Date.now(), zone),
    timeZone: zone,
    unit: 'none',
    every: 1,
    stopAfter: '',
    missedPolicy: 'send_late',
    cancelIfReplied: false,
  };
}

const asNumber = (v: number | string): number | '' => (v === '' || v === undefined ? '' : Number(v));

export type Errors = Partial<Record<ScheduleField, string>>;

export interface ScheduleFormActions {
  /** Creates (`id` null) or changes a schedule. */
  save: (id: number | null, request: ScheduleRequest) => Promise<ScheduledMessage>;
  upload: (id: number, file: File, onProgress: (percent: number) => void) => Promise<ScheduledMessage>;
  removeAttachment: (id: number) => Promise<ScheduledMessage>;
  /** The schedule as saved (the form closes); `created` when it was new. */
  onDone: (schedule: ScheduledMessage, created: boolean) => void;
  /** A schedule saved while the form stays open (its attachment's upload failed). */
  onSaved: (schedule: ScheduledMessage) => void;
  onCancel: () => void;
}

export function ScheduleForm({
  orgId,
  editing,
  zones,
  initialZone,
  rules,
  actions,
}: {
  orgId: number | null;
  editing: ScheduledMessage | null;
  zones: string[];
  initialZone: string;
  rules: ManageRules | null;
  actions: ScheduleFormActions;
}) {
  const { t, i18n } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const [values, setValues] = useState<Values>(() => initialValues(editing, initialZone));
  /** The next send's time, when the form starts there (it says so until the time is changed). */
  const [fromNext] = useState(() => (editing && editStart(editing).fromNext ? editStart(editing).start : null));
  /** The schedule this form edits: the one opened, or the one it created. */
  const [saved, setSaved] = useState<ScheduledMessage | null>(editing);
  const [created, setCreated] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [kept, setKept] = useState<AttachmentInfo | null>(editing?.attachment ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [uploadFailed, setUploadFailed] = useState<string | null>(null);

  const clear = (field: ScheduleField) =>
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: ScheduleField =
      key === 'recipient' || key === 'message' ? key : key === 'start' || key === 'timeZone' ? 'start' : 'repeat';
    clear(field);
  };

  const repeating = values.unit !== 'none';
  const every = repeating ? (values.every === '' ? 0 : values.every) : null;
  const unit = repeating ? (values.unit as RepeatUnit) : null;
  const stopAfter = repeating && values.stopAfter !== '' ? values.stopAfter : null;

  function pick(f: File | null) {
    if (!f) return;
    clear('attachment');
    clear('message');
    if (f.size > MAX_ATTACHMENT_BYTES) {
      setFile(null);
      setErrors((e) => ({ ...e, attachment: 'attachment_too_large' }));
      return;
    }
    setFile(f);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setUploadFailed(null);
    const hasAttachment = file !== null || kept !== null;
    const checks = rules ?? (await loadManageRules().catch(() => null));
    if (checks) {
      const verdict = checks.rule('scheduled_message', {
        recipient: values.recipient,
        message: values.message,
        hasAttachment,
        start: values.start,
        timeZone: values.timeZone,
        every,
        unit,
        stopAfter,
        nowMs: Date.now(),
      });
      if (verdict.err !== undefined) {
        setErrors({ [scheduleFieldOf(verdict.err)]: verdict.err });
        return;
      }
    }
    const request: ScheduleRequest = {
      org_id: orgId,
      recipient: values.recipient.trim(),
      message: values.message,
      start: values.start,
      time_zone: values.timeZone,
      every,
      unit,
      stop_after: stopAfter,
      missed_policy: values.missedPolicy,
      cancel_if_replied: values.cancelIfReplied,
      has_attachment: hasAttachment,
    };
    setBusy(true);
    let schedule: ScheduledMessage;
    const isNew = saved === null;
    try {
      schedule = await actions.save(saved?.id ?? null, request);
    } catch (err) {
      setBusy(false);
      setErrors(scheduleServerErrors(err));
      return;
    }
    const wasCreated = created || isNew;
    setSaved(schedule);
    setCreated(wasCreated);
    try {
      if (file) {
        setUpload({ name: file.name, percent: 0 });
        schedule = await actions.upload(schedule.id, file, (percent) => setUpload({ name: file.name, percent }));
      } else if (!kept && schedule.attachment) {
        schedule = await actions.removeAttachment(schedule.id);
      }
    } catch (err) {
      setBusy(false);
      setUpload(null);
      setSaved(schedule);
      actions.onSaved(schedule);
      if (err instanceof ApiError && err.status === 422) setErrors(scheduleServerErrors(err));
      else setUploadFailed(codeText(codeOf(err)));
      return;
    }
    setBusy(false);
    setUpload(null);
    actions.onDone(schedule, wasCreated);
  }

  const error = (field: ScheduleField) => (errors[field] ? codeText(errors[field]) : undefined);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={editing ? t('schedules.form_edit') : t('schedules.form_new')}>
      <Stack gap="sm">
        <TextInput
          label={t('schedules.field_recipient')}
          description={t('schedules.field_recipient_hint')}
          placeholder="+91 98123 45678"
          type="tel"
          autoComplete="tel"
          value={values.recipient}
          onChange={(e) => set('recipient', e.currentTarget.value)}
          error={error('recipient')}
          data-autofocus
        />
        <Textarea
          label={t('schedules.field_message')}
          value={values.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          error={error('message')}
          rows={3}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('schedules.field_attachment')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={pick} inputProps={{ 'aria-label': t('schedules.field_attachment'), 'data-testid': 'attachment-input' } as object}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} disabled={busy}>
                  {t('schedules.choose_file')}
                </Button>
              )}
            </FileButton>
            {(file || kept) && (
              <Group gap={4} data-testid="attachment-chosen">
                <Text size="sm">
                  {file ? `${file.name} (${fileSize(file.size, i18n.language)})` : `${kept!.name} (${fileSize(kept!.size_bytes, i18n.language)})`}
                </Text>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="gray"
                  aria-label={t('schedules.remove_file')}
                  disabled={busy}
                  onClick={() => (file ? setFile(null) : setKept(null))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
          {errors.attachment && (
            <Text size="xs" c="red" role="alert" data-testid="attachment-error">
              {codeText(errors.attachment)}
            </Text>
          )}
        </Stack>
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={t('schedules.field_start')}
            description={fromNext && values.start === fromNext ? t('schedules.start_from_next') : undefined}
            value={values.start}
            onChange={(e) => set('start', e.currentTarget.value)}
            error={error('start')}
          />
          <ZoneSelect value={values.timeZone} onChange={(z) => set('timeZone', z)} zones={zones} />
        </Group>
        <Group grow align="flex-start">
          <NativeSelect
            label={t('schedules.field_repeat')}
            value={values.unit}
            onChange={(e) => set('unit', e.currentTarget.value as Values['unit'])}
            data={[
              { value: 'none', label: t('schedules.unit_none') },
              ...[...UNITS, ...(values.unit === 'year' ? (['year'] as const) : [])].map((u) => ({
                value: u,
                label: t(`schedules.unit_${u}`),
              })),
            ]}
          />
          {repeating && (
            <NumberInput
              label={t('schedules.field_every')}
              value={values.every}
              onChange={(v) => set('every', asNumber(v))}
              min={1}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
            />
          )}
          {repeating && (
            <NumberInput
              label={t('schedules.field_stop_after')}
              description={t('schedules.field_stop_after_hint')}
              value={values.stopAfter}
              onChange={(v) => set('stopAfter', asNumber(v))}
              min={1}
              max={10000}
              allowDecimal={false}
              allowNegative={false}
            />
          )}
        </Group>
        {errors.repeat && (
          <Text size="xs" c="red" role="alert" data-testid="repeat-error">
            {codeText(errors.repeat)}
          </Text>
        )}
        <Radio.Group
          label={t('schedules.field_missed')}
          value={values.missedPolicy}
          onChange={(v) => set('missedPolicy', v as MissedPolicy)}
        >
          <Group gap="lg" mt={4}>
            <Radio value="send_late" label={t('schedules.missed_send_late')} />
            <Radio value="skip" label={t('schedules.missed_skip')} />
          </Group>
        </Radio.Group>
        <Checkbox
          label={t('schedules.field_cancel_if_replied')}
          checked={values.cancelIfReplied}
          onChange={(e) => set('cancelIfReplied', e.currentTarget.checked)}
        />

        <SchedulePreview rules={rules} values={{ start: values.start, timeZone: values.timeZone, every, unit, stopAfter }} />

        {upload && (
          <UploadStatus label={t('schedules.uploading', { name: upload.name })} percent={upload.percent} data-testid="upload-status" />
        )}
        {uploadFailed && (
          <Alert color="red" variant="light" role="alert" data-testid="upload-failed">
            {t('schedules.upload_failed', { reason: uploadFailed })}
          </Alert>
        )}
        {errors.form && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {codeText(errors.form)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={actions.onCancel} disabled={busy && upload !== null}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {saved ? t('save') : t('schedules.schedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
