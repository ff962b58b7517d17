// /onboarding: for a signed-in person first the questionnaire (team size, CRMs, main goal; saved
// answers prefilled, Skip moves on), then the guided tour of the frame (taken, or resumed at the
// step it stopped), then the first-run checklist. Each checklist step's state comes from real
// data (memberships, seats in use, connected integrations, whether the extension answers), so
// the list shows what is left to do and links straight to it.
import { Anchor, Badge, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardPage } from '@/components/CardPage';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/stores/session';
import type { ResultEnvelope, SeatAvailability } from '@/generated/contract';
import { apiFetch } from '@/lib/api';
import { sendToExtension } from '@/lib/extension';
import { useWorkspace } from '@/stores/workspace';
import { OnboardingIntro } from './OnboardingIntro';

interface Step {
  key: 'step_account' | 'step_extension' | 'step_organisation' | 'step_team' | 'step_crm';
  done: boolean | null;
  to?: string;
  href?: string;
}

export default function OnboardingPage() {
  const { t } = useTranslation('shell');
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { me, current, load, status: wsStatus } = useWorkspace();
  const [seatsUsed, setSeatsUsed] = useState<number | null>(null);
  const [extension, setExtension] = useState<boolean | null>(null);

  useEffect(() => {
    document.title = `${t('onboarding_title')} · Switchboard`;
  }, [t]);
  useEffect(() => {
    if (user?.email && wsStatus === 'idle') void load(user.email);
  }, [user?.email, wsStatus, load]);
  useEffect(() => {
    void sendToExtension({ type: 'PING' }).then(setExtension);
  }, []);
  useEffect(() => {
    const orgId = current?.org_id;
    if (orgId == null) return;
    apiFetch<ResultEnvelope<SeatAvailability>>(`/api/v1/whatzapp/remainseatsavablity?org_id=${orgId}`)
      .then((r) => setSeatsUsed(Number(r.data.seats_used)))
      .catch(() => setSeatsUsed(null));
  }, [current?.org_id]);

  if (status === 'checking') return <FullScreenLoader />;

  const hasOrg = (me?.callyzer_user_mappings ?? []).some((m) => m.org_id !== null);
  const connected = me ? Object.values(me.integrations).some(Boolean) : false;
  const steps: Step[] = [
    { key: 'step_account', done: status === 'authenticated', to: '/workspace/signup' },
    { key: 'step_extension', done: extension, href: 'https://web.whatsapp.com/' },
    { key: 'step_organisation', done: hasOrg, to: '/createorganization' },
    { key: 'step_team', done: hasOrg ? (seatsUsed === null ? null : seatsUsed > 1) : false, to: '/organization' },
    { key: 'step_crm', done: connected, to: '/integrations' },
  ];
  const left = steps.filter((s) => s.done === false).length;

  return (
    <CardPage maw={560}>
      <Title order={1} size="h2">
        {t('onboarding_title')}
      </Title>
      {status === 'authenticated' && <OnboardingIntro />}
      <Text c="dimmed">{left === 0 ? t('onboarding_all_done') : t('onboarding_left', { count: left })}</Text>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map((step) => (
          <Group key={step.key} component="li" justify="space-between" wrap="nowrap" data-testid={step.key}>
            <Group gap="sm" wrap="nowrap">
              {step.done === null ? (
                <Loader size="sm" aria-label={t('checking')} />
              ) : (
                <ThemeIcon color={step.done ? 'teal' : 'gray'} variant={step.done ? 'filled' : 'light'} radius="xl">
                  {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
              )}
              <div>
                <Text fw={500}>{t(`${step.key}_title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`${step.key}_body`)}
                </Text>
              </div>
            </Group>
            {step.done ? (
              <Badge color="teal" variant="light">
                {t('done')}
              </Badge>
            ) : step.href ? (
              <Button component="a" href={step.href} target="_blank" rel="noopener" size="xs" variant="light">
                {t('open')}
              </Button>
            ) : (
              <Button component={Link} to={step.to ?? '/'} size="xs" variant="light">
                {t('start')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Anchor component={Link} to="/conversations/analytics" size="sm">
        {t('go_to_dashboard')}
      </Anchor>
    </CardPage>
  );
}
