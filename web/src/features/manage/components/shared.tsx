// Pieces every manage tab uses: the caller's workspace and role, a resource's loading and error
// states, the plan's 'used/limit' with the upgrade prompt (402 or a full plan), and the delete
// confirmation.
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/ConfirmModal';
import { rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';
import { useWorkspace } from '@/stores/workspace';
import { refusalOf } from '../logic';
import type { Load } from '../stores/manage';

export interface ManageContext {
  /** The organisation, or null in the personal workspace. */
  orgId: number | null;
  /** An admin of the organisation (who sets who may edit team tools). */
  admin: boolean;
  /** The organisation is on the Teams plan (or its trial). */
  teamsPlan: boolean;
  myName: string | null;
}

export function useManageContext(): ManageContext {
  const current = useWorkspace((s) => s.current);
  const credit = useWorkspace((s) => s.credit);
  const me = useWorkspace((s) => s.me);
  const orgId = current?.org_id ?? null;
  const roleId = orgId === null ? null : (current?.role_id ?? null);
  const plan = credit && orgId !== null ? rule('plan_info', { planId: credit.plan_id, isTrial: credit.is_trial }).ok : undefined;
  return {
    orgId,
    admin: orgId !== null && !rule('access_check', { level: 'admin', roleId }).err,
    teamsPlan: plan?.kind === 'teams',
    myName: me?.name ?? null,
  };
}

/** A tab's loader, or its error with Retry; `children` once ready. */
export function Loaded({ status, code, retry, children }: { status: Load; code: string | null; retry: () => void; children: ReactNode }) {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  if (status === 'idle' || status === 'loading') return <Loader size="sm" aria-label={t('loading')} data-testid="manage-loading" />;
  if (status === 'error')
    return (
      <Alert color="red" variant="light" role="alert" data-testid="manage-load-error">
        <Group gap="sm" justify="space-between">
          <Text size="sm">
            {t('load_failed')} {code && code !== 'internal' ? codeText(code) : ''}
          </Text>
          <Button size="xs" variant="white" onClick={retry}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  return <>{children}</>;
}

/** 'used/limit' of the plan's limit, when it has one. */
export function Usage({ used, limit }: { used: number; limit: number | null }) {
  const { t } = useTranslation('manage');
  if (limit === null) return null;
  return (
    <Badge variant="light" color={used >= limit ? 'red' : 'gray'} data-testid="plan-usage">
      {t('limit.used', { used, limit })}
    </Badge>
  );
}

/** The upgrade prompt (001 §9 'Free plan: 5 chat labels, 5 quick replies'), linking to billing. */
export function UpgradePrompt({ what, onClose }: { what: 'quick_replies' | 'labels'; onClose?: () => void }) {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="upgrade-prompt" withCloseButton={!!onClose} onClose={onClose} closeButtonLabel={t('close')}>
      <Stack gap="xs">
        <Text size="sm">{what === 'labels' ? t('limit.reached_labels') : t('limit.reached_quick_replies')}</Text>
        <Text size="sm">{codeText('plan_limit_reached')}</Text>
        <Group>
          <Button component={Link} to="/settings/billing" size="xs" color="orange">
            {t('limit.upgrade')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A lock with the reason a row is read-only. */
export function ReadOnly({ reason }: { reason: string }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="read-only">
      <IconLock size={14} aria-hidden />
      <Text size="xs" c="dimmed">
        {reason}
      </Text>
    </Group>
  );
}

/** Asks before deleting; the error of a refused delete is shown inside. */
export function ConfirmDelete({
  opened,
  title,
  text,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('manage');
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={title}
      text={text}
      centered={false}
      gap="md"
      cancelLabel={t('cancel')}
      confirmLabel={t('delete')}
      onConfirm={onConfirm}
      busy={busy}
      closeLabel={t('close')}
    >
      {errorAlert(error)}
    </ConfirmModal>
  );
}

/** Runs a delete with its busy and error states (for ConfirmDelete). */
export function errorAlert(text: string | null) {
  if (!text) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  );
}

/** Edit (a pencil) and delete (a red bin) at the end of an item's row, named for the item
 * ("Edit Greeting", in the words of the tool's `edit_named` and `delete_named`). */
export function RowActions({
  what,
  name,
  onEdit,
  onDelete,
  justify,
}: {
  what: 'replies' | 'properties' | 'labels' | 'funnels' | 'notes';
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  justify?: 'flex-end';
}) {
  const { t } = useTranslation('manage');
  return (
    <Group gap={4} wrap="nowrap" justify={justify}>
      <ActionIcon variant="subtle" aria-label={t(`${what}.edit_named`, { name })} onClick={onEdit}>
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t(`${what}.delete_named`, { name })} onClick={onDelete}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** A delete waiting for its confirmation: the item, the sending state and a refusal in words. */
export function useDelete<T>() {
  const codeText = useCodeText();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm(send: (item: T) => Promise<void>) {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await send(deleting);
      setDeleting(null);
    } catch (e) {
      const r = refusalOf(e);
      setError(codeText(r.kind === 'limit' ? 'plan_limit_reached' : r.code));
    } finally {
      setBusy(false);
    }
  }
  const cancel = () => setDeleting(null);
  return {
    deleting,
    busy,
    error,
    confirm,
    /** ConfirmDelete's state: open while an item waits, its sending and refusal, and Cancel. */
    dialog: { opened: deleting !== null, busy, error, onClose: cancel },
    ask: (item: T) => {
      setError(null);
      setDeleting(item);
    },
    cancel,
  };
}
