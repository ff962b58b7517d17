// The signed-in frame: side navigation and top bar around the current page.
import { AppShell, Burger, Group, NavLink, Text, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/features/auth/stores/session';

const NAV = [
  { to: '/conversations/analytics', key: 'dashboard', also: ['/dashboard'] },
  { to: '/team-inbox', key: 'team_inbox', also: [] },
  { to: '/organization', key: 'organisation', also: [] },
  { to: '/integrations', key: 'integrations', also: [] },
  { to: '/knowledge-base', key: 'knowledge_base', also: [] },
  { to: '/settings', key: 'my_account', also: [] },
] as const;

export function AppLayout() {
  const { t } = useTranslation('nav');
  const [opened, { toggle }] = useDisclosure();
  const { pathname } = useLocation();
  const logout = useSession((s) => s.logout);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('menu')} />
            <Text component={Link} to="/" fw={700} c="indigo.7">
              Switchboard
            </Text>
          </Group>
          <Button variant="subtle" onClick={() => void logout()}>
            {t('logout')}
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('menu')}>
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.key)}
            active={pathname.startsWith(item.to) || item.also.some((p) => pathname.startsWith(p))}
          />
        ))}
        <NavLink component={Link} to="/settings/billing" label={t('upgrade_now')} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
