// A deal's fields as one form part (the new deal's form and a deal's drawer): its name, amount
// and currency, stage, close date, owner and description. The amount is checked here with the
// server's rule; the server's refusal of any field is shown under it (`errors`, keyed by the
// server's field names).
import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deal } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { CURRENCIES, DEAL_DESCRIPTION_MAX, DEAL_NAME_MAX, DEAL_STAGES, DEFAULT_CURRENCY, FIRST_STAGE, validAmount } from '../dealsLogic';
import type { DealChange } from '../dealsApi';
import type { OwnerOption } from '../useOwners';

/** The form's values as typed; the owner is a user id, `0` for nobody. */
export interface DealValues {
  name: string;
  amount: string;
  currency: string;
  stage: string;
  owner: string;
  close_date: string;
  description: string;
}

export const NOBODY = '0';

export const newDealValues = (owner: string = NOBODY): DealValues => ({
  name: '',
  amount: '',
  currency: DEFAULT_CURRENCY,
  stage: FIRST_STAGE,
  owner,
  close_date: '',
  description: '',
});

export const dealValues = (d: Deal): DealValues => ({
  name: d.name,
  amount: d.amount ?? '',
  currency: d.currency,
  stage: d.stage,
  owner: String(d.owner_id ?? 0),
  close_date: d.close_date ?? '',
  description: d.description ?? '',
});

/** The refusals found before asking the server: a name is needed, an amount must be a decimal. */
export function checkDeal(v: DealValues, t: (key: 'deal.name_required' | 'deal.amount_invalid') => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.name.trim() === '') errors.name = t('deal.name_required');
  if (v.amount.trim() !== '' && !validAmount(v.amount)) errors.amount = t('deal.amount_invalid');
  return errors;
}

/** What changed from `before` to `after`, as a change sends it (a cleared text is sent blank). */
export function dealChange(before: DealValues, after: DealValues): DealChange {
  const change: DealChange = {};
  if (after.name.trim() !== before.name.trim()) change.name = after.name.trim();
  if (after.amount.trim() !== before.amount.trim()) change.amount = after.amount.trim();
  if (after.currency !== before.currency) change.currency = after.currency;
  if (after.stage !== before.stage) change.stage = after.stage;
  if (after.owner !== before.owner) change.owner_id = Number(after.owner);
  if (after.close_date !== before.close_date) change.close_date = after.close_date;
  if (after.description.trim() !== before.description.trim()) change.description = after.description.trim();
  return change;
}

/**
 * A refusal in words: the fields the server named, each under its field (the amount's and the
 * owner's rules in the form's own words), or else one message for the whole form.
 */
export function useDealRefusal() {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  return useCallback(
    (e: unknown): { fields: Record<string, string> } | { message: string } => {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        const own: Record<string, string> = { amount: t('deal.amount_invalid'), owner_id: t('deal.owner_invalid') };
        return {
          fields: Object.fromEntries(
            Object.entries(e.fields).map(([f, code]) => [f, code === 'value_invalid' && own[f] ? own[f] : codeText(code)]),
          ),
        };
      }
      return { message: codeText(e instanceof ApiError ? e.code : 'internal') };
    },
    [t, codeText],
  );
}

export function DealFields({
  values,
  onChange,
  errors,
  owners,
  ownerName,
}: {
  values: DealValues;
  onChange: (v: DealValues) => void;
  errors: Record<string, string>;
  /** The members the caller may give the deal (Nobody is always offered). */
  owners: OwnerOption[];
  /** The name of the current owner, kept as a choice even when the caller may not give it. */
  ownerName: (id: number) => string;
}) {
  const { t } = useTranslation('leads');
  const set = (k: keyof DealValues) => (v: string) => onChange({ ...values, [k]: v });
  const currencies: string[] = [...CURRENCIES];
  if (values.currency && !currencies.includes(values.currency)) currencies.unshift(values.currency);
  const ownerChoices = [{ value: NOBODY, label: t('nobody') }, ...owners];
  if (!ownerChoices.some((o) => o.value === values.owner)) ownerChoices.push({ value: values.owner, label: ownerName(Number(values.owner)) });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('deal.name')}
        required
        value={values.name}
        maxLength={DEAL_NAME_MAX}
        error={errors.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
        style={{ gridColumn: '1 / -1' }}
      />
      <TextInput
        label={t('deal.amount')}
        description={t('deal.amount_hint')}
        inputMode="decimal"
        placeholder="1250.50"
        value={values.amount}
        maxLength={16}
        error={errors.amount}
        onChange={(e) => set('amount')(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('deal.currency')}
        value={values.currency}
        error={errors.currency}
        onChange={(e) => set('currency')(e.currentTarget.value)}
        data={currencies}
      />
      <NativeSelect
        label={t('deal.stage')}
        value={values.stage}
        error={errors.stage}
        onChange={(e) => set('stage')(e.currentTarget.value)}
        data={DEAL_STAGES.map((s) => ({ value: s, label: t(`dealStages.${s}`) }))}
      />
      <TextInput
        label={t('deal.close_date')}
        type="date"
        value={values.close_date}
        error={errors.close_date}
        onChange={(e) => set('close_date')(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('deal.owner')}
        value={values.owner}
        error={errors.owner_id}
        onChange={(e) => set('owner')(e.currentTarget.value)}
        data={ownerChoices}
        style={{ gridColumn: '1 / -1' }}
      />
      <Textarea
        label={t('deal.description')}
        value={values.description}
        maxLength={DEAL_DESCRIPTION_MAX}
        rows={3}
        resize="vertical"
        error={errors.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
        style={{ gridColumn: '1 / -1' }}
      />
    </SimpleGrid>
  );
}
