// A dialog holding one form: its fields, the form's own failure (red, announced), then Cancel
// and the submit button (spinning while the form is sent). `useSubmit` keeps the sending state
// and turns a failure into words; `useOnOpen` starts the form afresh each time the dialog opens.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Called on submit (the page does not reload). */
  onSubmit: () => void;
  /** The form's failure in words, under the fields. */
  error?: string | null;
  busy?: boolean;
  submitLabel: ReactNode;
  cancelLabel: string;
  submitDisabled?: boolean;
  submitColor?: string;
  size?: string;
  children: ReactNode;
}

export function FormModal({ opened, onClose, title, onSubmit, error, busy, submitLabel, cancelLabel, submitDisabled, submitColor, size, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <ModalForm onSubmit={onSubmit} gap="md" cancelLabel={cancelLabel} onCancel={onClose} submitLabel={submitLabel} busy={busy} disabled={submitDisabled} color={submitColor}>
        {children}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </ModalForm>
    </Modal>
  );
}

/** A form sent by script: submitting calls `onSubmit` (the page does not reload); the rules,
 * not the browser, check the fields. */
export function SubmitForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A dialog's form: what it holds, then Cancel and the submit button (`FormActions`). */
export function ModalForm({
  onSubmit,
  gap,
  children,
  ...actions
}: Parameters<typeof FormActions>[0] & { onSubmit: () => void; gap: 'sm' | 'md'; children: ReactNode }) {
  return (
    <SubmitForm onSubmit={onSubmit}>
      <Stack gap={gap}>
        {children}
        <FormActions {...actions} />
      </Stack>
    </SubmitForm>
  );
}

/** Cancel and the submit button, at the end of a form. */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  disabled,
  color,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  busy?: boolean;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy} disabled={disabled} color={color}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** The sending state of a form: `run` sends, and a failure becomes `error` through `describe`. */
export function useSubmit(describe: (e: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(send: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

/** Runs `reset` each time the dialog opens (the form starts afresh). */
export function useOnOpen(opened: boolean, reset: () => void) {
  useEffect(() => {
    if (opened) reset();
    // Only when the dialog opens: what `reset` reads does not change while it is open.
  }, [opened]);
}
