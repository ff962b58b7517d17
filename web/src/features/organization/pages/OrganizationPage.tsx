// /organization and /organization/:id (an organisation id or its code): the organisation's
// details, plan and seats, teams and employees. Without an organisation it offers to create
// one; an address naming an organisation the person is not in says so.
import { Alert, Button, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/LoadStates';
import { NoOrganisation } from '@/components/NoOrganisation';
import { useNamespace } from '@/lib/i18nLazy';
import { useSession } from '@/stores/session';
import { ActivitySection } from '../components/ActivitySection';
import { EmployeesSection } from '../components/EmployeesSection';
import { OrganizationDetails } from '../components/OrganizationDetails';
import { TeamsSection } from '../components/TeamsSection';
import { useErrorText } from '../components/useErrorText';
import { allowed } from '../logic';
import { useOrganization } from '../stores/organization';

export default function OrganizationPage() {
  // The screen's strings come with it, not with the sign-up page's first load.
  const ready = useNamespace('organization');
  const { t } = useTranslation('organization');
  const { t: tp } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const { text } = useErrorText();
  const { id } = useParams();
  const workspaceId = useSession((s) => s.user?.id);
  const phase = useOrganization((s) => s.phase);
  const errorCode = useOrganization((s) => s.errorCode);
  const load = useOrganization((s) => s.load);
  const orgName = useOrganization((s) => s.org?.org_name);
  // The change log is the admins' (the server refuses anyone else).
  const isAdmin = useOrganization((s) => allowed('admin', s.mapping?.role_id));

  const title = tp('organisation');
  useEffect(() => {
    document.title = `${orgName ?? title} · Switchboard`;
  }, [orgName, title]);

  useEffect(() => {
    if (workspaceId !== undefined) void load(workspaceId, id);
  }, [workspaceId, id, load]);

  const retry = () => {
    if (workspaceId !== undefined) void load(workspaceId, id);
  };

  if (!ready) {
    return (
      <Center py="xl">
        <Loader aria-label={tc('loading')} />
      </Center>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        {phase === 'loading' && (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        )}
        {phase === 'error' && (
          <LoadError title={t('load_failed')} code={errorCode ?? 'internal'} onRetry={retry} retryLabel={t('retry')} />
        )}
        {phase === 'code_invalid' && (
          <Alert color="yellow" role="alert">
            {text('organisation_code_invalid')}
          </Alert>
        )}
        {phase === 'not_member' && (
          <Alert color="yellow" role="alert" title={t('not_member_title')}>
            <Button size="xs" variant="light" component={Link} to="/organization">
              {t('my_organisation')}
            </Button>
          </Alert>
        )}
        {phase === 'none' && (
          <NoOrganisation py="xl" title={t('no_org_title')} body={t('no_org_body')} createLabel={t('create_org')} />
        )}
        {phase === 'ready' && (
          <>
            <OrganizationDetails />
            <TeamsSection />
            <EmployeesSection />
            {isAdmin && <ActivitySection />}
          </>
        )}
      </Stack>
    </Container>
  );
}
