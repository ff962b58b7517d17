// A call with a contact, logged: its outcome, how long it lasted (minutes and seconds, a day at
// most), when it was (now unless changed: a time left as the form opened with is not sent, and
// the server takes the moment it is logged, so a clock a little ahead is never "in the future")
// and a description. The length and time are checked here first; the server checks everything and
// each field it refuses is said under that field.
import { Group, Input, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallLog } from '@/generated/contract';
import { toast } from '@/lib/toast';
import { logCall, type CallDraft } from '../serviceApi';
import {
  CALL_OUTCOMES,
  callOutcomeKey,
  DEFAULT_OUTCOME,
  fromLocalInput,
  inFuture,
  parseDuration,
  SERVICE_DESCRIPTION_MAX,
  toLocalInput,
} from '../serviceLogic';
import { FormModal, useFormSubmit } from './FormModal';

interface CallValues {
  outcome: string;
  minutes: string;
  seconds: string;
  /** A `datetime-local` value in the browser's zone. */
  when: string;
  description: string;
}

const blank = (when: string): CallValues => ({ outcome: DEFAULT_OUTCOME, minutes: '', seconds: '', when, description: '' });

export function LogCallModal({
  orgId,
  contactId,
  opened,
  onClose,
  onLogged,
}: {
  orgId: number;
  contactId: number;
  opened: boolean;
  onClose: () => void;
  onLogged: (c: CallLog) => void;
}) {
  const { t } = useTranslation('leads');
  const [opening, setOpening] = useState(() => toLocalInput(new Date()));
  const [values, setValues] = useState<CallValues>(() => blank(opening));
  // Each opening starts a blank form at the present minute.
  const form = useFormSubmit({
    opened,
    onOpen: () => {
      const now = toLocalInput(new Date());
      setOpening(now);
      setValues(blank(now));
    },
  });
  const set = (k: keyof CallValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  async function submit() {
    const found: Record<string, string> = {};
    const duration = parseDuration(values.minutes, values.seconds);
    if (duration === null) found.duration_secs = t('calls.duration_invalid');
    const calledAt = values.when === opening ? null : fromLocalInput(values.when);
    if (values.when !== opening && (calledAt === null || inFuture(calledAt))) found.called_at = t('calls.when_invalid');
    if (!form.check(found) || duration === null) return;
    await form.send(async () => {
      const draft: CallDraft = {
        contact_id: contactId,
        outcome: values.outcome,
        duration_secs: duration,
        ...(calledAt ? { called_at: calledAt } : {}),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      };
      const made = await logCall(orgId, draft);
      toast.success(t('calls.logged'));
      onLogged(made);
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('calls.log_title')}
      submitLabel={t('calls.save')}
      busy={form.busy}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('calls.outcome')}
          value={values.outcome}
          error={form.errors.outcome}
          onChange={(e) => set('outcome')(e.currentTarget.value)}
          data={CALL_OUTCOMES.map((o) => ({ value: o, label: t(callOutcomeKey(o)) }))}
          data-autofocus
        />
        <TextInput
          label={t('calls.when')}
          type="datetime-local"
          value={values.when}
          max={toLocalInput(new Date())}
          error={form.errors.called_at}
          onChange={(e) => set('when')(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Input.Wrapper labelElement="div" label={t('calls.duration')} description={t('calls.duration_hint')} error={form.errors.duration_secs}>
        <Group gap="xs" wrap="nowrap" mt={4} role="group" aria-label={t('calls.duration')}>
          <TextInput
            aria-label={t('calls.minutes')}
            inputMode="numeric"
            placeholder="0"
            value={values.minutes}
            maxLength={4}
            error={!!form.errors.duration_secs}
            rightSection={t('calls.min')}
            rightSectionWidth={44}
            onChange={(e) => set('minutes')(e.currentTarget.value)}
            w={130}
          />
          <TextInput
            aria-label={t('calls.seconds')}
            inputMode="numeric"
            placeholder="0"
            value={values.seconds}
            maxLength={2}
            error={!!form.errors.duration_secs}
            rightSection={t('calls.sec')}
            rightSectionWidth={44}
            onChange={(e) => set('seconds')(e.currentTarget.value)}
            w={110}
          />
        </Group>
      </Input.Wrapper>
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
