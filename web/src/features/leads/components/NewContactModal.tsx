// A new contact: its WhatsApp number with the country code, and any of its fields. The server
// checks everything and names each refused field; a number the organisation has already is
// said so under the number.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { createContact } from '../api';
import { ContactFields, emptyValues, type FieldValues } from './ContactFields';

export function NewContactModal({
  orgId,
  opened,
  onClose,
  onCreated,
}: {
  orgId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (c: Contact) => void;
}) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  const [phone, setPhone] = useState('');
  const [values, setValues] = useState<FieldValues>(emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
      const made = await createContact({ org_id: orgId, phone, owner_id: null, ...body });
      toast.success(t('created'));
      setPhone('');
      setValues(emptyValues());
      onCreated(made);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict') {
        setErrors({ phone: t('exists') });
      } else if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(e.fields).map(([f, c]) => [f, codeText(c)])));
      } else {
        toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('new_title')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('field.phone')}
            description={t('phone_hint')}
            placeholder="+91 98765 43210"
            required
            value={phone}
            maxLength={40}
            error={errors.phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            data-autofocus
          />
          <ContactFields values={values} onChange={setValues} errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
