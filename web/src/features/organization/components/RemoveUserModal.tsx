// Removing a user from the organisation, after a confirmation (001 §7 'POST remove user').
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

interface Props {
  /** The person to remove and the name the list shows for them; none when closed. */
  target: { userId: number; name: string } | null;
  onClose: () => void;
}

export function RemoveUserModal({ target, onClose }: Props) {
  const { t } = useTranslation('organization');
  const { describe } = useErrorText();
  const mapping = useOrganization((s) => s.mapping);
  const orgName = useOrganization((s) => s.org?.org_name ?? '');
  const refreshMembers = useOrganization((s) => s.refreshMembers);
  const refreshSummary = useOrganization((s) => s.refreshSummary);
  const refreshTeams = useOrganization((s) => s.refreshTeams);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Kept while the dialog fades out.
  const [shown, setShown] = useState(target);

  useEffect(() => {
    if (target) {
      setShown(target);
      setError(null);
    }
  }, [target]);

  async function remove() {
    if (!mapping || !target) return;
    setBusy(true);
    setError(null);
    try {
      await api.removeUser(mapping.org_id, target.userId);
      toast.success(t('remove.done', { name: target.name }));
      onClose();
      void refreshMembers();
      void refreshSummary();
      void refreshTeams();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 409 ? t('remove.last_admin') : describe(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmModal
      opened={target !== null}
      onClose={onClose}
      title={t('remove.title')}
      text={t('remove.confirm', { name: shown?.name ?? '', org: orgName })}
      small={false}
      gap="md"
      cancelLabel={t('cancel')}
      confirmLabel={t('remove.submit')}
      onConfirm={() => void remove()}
      busy={busy}
      focusCancel
    >
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </ConfirmModal>
  );
}
