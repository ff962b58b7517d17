// The dialog every manage tool's form is: its title, the upgrade prompt or the form's own
// failure above the fields, then Cancel and Save; and the form's errors by field
// (`useFieldErrors`: a code per field, said in words).
import { Alert, Modal } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/FormModal';
import { useCodeText } from '@/lib/errorText';

export function useFieldErrors<Field extends string>() {
  const codeText = useCodeText();
  const [errors, setErrors] = useState<Partial<Record<Field | 'general', string>>>({});
  /** The field's error in words (undefined when it has none). */
  const err = (f: Field | 'general') => (errors[f] ? codeText(errors[f]) : undefined);
  return { errors, setErrors, err };
}

export function ToolForm({
  title,
  onClose,
  onSubmit,
  busy,
  general,
  top,
  submitLabel,
  size,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  /** The form's own failure, in words. */
  general?: string;
  /** Above the failure: the upgrade prompt when the plan is full. */
  top?: ReactNode;
  submitLabel?: string;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('manage');
  return (
    <Modal opened onClose={onClose} size={size} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <ModalForm onSubmit={onSubmit} gap="sm" cancelLabel={t('cancel')} onCancel={onClose} submitLabel={submitLabel ?? t('save')} busy={busy}>
        {top}
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        {children}
      </ModalForm>
    </Modal>
  );
}
