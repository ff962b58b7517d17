// A note on a contact: its text, kept here as the caller's note of the chat and added to each CRM
// the contact is linked to. A blank note is said before asking the server; a field the server
// refuses is said under it, anything else in a toast.
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactActivity } from '@/generated/contract';
import { toast } from '@/lib/toast';
import { addNote } from '../timelineApi';
import { NOTE_MAX } from '../timelineLogic';
import { useServiceRefusal } from './ServiceParts';

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
  const refusal = useServiceRefusal();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Each opening starts a blank note.
  useEffect(() => {
    if (!opened) return;
    setBody('');
    setError(undefined);
  }, [opened]);

  async function submit() {
    if (body.trim() === '') {
      setError(t('timeline.note_required'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onAdded(await addNote(orgId, contactId, body.trim()));
    } catch (e) {
      const r = refusal(e);
      if ('fields' in r) setError(r.fields.body ?? Object.values(r.fields)[0]);
      else toast.error(r.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('timeline.note_title')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Textarea
            label={t('timeline.note_body')}
            description={t('timeline.crm_hint')}
            required
            value={body}
            maxLength={NOTE_MAX}
            rows={5}
            resize="vertical"
            error={error}
            onChange={(e) => setBody(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('timeline.note_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
