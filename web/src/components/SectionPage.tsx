// A titled page for a section whose screens are being built: it names the section so
// navigation, guards and titles can be exercised end to end.
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';

export function SectionPage({ titleKey }: { titleKey: ParseKeys<'pages'> }) {
  const { t } = useTranslation('pages');
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t('section_being_built')}</Text>
      </Stack>
    </Container>
  );
}
