// User Info: without a user, a search to find one; with one, their memberships (organisation,
// role, status, plan, standing, seats), personal plan and live sessions, and each
// organisation's plan, seats or trial changed with a reason.
import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/LoadStates';
import { PagedTable } from '@/components/PagedTable';
import { useLoad } from '@/lib/useLoad';
import type { AdminOrg } from '@/generated/contract';
import { fetchUser } from '../api';
import { useLabels } from '../components/Labels';
import { PlanChangeModal } from '../components/PlanChangeModal';
import { LeadAnswers } from '../components/UnassignedLeads';
import { UsersList } from '../components/UsersList';
import { formatDate, formatNumber } from '../logic';
import { ADMIN_PATHS } from '../paths';

export default function UserInfoPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const userId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;

  useEffect(() => {
    document.title = `${t('nav.user_info')} · Switchboard`;
  }, [t]);

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        {userId === null ? (
          <>
            <Title order={1}>{t('nav.user_info')}</Title>
            {id !== undefined && (
              <Alert color="orange" role="alert">
                {t('user.not_found')}
              </Alert>
            )}
            <Text c="dimmed">{t('user.choose')}</Text>
            <UsersList />
          </>
        ) : (
          <UserDetail userId={userId} />
        )}
      </Stack>
    </Container>
  );
}

function UserDetail({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const labels = useLabels();
  const read = useLoad((signal) => fetchUser(userId, signal), [userId]);
  const { data: detail, setData: setDetail, phase, errorCode } = read;
  const [changing, setChanging] = useState<AdminOrg | null>(null);

  const replace = (org: AdminOrg) =>
    setDetail((d) =>
      d ? { ...d, memberships: d.memberships.map((m) => (m.org.org_id === org.org_id ? { ...m, org } : m)) } : d,
    );

  const back = (
    <Anchor component={Link} to={ADMIN_PATHS.userInfo} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('user.back')}
      </Group>
    </Anchor>
  );

  if (phase === 'loading')
    return (
      <>
        <Title order={1}>{t('nav.user_info')}</Title>
        <LoadingState label={t('user.loading')} />
      </>
    );
  if (phase === 'error' || !detail)
    return (
      <>
        {back}
        <Title order={1}>{t('nav.user_info')}</Title>
        <LoadError title={t('user.load_failed')} code={errorCode} onRetry={errorCode !== 'not_found' ? read.retry : undefined} />
      </>
    );

  const { user, memberships, live_sessions } = detail;
  const name = user.name ?? user.email ?? `#${user.id}`;
  return (
    <>
      {back}
      <div>
        <Text size="sm" c="dimmed">
          {t('nav.user_info')}
        </Text>
        <Title order={1}>{name}</Title>
      </div>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('user.profile')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="md" component="dl" m={0}>
          <Fact label={t('user.email')} value={user.email ?? '—'} />
          <Fact label={t('user.mobile')} value={user.mobile ?? '—'} />
          <Fact label={t('user.personal_plan')} value={labels.plan(user.plan_id)} testId="personal-plan" />
          <Fact label={t('user.joined')} value={formatDate(user.created_at, lang)} />
          <Fact label={t('user.live_sessions')} value={formatNumber(live_sessions, lang)} testId="live-sessions" />
        </SimpleGrid>
        <Stack gap={2} mt="md" data-testid="user-onboarding">
          <Text size="sm" c="dimmed">
            {t('leads.onboarding')}
          </Text>
          <LeadAnswers answers={detail.onboarding} />
        </Stack>
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="memberships-title">
        <Title order={2} size="h3" id="memberships-title">
          {t('user.memberships')}
        </Title>
        <PagedTable
          rows={memberships}
          state={read}
          texts={{ loading: t('user.loading'), failed: t('user.load_failed') }}
          empty={
            <Text c="dimmed" data-testid="memberships-empty">
              {t('user.no_memberships')}
            </Text>
          }
          minWidth={900}
          data-testid="memberships"
          striped
          head={
            <>
              <Table.Th>{t('user.organisation')}</Table.Th>
              <Table.Th>{t('user.role')}</Table.Th>
              <Table.Th>{t('user.status')}</Table.Th>
              <Table.Th>{t('orgs.plan')}</Table.Th>
              <Table.Th>{t('orgs.standing')}</Table.Th>
              <Table.Th>{t('orgs.seats')}</Table.Th>
              <Table.Th>{t('orgs.validity')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('orgs.actions')}</VisuallyHidden>
              </Table.Th>
            </>
          }
          row={(m) => (
            <Table.Tr key={m.org.org_id} data-testid="membership-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {m.org.org_name}
                </Text>
                <Text size="xs" c="dimmed" component="div">
                  {m.org.organization_code}
                  {m.is_default_org && (
                    <Badge ml="xs" size="xs" variant="light">
                      {t('user.default_org')}
                    </Badge>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>{labels.role(m.role_id)}</Table.Td>
              <Table.Td>{labels.status(m.user_status)}</Table.Td>
              <Table.Td>
                {labels.plan(m.org.plan_id)}
                {m.org.is_trial && (
                  <Badge ml="xs" size="xs" variant="light">
                    {t('orgs.trial')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{labels.standing(m.org.standing)}</Table.Td>
              <Table.Td>{t('orgs.seats_of', { used: m.org.members, issued: m.org.seat_issued })}</Table.Td>
              <Table.Td>{m.org.validity ? formatDate(m.org.validity, lang) : t('orgs.no_validity')}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => setChanging(m.org)} aria-label={t('orgs.change_for', { name: m.org.org_name })}>
                  {t('orgs.change')}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      <PlanChangeModal org={changing} onClose={() => setChanging(null)} onChanged={replace} />
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
