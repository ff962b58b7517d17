// The follow-up form (001 §3 'title, date and time, notes, comment, priority, amount, email';
// recurrence 'doesn't repeat, daily, weekly, monthly, annually'; a notification lead time in
// minutes, hours, days or weeks): checked by the `follow_up` rule before it is sent
// ('Please enter a title', 'Time has already passed', a valid amount), then by the server, whose
// 422 field errors land on their fields. A time is a wall-clock time in the chosen zone.
import { Alert, Button, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUp, FollowUpRequest, Priority, Recurrence } from '@/generated/contract';
import { loadManageRules, type ManageRules } from '@/lib/manageDomain';
import {
  followUpFieldOf,
  followUpServerErrors,
  leadMinutes,
  leadParts,
  MAX_LEAD_MINUTES,
  nextWholeHour,
  type FollowUpField,
  type LeadUnit,
} from '../logic';
import { LeadTimeInput } from './LeadTimeInput';
import { usePlannerCodeText, ZoneSelect } from './shared';

/** 001 §3, in the spec's order of importance. */
export const PRIORITIES: Priority[] = ['none', 'very_low', 'low', 'medium', 'high', 'very_high'];
export const RECURRENCES: Recurrence[] = ['none', 'daily', 'weekly', 'monthly', 'annually'];

interface Values {
  title: string;
  due: string;
  timeZone: string;
  notes: string;
  contact: string;
  priority: Priority;
  amount: string;
  recurrence: Recurrence;
  comment: string;
  email: string;
  leadAmount: string;
  leadUnit: LeadUnit;
}

function initialValues(editing: FollowUp | null, zone: string, contact = ''): Values {
  const lead = leadParts(editing?.lead_minutes);
  const extras = {
    comment: editing?.comment ?? '',
    email: editing?.email ?? '',
    leadAmount: lead ? String(lead.amount) : '',
    leadUnit: lead?.unit ?? 'minutes',
  };
  if (editing)
    return {
      ...extras,
      title: editing.title,
      due: editing.due_local,
      timeZone: editing.time_zone,
      notes: editing.notes,
      contact: editing.contact ?? '',
      priority: editing.priority,
      amount: editing.amount ?? '',
      recurrence: editing.recurrence,
    };
  return {
    ...extras,
    title: '',
    due: nextWholeHour(Date.now(), zone),
    timeZone: zone,
    notes: '',
    contact,
    priority: 'none',
    amount: '',
    recurrence: 'none',
  };
}

export type Errors = Partial<Record<FollowUpField, string>>;

export function FollowUpForm({
  orgId,
  editing,
  contact,
  zones,
  initialZone,
  rules,
  onSubmit,
  onCancel,
}: {
  orgId: number | null;
  editing: FollowUp | null;
  /** The contact a new follow-up is for (a chat's panel). */
  contact?: string;
  zones: string[];
  initialZone: string;
  /** Null while the rules load (they are awaited on submit) or when they failed to (the server still checks). */
  rules: ManageRules | null;
  /** Sends the request; resolves to the server's refusal as field errors, or null when saved. */
  onSubmit: (request: FollowUpRequest) => Promise<Errors | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const [values, setValues] = useState<Values>(() => initialValues(editing, initialZone, contact));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: FollowUpField = key === 'timeZone' ? 'due' : key === 'leadAmount' || key === 'leadUnit' ? 'lead' : (key as FollowUpField);
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // An entry whose time did not change may be saved after that time has passed.
    const timeChanged = !editing || editing.due_local !== values.due || editing.time_zone !== values.timeZone;
    const checks = rules ?? (await loadManageRules().catch(() => null));
    if (checks) {
      const verdict = checks.rule('follow_up', {
        title: values.title,
        due: values.due,
        timeZone: values.timeZone,
        amount: values.amount.trim() || null,
        recurrence: values.recurrence,
        nowMs: Date.now(),
        checkPast: timeChanged,
      });
      if (verdict.err !== undefined) {
        setErrors({ [followUpFieldOf(verdict.err)]: verdict.err });
        return;
      }
    }
    const lead = leadMinutes(values.leadAmount, values.leadUnit);
    if (Number.isNaN(lead) || (lead ?? 0) > MAX_LEAD_MINUTES) {
      setErrors({ lead: 'value_invalid' });
      return;
    }
    setBusy(true);
    const refused = await onSubmit({
      org_id: orgId,
      title: values.title.trim(),
      notes: values.notes,
      contact: values.contact.trim() || null,
      due: values.due,
      time_zone: values.timeZone,
      priority: values.priority,
      amount: values.amount.trim() || null,
      recurrence: values.recurrence,
      comment: values.comment.trim() || null,
      email: values.email.trim() || null,
      lead_minutes: lead,
    }).catch((err: unknown) => followUpServerErrors(err));
    setBusy(false);
    if (refused) setErrors(refused);
  }

  const error = (field: FollowUpField) => (errors[field] ? codeText(errors[field]) : undefined);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={editing ? t('followups.form_edit') : t('followups.form_new')}>
      <Stack gap="sm">
        <TextInput
          label={t('followups.field_title')}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={error('title')}
          maxLength={240}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={t('followups.field_due')}
            value={values.due}
            onChange={(e) => set('due', e.currentTarget.value)}
            error={error('due')}
          />
          <ZoneSelect value={values.timeZone} onChange={(z) => set('timeZone', z)} zones={zones} />
        </Group>
        <Textarea
          label={t('followups.field_notes')}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={error('notes')}
          rows={2}
        />
        <Textarea
          label={t('followups.field_comment')}
          value={values.comment}
          onChange={(e) => set('comment', e.currentTarget.value)}
          error={error('comment')}
          rows={1}
          maxLength={1000}
        />
        <Group grow align="flex-start">
          <TextInput
            type="email"
            label={t('followups.field_email')}
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={error('email')}
            maxLength={254}
          />
          <LeadTimeInput
            amount={values.leadAmount}
            unit={values.leadUnit}
            onAmount={(v) => set('leadAmount', v)}
            onUnit={(v) => set('leadUnit', v)}
            error={error('lead')}
          />
        </Group>
        <TextInput
          label={t('followups.field_contact')}
          description={t('followups.field_contact_hint')}
          value={values.contact}
          onChange={(e) => set('contact', e.currentTarget.value)}
          error={error('contact')}
          maxLength={64}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('followups.field_priority')}
            value={values.priority}
            onChange={(e) => set('priority', e.currentTarget.value as Priority)}
            data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            error={error('priority')}
          />
          <TextInput
            label={t('followups.field_amount')}
            value={values.amount}
            onChange={(e) => set('amount', e.currentTarget.value)}
            error={error('amount')}
            inputMode="decimal"
            maxLength={32}
          />
          <NativeSelect
            label={t('followups.field_recurrence')}
            value={values.recurrence}
            onChange={(e) => set('recurrence', e.currentTarget.value as Recurrence)}
            data={RECURRENCES.map((r) => ({ value: r, label: t(`recurrence.${r}`) }))}
            error={error('recurrence')}
          />
        </Group>
        {errors.form && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {codeText(errors.form)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {editing ? t('save') : t('followups.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
