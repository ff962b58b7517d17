// The operator's knowledge-base grant for one organisation: on whatever its plan (a pilot
// customer), or withdrawn so the plan alone decides. A reason is required; the audit log keeps it.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import type { AdminOrg } from '../api';
import { grantKnowledgeBase } from '../api';
import { useIssueText } from './useIssueText';

export function KnowledgeBaseGrantModal({
  org,
  onClose,
  onChanged,
}: {
  org: AdminOrg | null;
  onClose: () => void;
  onChanged: (org: AdminOrg) => void;
}) {
  const { t } = useTranslation('admin');
  const issueText = useIssueText();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setReason('');
    setTouched(false);
    setError(null);
  }, [org?.org_id]);

  const granting = !(org?.knowledge_base_granted ?? false);
  const reasonMissing = reason.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!org || reasonMissing) return;
    setBusy(true);
    setError(null);
    try {
      const next = await grantKnowledgeBase(org.org_id, { granted: granting, reason: reason.trim() });
      onChanged(next);
      toast.success(t(granting ? 'kb_grant.granted' : 'kb_grant.withdrawn', { name: next.org_name }));
      onClose();
    } catch (err) {
      setError(codeOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={org !== null}
      onClose={onClose}
      title={t(granting ? 'kb_grant.title_grant' : 'kb_grant.title_withdraw', { name: org?.org_name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {org && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm" data-testid="kb-grant-explain">
              {t(granting ? 'kb_grant.explain_grant' : 'kb_grant.explain_withdraw')}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {issueText(error)}
              </Alert>
            )}
            <Textarea
              label={t('plan_change.reason')}
              required
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && reasonMissing ? t('plan_change.reason_required') : null}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy} color={granting ? undefined : 'red'}>
                {t(granting ? 'kb_grant.submit_grant' : 'kb_grant.submit_withdraw')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
