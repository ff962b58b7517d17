// /settings (000 §2: My Account links here). The account's settings, section by section; the
// browser extension's access is the first.
import { Container, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ExtensionAccess } from '../components/ExtensionAccess';

export default function SettingsPage() {
  const { t } = useTranslation('pages');
  const title = t('settings');
  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <ExtensionAccess />
      </Stack>
    </Container>
  );
}
