// The quick-reminder form (001 §2 'reminders with date view and quick-reminder form'; §3 title,
// date and time, comment, email; §4 lead times): a follow-up with no contact, in the user's zone,
// created from the notification centre ('Reminder created successfully'). The server checks it
// ('Please enter a title', 'Time has already passed', the e-mail) and its refusals land on their
// fields.
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUpBoard } from '@/generated/contract';
import * as api from '../planner/api';
import { LeadTimeInput } from '../planner/components/LeadTimeInput';
import { usePlannerCodeText, useZones } from '../planner/components/shared';
import { errorCodeOf } from '@/lib/errorText';
import {
  followUpServerErrors,
  leadMinutes,
  MAX_LEAD_MINUTES,
  nextWholeHour,
  type FollowUpField,
  type LeadUnit,
} from '../planner/logic';
import { toast } from '@/lib/toast';

type Errors = Partial<Record<FollowUpField, string>>;

export function QuickReminderForm({
  orgId,
  onCreated,
  onCancel,
}: {
  orgId: number | null;
  onCreated: (board: FollowUpBoard) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const { initial: zone } = useZones();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(() => nextWholeHour(Date.now(), zone));
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState('');
  const [leadAmount, setLeadAmount] = useState('');
  const [leadUnit, setLeadUnit] = useState<LeadUnit>('minutes');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const clear = (field: FollowUpField) => setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  const error = (field: FollowUpField) => (errors[field] ? codeText(errors[field]) : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!title.trim()) {
      setErrors({ title: 'title_required' });
      return;
    }
    const lead = leadMinutes(leadAmount, leadUnit);
    if (Number.isNaN(lead) || (lead ?? 0) > MAX_LEAD_MINUTES) {
      setErrors({ lead: 'value_invalid' });
      return;
    }
    setBusy(true);
    try {
      const board = await api.createFollowUp({
        org_id: orgId,
        title: title.trim(),
        due,
        time_zone: zone,
        comment: comment.trim() || null,
        email: email.trim() || null,
        lead_minutes: lead,
      });
      toast.success(t('reminders.created'));
      onCreated(board);
    } catch (err) {
      if (errorCodeOf(err) === 'validation_failed') setErrors(followUpServerErrors(err));
      else toast.error(t('followups.create_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('reminders.quick_title')}>
      <Stack gap="sm">
        <TextInput
          label={t('reminders.field_title')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          error={error('title')}
          maxLength={120}
          data-autofocus
        />
        <TextInput
          type="datetime-local"
          label={t('reminders.field_when')}
          description={zone}
          value={due}
          onChange={(e) => {
            setDue(e.currentTarget.value);
            clear('due');
          }}
          error={error('due')}
        />
        <LeadTimeInput
          amount={leadAmount}
          unit={leadUnit}
          onAmount={(v) => {
            setLeadAmount(v);
            clear('lead');
          }}
          onUnit={setLeadUnit}
          error={error('lead')}
        />
        <Textarea
          label={t('reminders.field_comment')}
          value={comment}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            clear('comment');
          }}
          error={error('comment')}
          rows={2}
          maxLength={1000}
        />
        <TextInput
          type="email"
          label={t('reminders.field_email')}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            clear('email');
          }}
          error={error('email')}
          maxLength={254}
        />
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {codeText(errors.form)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('reminders.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
