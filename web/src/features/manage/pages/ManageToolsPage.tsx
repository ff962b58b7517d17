// Manage Tools (000 §2: /quick-replies, /labels and /userproperties; 001 §2): one page with the
// tabs Quick Replies, Labels and User Profile, then Follow-ups and Scheduled messages (the
// planner's screens, in ./planner, loaded when their tab opens). Each tab has its address, so a
// tab is a link and the browser's back button goes back to the previous tab. The page's strings
// (the `manage` namespace) and the manage rules arrive with it, not with the first load.
import { Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNamespace } from '@/lib/i18nLazy';
import { useWorkspace } from '@/stores/workspace';
import { LabelsTab } from '../components/LabelsTab';
import { QuickRepliesTab } from '../components/QuickRepliesTab';
import { useManageContext } from '../components/shared';
import { UserProfileTab } from '../components/UserProfileTab';
import { TAB_PATHS, TABS, tabOf, type Tab } from '../logic';
import { useManage } from '../stores/manage';

const FollowUpsTab = lazy(() => import('../planner/FollowUpsTab'));
const SchedulesTab = lazy(() => import('../planner/SchedulesTab'));

function Waiting() {
  const { t } = useTranslation('common');
  return <Loader size="sm" aria-label={t('loading')} />;
}

function Panels({ tab, orgId }: { tab: Tab; orgId: number | null }) {
  switch (tab) {
    case 'quick_replies':
      return <QuickRepliesTab />;
    case 'labels':
      return <LabelsTab />;
    case 'user_profile':
      return <UserProfileTab />;
    case 'follow_ups':
      return (
        <Suspense fallback={<Waiting />}>
          <FollowUpsTab orgId={orgId} />
        </Suspense>
      );
    case 'scheduled':
      return (
        <Suspense fallback={<Waiting />}>
          <SchedulesTab orgId={orgId} />
        </Suspense>
      );
  }
}

export default function ManageToolsPage() {
  const ready = useNamespace('manage');
  const { t } = useTranslation('manage');
  const { t: tp } = useTranslation('pages');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const workspace = useWorkspace((s) => s.status);
  const current = useWorkspace((s) => s.current);
  const { orgId } = useManageContext();
  const storeOrg = useManage((s) => s.orgId);
  const setOrg = useManage((s) => s.setOrg);
  const tab = tabOf(pathname);
  const title = tp('manage_tools');

  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);

  useEffect(() => {
    setOrg(orgId);
  }, [orgId, setOrg]);

  const settling = current === null && (workspace === 'loading' || workspace === 'idle');
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {!ready || settling ? (
          <Waiting />
        ) : (
          <Tabs value={tab} onChange={(v) => v && navigate(TAB_PATHS[v as Tab])} keepMounted={false}>
            <Tabs.List aria-label={t('tabs.label')} mb="md">
              {TABS.map((k) => (
                <Tabs.Tab key={k} value={k}>
                  {t(`tabs.${k}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((k) => (
              <Tabs.Panel key={k} value={k}>
                {k === tab && storeOrg === orgId && <Panels tab={k} orgId={orgId} />}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
