// An organisation's plan, seats, trial flag or validity changed by the operator, with the
// reason the audit log keeps (required: the server refuses a change without one). Fields left
// as they are stay unchanged.
import { NumberInput, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePlan } from '../api';
import { PLAN_CHOICES } from '../logic';
import { ReasonError, ReasonModal, useReasonForm, type OrgChangeProps } from './ReasonModal';
import { useLabels } from './Labels';

const KEEP = 'keep';

export function PlanChangeModal({ org, onClose, onChanged }: OrgChangeProps) {
  const { t } = useTranslation('admin');
  const labels = useLabels();
  const [plan, setPlan] = useState<string>(KEEP);
  const [seats, setSeats] = useState<number | string>('');
  const [trial, setTrial] = useState<string>(KEEP);
  const [days, setDays] = useState<number | string>('');
  const form = useReasonForm(org?.org_id, () => {
    setPlan(KEEP);
    setSeats('');
    setTrial(KEEP);
    setDays('');
  });

  const nothing = plan === KEEP && seats === '' && trial === KEEP && days === '';

  function submit() {
    if (nothing) return;
    form.change(
      { org, onChanged, onClose },
      (orgId, reason) =>
        changePlan(orgId, {
          plan_id: plan === KEEP ? null : Number(plan),
          seats: seats === '' ? null : Number(seats),
          is_trial: trial === KEEP ? null : trial === 'yes',
          valid_days: days === '' ? null : Number(days),
          reason,
        }),
      (next) => t('plan_change.done', { name: next.org_name }),
    );
  }

  return (
    <ReasonModal
      form={form}
      opened={org !== null}
      onClose={onClose}
      title={t('plan_change.title', { name: org?.org_name ?? '' })}
      onSubmit={submit}
      submitLabel={t('plan_change.submit')}
      after={
        form.touched &&
        nothing &&
        !form.missing && (
          <Text size="sm" c="red">
            {t('plan_change.nothing')}
          </Text>
        )
      }
    >
      {org && (
        <Text size="sm" c="dimmed" data-testid="plan-change-current">
          {t('plan_change.current', {
            plan: labels.plan(org.plan_id),
            standing: labels.standing(org.standing),
            seats: org.seat_issued,
          })}
        </Text>
      )}
      <ReasonError form={form} />
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
    </ReasonModal>
  );
}
