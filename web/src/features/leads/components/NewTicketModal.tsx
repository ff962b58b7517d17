// A new ticket of a contact: its name, description, status in the support pipeline (New unless
// chosen) and type. A blank name is said before asking the server; the server checks everything
// and each field it refuses is said under that field.
import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
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
import { FormModal, useFormSubmit } from './FormModal';

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
  const [values, setValues] = useState<TicketValues>(blank);
  // Each opening starts a blank form.
  const form = useFormSubmit({ opened, onOpen: () => setValues(blank()) });
  const set = (k: keyof TicketValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  async function submit() {
    if (!form.check(values.name.trim() === '' ? { name: t('tickets.name_required') } : {})) return;
    await form.send(async () => {
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
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('tickets.new_title')}
      submitLabel={t('tickets.create')}
      busy={form.busy}
      onSubmit={submit}
    >
      <TextInput
        label={t('tickets.name')}
        required
        value={values.name}
        maxLength={TICKET_NAME_MAX}
        error={form.errors.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('tickets.status')}
          value={values.status}
          error={form.errors.status}
          onChange={(e) => set('status')(e.currentTarget.value)}
          data={TICKET_STATUSES.map((s) => ({ value: s, label: t(ticketStatusKey(s)) }))}
        />
        <NativeSelect
          label={t('tickets.type')}
          value={values.ticket_type}
          error={form.errors.ticket_type}
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
        error={form.errors.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
      />
    </FormModal>
  );
}
