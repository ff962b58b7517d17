// A list of the knowledge base that could not be read: the failure in red and Retry, on one line
// (`stacked`: under each other, for the narrow sidebar).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry, stacked = false }: { onRetry: () => void; stacked?: boolean }) {
  const { t } = useTranslation('kb');
  const content = (
    <>
      <Text size="sm" c="red">
        {t('load_failed')}
      </Text>
      <Button size="xs" variant="subtle" onClick={onRetry}>
        {t('retry')}
      </Button>
    </>
  );
  return stacked ? (
    <Stack gap={4} align="flex-start">
      {content}
    </Stack>
  ) : (
    <Group gap="xs">{content}</Group>
  );
}
