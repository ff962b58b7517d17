// A note on a contact: its text, kept here as the caller's note of the chat and added to each CRM
// the contact is linked to. A blank note is said before asking the server; a field the server
// refuses is said under it, anything else in a toast.
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactActivity } from '@/generated/contract';
import { addNote } from '../timelineApi';
import { NOTE_MAX } from '../timelineLogic';
import { FormModal, useFormSubmit } from './FormModal';

export function AddNoteModal({
  orgId,
  contactId,
  opened,
  onClose,
  onAdded,
}: {
  orgId: number;
  contactId: number;
  opened: boolean;
  onClose: () => void;
  onAdded: (activity: ContactActivity) => void;
}) {
  const { t } = useTranslation('leads');
  const [body, setBody] = useState('');
  // Each opening starts a blank note; the text is the one field, so any refused field is said under it.
  const form = useFormSubmit({
    opened,
    onOpen: () => setBody(''),
    fields: (refused) => ({ body: refused.body ?? Object.values(refused)[0] ?? '' }),
  });

  async function submit() {
    if (!form.check(body.trim() === '' ? { body: t('timeline.note_required') } : {})) return;
    await form.send(async () => onAdded(await addNote(orgId, contactId, body.trim())));
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('timeline.note_title')}
      submitLabel={t('timeline.note_save')}
      busy={form.busy}
      onSubmit={submit}
    >
      <Textarea
        label={t('timeline.note_body')}
        description={t('timeline.crm_hint')}
        required
        value={body}
        maxLength={NOTE_MAX}
        rows={5}
        resize="vertical"
        error={form.errors.body}
        onChange={(e) => setBody(e.currentTarget.value)}
        data-autofocus
      />
    </FormModal>
  );
}
