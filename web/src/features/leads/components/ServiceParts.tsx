// What the contact drawer's Tickets and Calls sections share: the section itself (its title and
// button to add one, the list's loading, failure with a retry, and empty states), the marker of a
// record written to a CRM, the confirmation before one is removed, and a refusal of the server in
// the forms' own words (each field it names under that field).
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@tabler/icons-react';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import type { Phase } from '@/lib/useLoad';
import { CRMS } from '../crmApi';
import { refusalKey, SERVICE_DESCRIPTION_MAX, TICKET_NAME_MAX } from '../serviceLogic';

export function RecordsSection({
  testId,
  title,
  addLabel,
  onAdd,
  phase,
  count,
  retry,
  loadingLabel,
  failedText,
  emptyText,
  children,
}: {
  testId: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
  phase: Phase;
  /** How many records were read (shown once ready). */
  count: number;
  retry: () => void;
  loadingLabel: string;
  failedText: string;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        {phase === 'loading' && <Loader size="sm" aria-label={loadingLabel} />}
        {phase === 'error' && (
          <Group gap="xs">
            <Text c="red.7" size="sm">
              {failedText}
            </Text>
            <Button size="xs" variant="subtle" onClick={retry}>
              {t('service.retry')}
            </Button>
          </Group>
        )}
        {phase === 'ready' && count === 0 && (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        )}
        {phase === 'ready' && children}
      </Stack>
    </section>
  );
}

/** The CRM a record was written to, by its own name ("HubSpot"). */
export function CrmMarker({ provider }: { provider: string | null }) {
  const { t } = useTranslation('leads');
  if (!provider) return null;
  const crm = CRMS.find((c) => c.provider === provider)?.name ?? provider;
  return (
    <Badge color="orange" variant="outline" size="sm" tt="none" data-testid="crm-marker">
      {t('service.in_crm', { crm })}
    </Badge>
  );
}

/** The question before a record is removed, in place of its own buttons. */
export function ConfirmDelete({
  question,
  hint,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  hint: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('leads');
  return (
    <Alert color="red" title={question} role="alertdialog" aria-label={question} p="xs">
      <Text size="xs" mb="xs">
        {hint}
      </Text>
      <Group gap="xs">
        <Button size="xs" color="red" loading={busy} onClick={onConfirm}>
          {t('service.delete_yes')}
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A refusal in words: the fields the server named, each under its field (in the form's own words
 * where it has them), or else one message for the whole form (a contact no longer seen said so).
 */
export function useServiceRefusal() {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  return useCallback(
    (e: unknown): { fields: Record<string, string> } | { message: string } => {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        return {
          fields: Object.fromEntries(
            Object.entries(e.fields).map(([field, code]) => {
              const own = refusalKey(field, code);
              const max = (field === 'name' ? TICKET_NAME_MAX : SERVICE_DESCRIPTION_MAX).toLocaleString(i18n.language);
              return [field, own ? t(own, { max }) : codeText(code)];
            }),
          ),
        };
      }
      if (e instanceof ApiError && e.code === 'not_found') return { message: t('service.contact_missing') };
      return { message: codeText(e instanceof ApiError ? e.code : 'internal') };
    },
    [t, i18n.language, codeText],
  );
}
