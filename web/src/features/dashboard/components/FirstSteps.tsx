// Said when the period and the one before it hold nothing at all — a new organisation's first
// days, or a team that has not installed the extension: what to do for numbers to appear.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function FirstSteps() {
  const { t } = useTranslation('dashboard');
  return (
    <Alert color="blue" variant="light" icon={<IconPuzzle size={18} aria-hidden />} title={t('first_steps.title')} data-testid="dashboard-first-steps">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('first_steps.body')}</Text>
        <Button component={Link} to="/settings" size="xs" variant="light">
          {t('first_steps.connect')}
        </Button>
      </Stack>
    </Alert>
  );
}
