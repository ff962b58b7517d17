// /pricing (public; 000 §2): the plans with the Monthly/Annually toggle, the audience and the
// currency, no sign-in needed; each plan, and the page, invite the visitor to sign up (a signed-in
// visitor goes to billing instead).
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { value } from '@/lib/domain';
import { readStored } from '@/lib/storage';
import { useSession } from '@/stores/session';
import { PlanCatalogue } from '../components/PlanCatalogue';

export const SIGNUP_PATH = '/workspace/signup';

export default function PricingPage() {
  const { t } = useTranslation('billing');
  const signedIn = useSession((s) => s.status === 'authenticated');
  const to = signedIn ? '/settings/billing' : SIGNUP_PATH;
  const stored = readStored('currentOrgId');
  const orgId = stored && Number.isFinite(Number(stored)) ? Number(stored) : null;

  useEffect(() => {
    document.title = `${t('pricing.title')} · Switchboard`;
  }, [t]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Text component={Link} to="/" fw={700} c="indigo.7">
              Switchboard
            </Text>
            <Title order={1}>{t('pricing.title')}</Title>
            <Text c="dimmed">{t('pricing.subtitle')}</Text>
          </Stack>
          <Button component={Link} to={to} size="md" data-testid="pricing-cta">
            {signedIn ? t('pricing.go_to_billing') : t('pricing.sign_up')}
          </Button>
        </Group>
        <PlanCatalogue
          orgId={orgId}
          askSeats={false}
          renderAction={({ plan }) => (
            <Button
              fullWidth
              component={Link}
              to={to}
              variant={value('plan_info', { planId: plan.id }).kind === 'free' ? 'default' : 'filled'}
              aria-label={t('pricing.get_started_with', { plan: plan.plan_name })}
            >
              {t('pricing.get_started')}
            </Button>
          )}
        />
      </Stack>
    </Container>
  );
}
