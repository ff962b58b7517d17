// What the contact's and deals' dialogs share, so each keeps only its fields, its own checks and
// its request: the dialog itself (a form the browser does not check, its fields, Cancel and a
// submit button that spins while sending) and the sending (the busy flag, the errors cleared on
// each opening, the checks said under their fields, a refusal of the server under the fields it
// names or else in a toast).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useServiceRefusal } from './ServiceParts';

/** A refusal in words: the fields the server named, each under its field, or one message. */
export type Refusal = { fields: Record<string, string> } | { message: string };

export function FormModal({
  opened,
  onClose,
  title,
  submitLabel,
  busy,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void | Promise<void>;
  /** The fields, above the buttons. */
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The sending of a dialog's form. `check` shows the dialog's own findings (none clears them) and
 * says whether to send; `send` runs the request with the busy flag up and says a refusal.
 */
export function useFormSubmit({
  opened,
  onOpen,
  refusal,
  fields,
}: {
  opened: boolean;
  /** Sets the dialog's own values back to blank on each opening (the errors are cleared here). */
  onOpen: () => void;
  /** The refusal in the dialog's words; the tickets' and calls' wording unless given. */
  refusal?: (e: unknown) => Refusal;
  /** The refused fields as the form shows them, when it shows one under another. */
  fields?: (refused: Record<string, string>) => Record<string, string>;
}) {
  const serviceRefusal = useServiceRefusal();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // Only a new opening resets the form, read with the dialog's values of then (not a re-render
  // while it is open, such as the members arriving).
  const reset = useEffectEvent(() => {
    onOpen();
    setErrors({});
  });
  useEffect(() => {
    if (opened) reset();
  }, [opened]);

  function check(found: Record<string, string>): boolean {
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function send(request: () => Promise<void>) {
    setBusy(true);
    try {
      await request();
    } catch (e) {
      const r = (refusal ?? serviceRefusal)(e);
      if ('fields' in r) setErrors(fields ? fields(r.fields) : r.fields);
      else toast.error(r.message);
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, check, send };
}
