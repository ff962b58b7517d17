// The contact's fields as one form part: the texts, bounded as the server bounds them, and the
// lifecycle stage and lead status as the CRM's keys with translated names. The server's refusal
// of a field is shown under it (`errors`).
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX, LEAD_STATUSES, LIFECYCLE_STAGES, TEXT_FIELDS, type TextField } from '../logic';

export type FieldValues = Record<TextField | 'lifecycle_stage' | 'lead_status', string>;

export const emptyValues = (): FieldValues => ({
  name: '',
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  job_title: '',
  address: '',
  lifecycle_stage: '',
  lead_status: '',
});

export function ContactFields({
  values,
  onChange,
  errors,
}: {
  values: FieldValues;
  onChange: (v: FieldValues) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('leads');
  const set = (k: keyof FieldValues) => (v: string) => onChange({ ...values, [k]: v });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {TEXT_FIELDS.map((f) => (
        <TextInput
          key={f}
          label={t(`field.${f}`)}
          value={values[f]}
          maxLength={FIELD_MAX[f]}
          type={f === 'email' ? 'email' : 'text'}
          error={errors[f]}
          onChange={(e) => set(f)(e.currentTarget.value)}
        />
      ))}
      <NativeSelect
        label={t('field.lifecycle_stage')}
        value={values.lifecycle_stage}
        error={errors.lifecycle_stage}
        onChange={(e) => set('lifecycle_stage')(e.currentTarget.value)}
        data={[{ value: '', label: t('none') }, ...LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))]}
      />
      <NativeSelect
        label={t('field.lead_status')}
        value={values.lead_status}
        error={errors.lead_status}
        onChange={(e) => set('lead_status')(e.currentTarget.value)}
        data={[{ value: '', label: t('none') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
      />
    </SimpleGrid>
  );
}
