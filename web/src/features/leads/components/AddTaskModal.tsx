// A task about a contact: its title, when it is due (the next whole hour unless changed, a time
// of the browser's zone, sent with that zone) and notes — kept here as the caller's follow-up of
// the chat and added to each CRM the contact is linked to. A blank title or time is said before
// asking the server; each field the server refuses is said under its field (a refused zone under
// the time), anything else in a toast.
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactActivity } from '@/generated/contract';
import { toLocalInput } from '../serviceLogic';
import { addTask, type TaskDraft } from '../timelineApi';
import { browserZone, dueOf, nextHourInput, NOTE_MAX, TASK_TITLE_MAX } from '../timelineLogic';
import { FormModal, useFormSubmit } from './FormModal';

interface TaskValues {
  title: string;
  /** A `datetime-local` value in the browser's zone. */
  due: string;
  notes: string;
}

const blank = (): TaskValues => ({ title: '', due: nextHourInput(), notes: '' });

/** The zone is the browser's, not a field of the form: its refusal is said under the time. */
function zoneUnderTime({ time_zone: zoneError, ...fields }: Record<string, string>): Record<string, string> {
  return zoneError && !fields.due ? { ...fields, due: zoneError } : fields;
}

export function AddTaskModal({
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
  const [zone] = useState(browserZone);
  const [values, setValues] = useState<TaskValues>(blank);
  // Each opening starts a blank task due at the next whole hour.
  const form = useFormSubmit({ opened, onOpen: () => setValues(blank()), fields: zoneUnderTime });
  const set = (k: keyof TaskValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  async function submit() {
    const found: Record<string, string> = {};
    const due = dueOf(values.due);
    if (values.title.trim() === '') found.title = t('timeline.task_name_required');
    if (due === null) found.due = t('timeline.task_due_required');
    if (!form.check(found) || due === null) return;
    await form.send(async () => {
      const draft: TaskDraft = {
        title: values.title.trim(),
        due,
        time_zone: zone,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      };
      onAdded(await addTask(orgId, contactId, draft));
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('timeline.task_title')}
      submitLabel={t('timeline.task_save')}
      busy={form.busy}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('timeline.task_name')}
          required
          value={values.title}
          maxLength={TASK_TITLE_MAX}
          error={form.errors.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t('timeline.task_due')}
          description={t('timeline.task_zone', { zone })}
          required
          type="datetime-local"
          value={values.due}
          min={toLocalInput(new Date())}
          error={form.errors.due}
          onChange={(e) => set('due')(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        label={t('timeline.task_notes')}
        description={t('timeline.crm_hint')}
        value={values.notes}
        maxLength={NOTE_MAX}
        rows={3}
        resize="vertical"
        error={form.errors.notes}
        onChange={(e) => set('notes')(e.currentTarget.value)}
      />
    </FormModal>
  );
}
