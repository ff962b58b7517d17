// What an integration's screen or panel shows when it could not be read: a red alert that says
// so, with Retry.
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert color="red" title={t('load_failed')}>
      <Button variant="light" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
