// The operator's frame: its own guard on the operator session (`GET /api/admin/session`), apart
// from the users' sign-in. Signed out, the secure path shows the sign-in form and every other
// operator path returns there (and back after signing in). Signed in: a sidebar with
// Dashboard, User Info and Admin Panel (000 §2), the operator's address and Sign out (which the
// spec's screen lacked).
import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutDashboard, IconLogout, IconSettings, IconUserSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '@/lib/i18nLazy';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { ADMIN_PATHS, PANEL_PATH, SECURE_PATH } from '../paths';
import { useAdminSession } from '../stores/adminSession';
import { SignInForm } from './SignInForm';

type Section = 'dashboard' | 'user_info' | 'admin_panel';

export function sectionOf(pathname: string): Section {
  if (pathname.startsWith(ADMIN_PATHS.userInfo)) return 'user_info';
  if (pathname === PANEL_PATH || pathname.startsWith(`${PANEL_PATH}/`)) return 'admin_panel';
  return 'dashboard';
}

export function AdminFrame() {
  // The operator's texts come with the operator's screens, not in the sign-up page's first load.
  const texts = useNamespace('admin');
  const status = useAdminSession((s) => s.status);
  const check = useAdminSession((s) => s.check);
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: string } | null)?.from;

  useEffect(() => {
    if (status === 'unknown') void check();
  }, [status, check]);

  // Back to where the operator was going once signed in.
  useEffect(() => {
    if (status === 'signed_in' && from && location.pathname === SECURE_PATH) navigate(from, { replace: true });
  }, [status, from, location.pathname, navigate]);

  if (!texts || status === 'unknown' || status === 'checking') return <FullScreenLoader />;
  if (status === 'signed_out') {
    if (location.pathname === SECURE_PATH) return <SignInForm />;
    return <Navigate to={SECURE_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <AdminLayout />;
}

function AdminLayout() {
  const { t } = useTranslation('admin');
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const admin = useAdminSession((s) => s.admin);
  const signOut = useAdminSession((s) => s.signOut);
  const [leaving, setLeaving] = useState(false);
  const section = sectionOf(pathname);

  useEffect(() => {
    close();
  }, [pathname, close]);

  async function logout() {
    setLeaving(true);
    await signOut();
    navigate(SECURE_PATH, { replace: true, state: null });
  }

  const items: Array<{ key: Section; to: string; icon: typeof IconLayoutDashboard }> = [
    { key: 'dashboard', to: ADMIN_PATHS.dashboard, icon: IconLayoutDashboard },
    { key: 'user_info', to: ADMIN_PATHS.userInfo, icon: IconUserSearch },
    { key: 'admin_panel', to: ADMIN_PATHS.organisations, icon: IconSettings },
  ];

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('frame.menu')} />
            <Text fw={700} c="indigo.7">
              Switchboard
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {t('frame.operator')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {admin && (
              <Text size="sm" data-testid="admin-email" visibleFrom="xs">
                {admin.email}
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void logout()}
              loading={leaving}
            >
              {t('frame.sign_out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('frame.sidebar')}>
        {items.map(({ key, to, icon: Icon }) => (
          <NavLink
            key={key}
            component={Link}
            to={to}
            label={t(`nav.${key}`)}
            leftSection={<Icon size={20} aria-hidden />}
            active={section === key}
            aria-current={section === key ? 'page' : undefined}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
