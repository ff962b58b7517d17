// The operator's Dashboard (000 §2 secure admin screen, after sign-in): the dynamic assignment
// panel, then how the leads were really shared over a period and the leads no member matched.
import { Container, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignmentPanel } from '../components/AssignmentPanel';
import { AssignmentReport } from '../components/AssignmentReport';
import { UnassignedLeads } from '../components/UnassignedLeads';

export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    document.title = `${t('nav.dashboard')} · Switchboard`;
  }, [t]);
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Title order={1}>{t('nav.dashboard')}</Title>
        <AssignmentPanel onChanged={() => setChanges((n) => n + 1)} />
        <AssignmentReport reloadKey={changes} />
        <UnassignedLeads reloadKey={changes} />
      </Stack>
    </Container>
  );
}
