// Shown when a route fails to load or render (a chunk that cannot be fetched, a bug): a
// translated message and a way back, and the error goes to the server log.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '@/lib/api';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    const e = error instanceof Error ? error : new Error(String(error));
    reportClientError(e.message, e.stack);
  }, [error]);
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Title order={1} size="h3">
          {t('page_error_title')}
        </Title>
        <Text c="dimmed">{t('page_error_body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Center>
  );
}
