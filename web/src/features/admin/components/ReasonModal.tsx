// The operator's change to one organisation, made with a reason the audit log keeps: the
// dialog (its fields, the server's refusal above them, the required reason, Cancel and the
// submit button) and its state (`useReasonForm`: the reason, whether it was left empty, sending).
import { Alert, Modal, Textarea } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm, useSubmit } from '@/components/FormModal';
import { codeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import type { AdminOrg } from '@/generated/contract';
import { useIssueText } from './useIssueText';

/** A change to one organisation: the dialog opens with one, and tells the list what it became. */
export interface OrgChangeProps {
  org: AdminOrg | null;
  onClose: () => void;
  onChanged: (org: AdminOrg) => void;
}

/** The reason and the sending state, started afresh (with `reset`) for each organisation. */
export function useReasonForm(key: unknown, reset: () => void = () => undefined) {
  const issueText = useIssueText();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = useSubmit((e) => issueText(codeOf(e)));

  useEffect(() => {
    reset();
    setReason('');
    setTouched(false);
    submit.setError(null);
    // A new organisation: the setters do not change.
  }, [key]);

  const missing = reason.trim() === '';
  /** Sends the change with the reason (unless it is missing); the list hears the result. */
  const change = ({ org, onChanged, onClose }: OrgChangeProps, send: (orgId: number, reason: string) => Promise<AdminOrg>, done: (org: AdminOrg) => string) => {
    if (!org || missing) return;
    void submit.run(async () => {
      const next = await send(org.org_id, reason.trim());
      onChanged(next);
      toast.success(done(next));
      onClose();
    });
  };
  return { ...submit, reason, setReason, touched, setTouched, missing, change };
}

export function ReasonModal({
  form,
  opened,
  onClose,
  title,
  onSubmit,
  submitLabel,
  submitColor,
  children,
  after,
}: {
  form: ReturnType<typeof useReasonForm>;
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Called on submit, once the reason is marked as touched. */
  onSubmit: () => void;
  submitLabel: string;
  submitColor?: string;
  /** The fields above the reason. */
  children: ReactNode;
  /** What follows the reason (a message about the fields). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('close') }}>
      {opened && (
        <ModalForm
          onSubmit={() => {
            form.setTouched(true);
            onSubmit();
          }}
          gap="sm"
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={submitLabel}
          busy={form.busy}
          color={submitColor}
        >
          {children}
          <Textarea
            label={t('plan_change.reason')}
            required
            rows={3}
            value={form.reason}
            onChange={(e) => form.setReason(e.currentTarget.value)}
            onBlur={() => form.setTouched(true)}
            error={form.touched && form.missing ? t('plan_change.reason_required') : null}
          />
          {after}
        </ModalForm>
      )}
    </Modal>
  );
}

/** The server's refusal, above the fields. */
export function ReasonError({ form }: { form: ReturnType<typeof useReasonForm> }) {
  return form.error ? (
    <Alert color="red" role="alert">
      {form.error}
    </Alert>
  ) : null;
}
