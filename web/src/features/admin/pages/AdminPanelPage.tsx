// Admin Panel (000 §2, at /{product}/admin/panel): organisations and users with search and
// paging, the audit log, failed transactions across the installation and the visitors' feedback,
// one tab each, each
// tab its own address so it can be linked and reloaded.
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuditLog } from '../components/AuditLog';
import { FailedTransactionsList } from '../components/FailedTransactionsList';
import { FeedbackList } from '../components/FeedbackList';
import { OrganisationsList } from '../components/OrganisationsList';
import { UsersList } from '../components/UsersList';
import { ADMIN_PATHS } from '../paths';

/** Each tab: its name, its address and what it shows. */
const TABS = [
  ['organisations', ADMIN_PATHS.organisations, OrganisationsList],
  ['users', ADMIN_PATHS.users, UsersList],
  ['audit', ADMIN_PATHS.audit, AuditLog],
  ['failed', ADMIN_PATHS.failedTransactions, FailedTransactionsList],
  ['feedback', ADMIN_PATHS.feedback, FeedbackList],
] as const;

type Tab = (typeof TABS)[number][0];

export default function AdminPanelPage() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current: Tab = TABS.find(([, path]) => path === pathname)?.[0] ?? 'organisations';

  useEffect(() => {
    document.title = `${t('nav.admin_panel')} · Switchboard`;
  }, [t]);

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Title order={1}>{t('nav.admin_panel')}</Title>
        <Tabs
          value={current}
          onChange={(v) => {
            const path = TABS.find(([tab]) => tab === v)?.[1];
            if (path) navigate(path);
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('panel.sections')}>
            {TABS.map(([tab]) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`panel.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map(([tab, , List]) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <List />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
