// An organisation's plan, seats, trial flag or validity changed by the operator, with the
// reason the audit log keeps (required: the server refuses a change without one). Fields left
// as they are stay unchanged.
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import type { AdminOrg, PlanChange } from '../api';
import { changePlan } from '../api';
import { PLAN_CHOICES } from '../logic';
import { useIssueText } from './useIssueText';
import { useLabels } from './Labels';

const KEEP = 'keep';

export function PlanChangeModal({
  org,
  onClose,
  onChanged,
}: {
  org: AdminOrg | null;
  onClose: () => void;
  onChanged: (org: AdminOrg) => void;
}) {
  const { t } = useTranslation('admin');
  const issueText = useIssueText();
  const labels = useLabels();
  const [plan, setPlan] = useState<string>(KEEP);
  const [seats, setSeats] = useState<number | string>('');
  const [trial, setTrial] = useState<string>(KEEP);
  const [days, setDays] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPlan(KEEP);
    setSeats('');
    setTrial(KEEP);
    setDays('');
    setReason('');
    setTouched(false);
    setError(null);
  }, [org?.org_id]);

  const reasonMissing = reason.trim() === '';
  const nothing = plan === KEEP && seats === '' && trial === KEEP && days === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!org || reasonMissing || nothing) return;
    const body: PlanChange = {
      plan_id: plan === KEEP ? null : Number(plan),
      seats: seats === '' ? null : Number(seats),
      is_trial: trial === KEEP ? null : trial === 'yes',
      valid_days: days === '' ? null : Number(days),
      reason: reason.trim(),
    };
    setBusy(true);
    setError(null);
    try {
      const next = await changePlan(org.org_id, body);
      onChanged(next);
      toast.success(t('plan_change.done', { name: next.org_name }));
      onClose();
    } catch (err) {
      setError(codeOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={org !== null}
      onClose={onClose}
      title={t('plan_change.title', { name: org?.org_name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {org && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed" data-testid="plan-change-current">
              {t('plan_change.current', {
                plan: labels.plan(org.plan_id),
                standing: labels.standing(org.standing),
                seats: org.seat_issued,
              })}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {issueText(error)}
              </Alert>
            )}
            <Select
              label={t('plan_change.plan')}
              data={[
                { value: KEEP, label: t('plan_change.keep') },
                ...PLAN_CHOICES.map((id) => ({ value: String(id), label: labels.plan(id) })),
              ]}
              value={plan}
              onChange={(v) => setPlan(v ?? KEEP)}
              allowDeselect={false}
            />
            <NumberInput
              label={t('plan_change.seats')}
              description={t('plan_change.seats_hint')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={seats}
              onChange={setSeats}
            />
            <Select
              label={t('plan_change.trial')}
              data={[
                { value: KEEP, label: t('plan_change.keep') },
                { value: 'yes', label: t('plan_change.trial_yes') },
                { value: 'no', label: t('plan_change.trial_no') },
              ]}
              value={trial}
              onChange={(v) => setTrial(v ?? KEEP)}
              allowDeselect={false}
            />
            <NumberInput
              label={t('plan_change.valid_days')}
              description={t('plan_change.valid_days_hint')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={days}
              onChange={setDays}
            />
            <Textarea
              label={t('plan_change.reason')}
              required
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && reasonMissing ? t('plan_change.reason_required') : null}
            />
            {touched && nothing && !reasonMissing && (
              <Text size="sm" c="red">
                {t('plan_change.nothing')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('plan_change.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
