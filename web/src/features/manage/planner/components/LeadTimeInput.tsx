// A notification lead time (001 §3 'lead times in minutes, hours, days and weeks'): a whole
// number and its unit; blank or 0 is "at the due time". The forms turn it into minutes
// (logic.ts `leadMinutes`), which is what the server keeps.
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEAD_UNITS, type LeadUnit } from '../logic';

export function LeadTimeInput({
  amount,
  unit,
  onAmount,
  onUnit,
  error,
}: {
  amount: string;
  unit: LeadUnit;
  onAmount: (amount: string) => void;
  onUnit: (unit: LeadUnit) => void;
  error?: string;
}) {
  const { t } = useTranslation('planner');
  return (
    <Group grow align="flex-start" gap="xs">
      <TextInput
        label={t('lead.label')}
        description={t('lead.hint')}
        value={amount}
        onChange={(e) => onAmount(e.currentTarget.value)}
        inputMode="numeric"
        maxLength={5}
        error={error}
      />
      <NativeSelect
        label={t('lead.unit')}
        value={unit}
        onChange={(e) => onUnit(e.currentTarget.value as LeadUnit)}
        data={LEAD_UNITS.map((u) => ({ value: u, label: t(`lead.${u}`) }))}
        mt={0}
      />
    </Group>
  );
}
