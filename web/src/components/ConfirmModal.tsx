// A dialog asking before something that cannot be undone (a delete, a removal, a disconnect):
// the question, why the last try was refused when it was, then Cancel and the red button that
// goes ahead (spinning while it is sent).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The question, in the dialog's small text (`small={false}`: the body's). */
  text: string;
  small?: boolean;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** Under the question: why the last try was refused. */
  children?: ReactNode;
  centered?: boolean;
  gap?: 'sm' | 'md';
  /** The close button's name for screen readers. */
  closeLabel?: string;
  /** Cancel takes the focus when the dialog opens. */
  focusCancel?: boolean;
  confirmTestId?: string;
}

export function ConfirmModal({
  opened,
  onClose,
  title,
  text,
  small = true,
  cancelLabel,
  confirmLabel,
  onConfirm,
  busy,
  children,
  centered = true,
  gap,
  closeLabel,
  focusCancel,
  confirmTestId,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered={centered} closeButtonProps={closeLabel ? { 'aria-label': closeLabel } : undefined}>
      <Stack gap={gap}>
        <Text size={small ? 'sm' : undefined}>{text}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={focusCancel || undefined}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
