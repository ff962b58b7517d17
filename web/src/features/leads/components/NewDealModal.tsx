// A new deal: the contact it is with (searched, or fixed when opened from a contact), its name
// and any of its other fields. The amount is checked here first; the server checks everything
// and each field it refuses is said under that field (a contact no longer there under the contact).
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deal } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { createDeal, type DealDraft } from '../dealsApi';
import { useDealOwners, type OwnerOption } from '../useOwners';
import { ContactPicker, type ContactChoice } from './ContactPicker';
import { checkDeal, DealFields, newDealValues, NOBODY, useDealRefusal, type DealValues } from './DealFields';
import { FormModal, useFormSubmit } from './FormModal';

export function NewDealModal({
  orgId,
  opened,
  onClose,
  onCreated,
  contact = null,
  owners,
  ownerName,
}: {
  orgId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (d: Deal) => void;
  /** The contact the deal is with, fixed; none: chosen in the form. */
  contact?: ContactChoice | null;
  owners: OwnerOption[];
  ownerName: (id: number) => string;
}) {
  const { t } = useTranslation('leads');
  const dealRefusal = useDealRefusal();
  const { choices, me } = useDealOwners(owners);
  const [chosen, setChosen] = useState<ContactChoice | null>(null);
  const [values, setValues] = useState<DealValues>(newDealValues);

  // Each opening starts a blank form, owned by the caller when they are one of the members.
  const mine = me !== null && choices.some((o) => o.value === String(me)) ? String(me) : NOBODY;
  const form = useFormSubmit({
    opened,
    onOpen: () => {
      setChosen(null);
      setValues(newDealValues(mine));
    },
    refusal: (e) =>
      e instanceof ApiError && e.code === 'not_found' ? { fields: { contact_id: t('deal.contact_missing') } } : dealRefusal(e),
  });

  const target = contact ?? chosen;

  async function submit() {
    const found = checkDeal(values, t);
    if (!target) found.contact_id = t('deal.contact_required');
    if (!form.check(found) || !target) return;
    await form.send(async () => {
      const draft: DealDraft = {
        contact_id: target.id,
        name: values.name.trim(),
        currency: values.currency,
        stage: values.stage,
        owner_id: Number(values.owner),
        ...(values.amount.trim() ? { amount: values.amount.trim() } : {}),
        ...(values.close_date ? { close_date: values.close_date } : {}),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      };
      const made = await createDeal(orgId, draft);
      toast.success(t('deal.created'));
      onCreated(made);
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('deal.new_title')}
      submitLabel={t('deal.create')}
      busy={form.busy}
      onSubmit={submit}
    >
      {contact ? (
        <TextInput label={t('deal.contact')} value={contact.name} readOnly variant="filled" error={form.errors.contact_id} />
      ) : (
        <ContactPicker orgId={orgId} value={chosen} onChange={setChosen} error={form.errors.contact_id} />
      )}
      <DealFields values={values} onChange={setValues} errors={form.errors} owners={choices} ownerName={ownerName} />
    </FormModal>
  );
}
