// The leads screens in the Personal workspace: contacts and deals are kept for an organisation,
// so the page says so and how to get one.
import { Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAddressBook } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';

export function PersonalNotice() {
  const { t } = useTranslation('leads');
  return (
    <Container size="sm" py="xl">
      <EmptyState icon={<IconAddressBook size={22} />} title={t('personal_title')} data-testid="leads-personal">
        {t('personal_hint')}{' '}
        <Text component={Link} to="/createorganization" c="blue.8" td="underline">
          {t('create_org')}
        </Text>
      </EmptyState>
    </Container>
  );
}
