// Setup guides: Freshdesk's five steps and LeadSquared's four, collapsible (000 §2). The
// original's screenshots are not available, so each step is a numbered line of text.
import type { ParseKeys } from 'i18next';
import { Button, Collapse, List, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export function FreshdeskGuide() {
  const { t } = useTranslation('integrations');
  return (
    <Stack component="section" aria-label={t('freshdesk.guide_title')} gap="xs">
      <Title order={4}>{t('freshdesk.guide_title')}</Title>
      <List type="ordered">
        {[1, 2, 3, 4, 5].map((n) => (
          <List.Item key={n}>{t(`freshdesk.step${n}` as ParseKeys<'integrations'>)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function LeadsquaredGuide() {
  const { t } = useTranslation('integrations');
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Button variant="subtle" onClick={toggle} aria-expanded={opened} w="fit-content" px={0}>
        {t('leadsquared.guide_title')}
      </Button>
      <Collapse expanded={opened}>
        <List type="ordered">
          {[1, 2, 3, 4].map((n) => (
            <List.Item key={n}>{t(`leadsquared.step${n}` as ParseKeys<'integrations'>)}</List.Item>
          ))}
        </List>
      </Collapse>
    </Stack>
  );
}
