// A contact's logged calls in its drawer, most recent first: each with its outcome, how long it
// lasted (m:ss, or h:mm:ss from an hour), when, its description and whether it was written to a
// CRM, removed after a confirmation; and a call to log.
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '@tabler/icons-react';
import type { CallLog } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { useLoad } from '@/lib/useLoad';
import { deleteCall, fetchCalls } from '../serviceApi';
import { callOutcomeColor, callOutcomeKey, formatDuration, isCallOutcome } from '../serviceLogic';
import { LogCallModal } from './LogCallModal';
import { ConfirmDelete, CrmMarker, RecordsSection } from './ServiceParts';

function CallItem({ orgId, call, onDeleted, onGone }: { orgId: number; call: CallLog; onDeleted: (id: number) => void; onGone: () => void }) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const when = new Date(call.called_at).toLocaleString(i18n.language);

  async function remove() {
    setDeleting(true);
    try {
      await deleteCall(orgId, call.id);
      toast.success(t('calls.deleted'));
      onDeleted(call.id);
    } catch (e) {
      toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
      if (e instanceof ApiError && e.code === 'not_found') onGone();
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Paper withBorder p="xs" radius="md" data-testid="contact-call">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Badge color={callOutcomeColor(call.outcome)} variant="light" tt="none">
              {isCallOutcome(call.outcome) ? t(callOutcomeKey(call.outcome)) : call.outcome}
            </Badge>
            <Text size="sm" fw={500} ff="monospace" data-testid="call-duration">
              {formatDuration(call.duration_secs)}
            </Text>
            <Text size="xs" c="dimmed">
              {when}
            </Text>
            <CrmMarker provider={call.crm_provider} />
          </Group>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('calls.delete', { when })}
            disabled={confirming}
            onClick={() => setConfirming(true)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
        {call.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {call.description}
          </Text>
        )}
        {confirming && (
          <ConfirmDelete
            question={t('calls.delete_confirm')}
            hint={t('calls.delete_hint')}
            busy={deleting}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function ContactCalls({ orgId, contactId }: { orgId: number; contactId: number }) {
  const { t } = useTranslation('leads');
  const [logging, setLogging] = useState(false);
  const calls = useLoad((signal) => fetchCalls(orgId, contactId, signal), [orgId, contactId]);

  /** A logged call in its place, most recent first. */
  const add = (call: CallLog) =>
    calls.setData((old) => [...(old ?? []).filter((x) => x.id !== call.id), call].sort((a, b) => Date.parse(b.called_at) - Date.parse(a.called_at) || b.id - a.id));

  return (
    <>
      <RecordsSection
        testId="contact-calls"
        title={t('calls.title')}
        addLabel={t('calls.log')}
        onAdd={() => setLogging(true)}
        phase={calls.phase}
        count={calls.data?.length ?? 0}
        retry={calls.retry}
        loadingLabel={t('calls.loading')}
        failedText={t('calls.failed')}
        emptyText={t('calls.empty')}
      >
        {calls.data?.map((call) => (
          <CallItem
            key={call.id}
            orgId={orgId}
            call={call}
            onDeleted={(id) => calls.setData((old) => (old ?? []).filter((x) => x.id !== id))}
            onGone={calls.retry}
          />
        ))}
      </RecordsSection>
      <LogCallModal
        orgId={orgId}
        contactId={contactId}
        opened={logging}
        onClose={() => setLogging(false)}
        onLogged={(made) => {
          setLogging(false);
          add(made);
        }}
      />
    </>
  );
}
