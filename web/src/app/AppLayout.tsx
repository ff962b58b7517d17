// The signed-in frame (spec 001 §2): a side navigation that expands on hover, and a top bar with
// the product and organisation logos, the section title, the organisation (or user) name and
// the account menu. The top bar is hidden in dashboard-only mode. On load it asks for the
// memberships (with the credit history) and the plan list. Beside the account menu sits the
// notification centre (a bell over the Pending and Upcoming follow-ups, and the scheduler that
// notifies due ones), its own lazily loaded chunk.
import { AppShell, Avatar, Burger, Button, Divider, Group, NavLink, Paper, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconBook,
  IconBuilding,
  IconCalendarCheck,
  IconChartBar,
  IconChartDots,
  IconAddressBook,
  IconLayoutKanban,
  IconClockPlay,
  IconCreditCard,
  IconId,
  IconInbox,
  IconHistory,
  IconGift,
  IconListCheck,
  IconMap2,
  IconMessageBolt,
  IconPlugConnected,
  IconReceiptOff,
  IconRocket,
  IconSchool,
  IconTags,
  IconUserCircle,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';

type PagesKey = ParseKeys<'pages'>;
import { Link, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { usePlanList } from '@/stores/plans';
import { useSession } from '@/stores/session';
import { AccountMenu } from '@/features/shell/components/AccountMenu';
import { SwitchingPopup } from '@/features/shell/components/SwitchingPopup';
import { BillingPopups, PlanNotice, resetBillingUi, useBannerText } from '@/features/billing/components/BillingPrompts';
import { useBillingUi } from '@/features/billing/stores/billing';
import { currentEntry, DASHBOARD, dashboardOnly, navigation, type NavIcon } from '@/features/shell/nav';
import { useWorkspace } from '@/stores/workspace';
import { setActiveOrganisation } from '@/api/account';
import { value } from '@/lib/domain';
import { readStored } from '@/lib/storage';

const NotificationCentre = lazy(() => import('@/features/manage/notifications/NotificationCentre'));
// The guided tour (issue #28 item 9): its own chunk, loaded only when `?tour=1` opens it.
const GuidedTour = lazy(() => import('@/features/onboarding/GuidedTour'));

export const NAV_ICONS: Record<NavIcon, ComponentType<{ size?: number }>> = {
  dashboard: IconChartBar,
  team_inbox: IconInbox,
  organisation: IconBuilding,
  integrations: IconPlugConnected,
  knowledge_base: IconBook,
  leads: IconAddressBook,
  lead_crm: IconLayoutKanban,
  quick_replies: IconMessageBolt,
  labels: IconTags,
  user_properties: IconId,
  follow_ups: IconCalendarCheck,
  scheduled: IconClockPlay,
  quick_reply_analytics: IconChartDots,
  my_account: IconUserCircle,
  billing: IconCreditCard,
  failed_payments: IconReceiptOff,
  getting_started: IconListCheck,
  refer: IconGift,
  tutorials: IconSchool,
  roadmap: IconMap2,
  changelog: IconHistory,
};

const COLLAPSED = 64;
const EXPANDED = 232;

/** The section title of a path (pages namespace key). */
function sectionKey(pathname: string): PagesKey | null {
  const table: Array<[string, PagesKey]> = [
    ['/conversations/analytics', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/team-inbox', 'team_inbox'],
    ['/organization', 'organisation'],
    ['/integrations', 'integrations'],
    ['/knowledge-base', 'knowledge_base'],
    ['/leads', 'leads'],
    ['/settings/billing', 'billing'],
    ['/settings', 'settings'],
    ['/quick-replies/analytics', 'quick_reply_analytics'],
    ['/quick-replies', 'manage_tools'],
    ['/userproperties', 'manage_tools'],
    ['/labels', 'manage_tools'],
    ['/leadcrm', 'lead_crm'],
    ['/failedtransactions', 'failed_transactions'],
  ];
  return table.find(([p]) => pathname === p || pathname.startsWith(`${p}/`))?.[1] ?? null;
}

/** 001 §2: sub-section links beside the section title (000 §2 Manage Tools tabs). */
const SUBSECTIONS: Partial<Record<PagesKey, Array<[string, PagesKey]>>> = {
  manage_tools: [
    ['/quick-replies', 'quick_replies'],
    ['/labels', 'labels'],
    ['/userproperties', 'user_profile'],
  ],
  settings: [
    ['/settings', 'my_account'],
    ['/settings/billing', 'billing'],
  ],
  billing: [
    ['/settings', 'my_account'],
    ['/settings/billing', 'billing'],
  ],
};

export function AppLayout() {
  const { t } = useTranslation('nav');
  const { t: tp } = useTranslation('pages');
  const [opened, { toggle, close }] = useDisclosure();
  // On a phone the navigation is the menu behind the burger: while closed it is out of sight and
  // out of the tab order (not only slid off the screen).
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [hovered, setHovered] = useState(false);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const { status, me, current, org, load, reset } = useWorkspace();
  // `?tour=1` (from /onboarding) runs the tour over the frame until it is finished or skipped.
  const [touring, setTouring] = useState(() => params.get('tour') === '1');
  useEffect(() => {
    if (!params.has('tour')) return;
    const next = new URLSearchParams(params);
    next.delete('tour');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (user?.email && status === 'idle') void load(user.email);
  }, [user?.email, status, load]);

  // 001 §2: on load the frame fetches the plan list too (the page's one copy, where the plan
  // screens and every plan name read it). A failure is left to those screens, which say so.
  const loadPlans = usePlanList((s) => s.loadPlans);
  useEffect(() => {
    loadPlans().catch(() => undefined);
  }, [loadPlans]);

  // 001 §2: `?organization_id=` on the address sets the active organisation.
  const requestedOrg = params.get('organization_id');
  useEffect(() => {
    if (!requestedOrg || !me) return;
    const id = Number(requestedOrg);
    const next = new URLSearchParams(params);
    next.delete('organization_id');
    setParams(next, { replace: true });
    const member = me.callyzer_user_mappings.some((m) => m.org_id === id);
    if (!member || current?.org_id === id) return;
    void setActiveOrganisation(me.id, id).then(() => (me.email ? load(me.email) : undefined));
  }, [requestedOrg, me, current?.org_id, params, setParams, load]);

  const onlyDashboard = dashboardOnly(readStored('pathParams'));
  const groups = navigation({
    roleId: current?.role_id ?? null,
    knowledgeBase: org?.knowledge_base ?? false,
    dashboardOnly: onlyDashboard,
  });
  const here = currentEntry(
    groups.flatMap((g) => g.entries),
    pathname,
  );
  // The phone menu closes once a destination is chosen.
  useEffect(() => {
    close();
  }, [pathname, close]);
  const expanded = hovered || opened;
  const name = value('top_bar_name', {
    orgName: current?.callyzer_organization.org_name ?? null,
    userName: me?.name ?? me?.email ?? null,
    isDefaultOrg: current?.is_default_org ?? 0,
  });
  const section = sectionKey(pathname);
  // The upgrade card follows the server's `upsell` answer (issue #25): only someone who can pay
  // sees it, and not once the top plan runs; in the grace period it offers to renew.
  const upsell = useBillingUi((s) => s.limits?.upsell ?? null);
  const bannerText = useBannerText();
  const card = upsell?.card ?? null;
  const cardLabel = card === 'renew' ? t('renew_plan') : t('upgrade_now');

  async function signOut() {
    await logout();
    reset();
    resetBillingUi();
    navigate('/workspace/signup', { replace: true });
  }

  // 000 §2: 'A reduced route list contains only /conversations/analytics.' With the stored
  // `pathParams` saying showDashboardOnly (the extension's view), any other address — `/dashboard`
  // included — goes there, keeping its query (`organization_id` still applies).
  if (onlyDashboard && pathname !== DASHBOARD.to) {
    return <Navigate to={{ pathname: DASHBOARD.to, search }} replace />;
  }
  if (user && status === 'loading' && !me) return <FullScreenLoader />;

  return (
    <AppShell
      header={onlyDashboard ? undefined : { height: 56 }}
      navbar={{ width: expanded ? EXPANDED : COLLAPSED, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      transitionDuration={150}
    >
      {!onlyDashboard && (
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('menu')}
                aria-expanded={opened}
                aria-controls="main-menu"
              />
              <Text component={Link} to="/" fw={700} c="indigo.7" aria-label="Switchboard">
                Switchboard
              </Text>
              {org?.org_logo && (
                <Avatar src={org.org_logo} size="sm" radius="sm" alt={org.org_name} data-testid="org-logo" />
              )}
              {section && (
                <Title order={2} size="h5" c="dimmed" visibleFrom="sm">
                  {tp(section)}
                </Title>
              )}
              {section && SUBSECTIONS[section] && (
                <Group gap={4} component="nav" aria-label={tp(section)} visibleFrom="md">
                  {SUBSECTIONS[section]!.map(([to, key]) => (
                    <Button
                      key={to}
                      component={Link}
                      to={to}
                      size="compact-sm"
                      variant={pathname === to ? 'light' : 'subtle'}
                      aria-current={pathname === to ? 'page' : undefined}
                    >
                      {tp(key)}
                    </Button>
                  ))}
                </Group>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {name.text && (
                <Tooltip label={current?.callyzer_organization.org_name ?? name.text} disabled={!name.truncated}>
                  <Text size="sm" fw={500} data-testid="top-bar-name">
                    {name.text}
                  </Text>
                </Tooltip>
              )}
              {user && me && (
                <Suspense fallback={null}>
                  <NotificationCentre orgId={current?.org_id ?? null} userId={user.id} />
                </Suspense>
              )}
              <AccountMenu onLogout={() => void signOut()} />
            </Group>
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Navbar
        id="main-menu"
        p="xs"
        aria-label={t('menu')}
        style={phone && !opened ? { visibility: 'hidden' } : undefined}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <AppShell.Section grow component={ScrollArea} scrollbars="y" type="never">
          {groups.map((group, gi) => (
            <div key={group.key ?? 'main'} role="group" aria-label={group.key ? t(group.key) : t('main')}>
              {gi > 0 &&
                (expanded && group.key ? (
                  <Text size="xs" fw={600} c="dimmed" tt="none" px="sm" pt="sm" pb={4}>
                    {t(group.key)}
                  </Text>
                ) : (
                  <Divider my={6} />
                ))}
              {group.entries.map((item) => {
                const Icon = NAV_ICONS[item.icon];
                const active = here === item;
                return (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={expanded ? t(item.key) : undefined}
                    aria-label={t(item.key)}
                    aria-current={active ? 'page' : undefined}
                    leftSection={<Icon size={20} />}
                    active={active}
                    data-tour={item.icon}
                  />
                );
              })}
            </div>
          ))}
        </AppShell.Section>
        {!onlyDashboard && card && (
          <Paper mt="auto" p={expanded ? 'sm' : 4} radius="md" bg="indigo.0">
            <NavLink
              component={Link}
              to="/settings/billing"
              label={expanded ? cardLabel : undefined}
              description={expanded && upsell?.banner ? bannerText(upsell.banner, false) : undefined}
              aria-label={cardLabel}
              leftSection={<IconRocket size={20} />}
              data-testid="upgrade-card"
              data-offer={card}
            />
          </Paper>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <SwitchingPopup />
        {touring && me && (
          <Suspense fallback={null}>
            <GuidedTour onClose={() => setTouring(false)} />
          </Suspense>
        )}
        <BillingPopups suppressed={onlyDashboard} />
        <PlanNotice />
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
