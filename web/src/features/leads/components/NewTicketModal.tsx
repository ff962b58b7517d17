// A new ticket of a contact: its name, description, status in the support pipeline (New unless
// chosen) and type. A blank name is said before asking the server; the server checks everything
// and each field it refuses is said under that field.
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@/generated/contract';
import { toast } from '@/lib/toast';
import { createTicket, type TicketDraft } from '../serviceApi';
import {
  FIRST_TICKET_STATUS,
  SERVICE_DESCRIPTION_MAX,
  TICKET_NAME_MAX,
  TICKET_STATUSES,
  TICKET_TYPES,
  ticketStatusKey,
  ticketTypeKey,
} from '../serviceLogic';
import { useServiceRefusal } from './ServiceParts';

interface TicketValues {
  name: string;
  description: string;
  status: string;
  /** Blank for none. */
  ticket_type: string;
}

const blank = (): TicketValues => ({ name: '', description: '', status: FIRST_TICKET_STATUS, ticket_type: '' });

export function NewTicketModal({
  orgId,
  contactId,
  opened,
  onClose,
  onCreated,
}: {
  orgId: number;
  contactId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (t: Ticket) => void;
}) {
  const { t } = useTranslation('leads');
  const refusal = useServiceRefusal();
  const [values, setValues] = useState<TicketValues>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof TicketValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  // Each opening starts a blank form.
  useEffect(() => {
    if (!opened) return;
    setValues(blank());
    setErrors({});
  }, [opened]);

  async function submit() {
    if (values.name.trim() === '') {
      setErrors({ name: t('tickets.name_required') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const draft: TicketDraft = {
        contact_id: contactId,
        name: values.name.trim(),
        status: values.status,
        ...(values.ticket_type ? { ticket_type: values.ticket_type } : {}),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      };
      const made = await createTicket(orgId, draft);
      toast.success(t('tickets.created'));
      onCreated(made);
    } catch (e) {
      const r = refusal(e);
      if ('fields' in r) setErrors(r.fields);
      else toast.error(r.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('tickets.new_title')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('tickets.name')}
            required
            value={values.name}
            maxLength={TICKET_NAME_MAX}
            error={errors.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('tickets.status')}
              value={values.status}
              error={errors.status}
              onChange={(e) => set('status')(e.currentTarget.value)}
              data={TICKET_STATUSES.map((s) => ({ value: s, label: t(ticketStatusKey(s)) }))}
            />
            <NativeSelect
              label={t('tickets.type')}
              value={values.ticket_type}
              error={errors.ticket_type}
              onChange={(e) => set('ticket_type')(e.currentTarget.value)}
              data={[{ value: '', label: t('tickets.no_type') }, ...TICKET_TYPES.map((s) => ({ value: s, label: t(ticketTypeKey(s)) }))]}
            />
          </SimpleGrid>
          <Textarea
            label={t('service.description')}
            value={values.description}
            maxLength={SERVICE_DESCRIPTION_MAX}
            rows={3}
            resize="vertical"
            error={errors.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('tickets.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
