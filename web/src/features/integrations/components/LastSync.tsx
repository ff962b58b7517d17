// Integrations last sync (issue #7 part 5, 001 §7): on a card and on a provider's page, when the
// link last delivered ("Last sync: 5 minutes ago" / "Not synced yet") and its 000 §4 state; on
// the page an ERROR or FAILED state shows the last failure in red with what to do about it.
import { Alert, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SyncState } from '@/generated/contract';
import type { Provider } from '@/generated/domain';
import { useIntegrations } from '../stores/integrations';
import { useWhen } from './useWhen';

const STATE_COLOR: Record<SyncState, string> = {
  STARTING: 'gray',
  PROCESSING: 'blue',
  READY: 'teal',
  ERROR: 'red',
  FAILED: 'red',
  STOPPED: 'gray',
};

export function LastSyncLine({ cardKey }: { cardKey: Provider }) {
  const { t } = useTranslation('integrations');
  const when = useWhen();
  const entry = useIntegrations((s) => s.lastSync[cardKey]);
  if (!entry) return null;
  const at = entry.last_sync_at !== null ? when(entry.last_sync_at) : null;
  return (
    <Group gap="xs" data-testid="last-sync">
      <Text size="xs" c="dimmed" title={at?.exact}>
        {at ? t('sync.last', { when: at.relative }) : t('sync.never')}
      </Text>
      <Badge size="xs" variant="light" color={STATE_COLOR[entry.sync_status]} data-testid="sync-state">
        {t(`sync.state.${entry.sync_status}`)}
      </Badge>
      {entry.dead > 0 && (
        <Text size="xs" c="red">
          {t('sync.dead', { count: entry.dead })}
        </Text>
      )}
    </Group>
  );
}

/** The red alert of a link whose sync failed: the provider's words and what to do. */
export function SyncErrorAlert({ cardKey, name }: { cardKey: Provider; name: string }) {
  const { t } = useTranslation('integrations');
  const entry = useIntegrations((s) => s.lastSync[cardKey]);
  if (!entry || (entry.sync_status !== 'ERROR' && entry.sync_status !== 'FAILED')) return null;
  const failed = entry.sync_status === 'FAILED';
  return (
    <Alert color="red" title={failed ? t('sync.failed_title') : t('sync.error_title')} data-testid="sync-error">
      {entry.sync_error && (
        <Text size="sm" ff="monospace" mb="xs">
          {entry.sync_error}
        </Text>
      )}
      <Text size="sm">{failed ? t('sync.failed_advice', { name }) : t('sync.error_advice', { name })}</Text>
    </Alert>
  );
}
