// The account dropdown (spec 000 §2): My Account, the organisations to switch between, Support
// with Contact us (the extension's chat, else the configured support link), and Logout.
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingPlus,
  IconCheck,
  IconGift,
  IconHeadset,
  IconListCheck,
  IconLogout,
  IconUserCircle,
  IconUsersPlus,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '@/components/UserAvatar';
import { clientConfig, linkWithText } from '@/lib/clientConfig';
import { useNamespace } from '@/lib/i18nLazy';
import { sendToExtension } from '@/lib/extension';
import { useWorkspace } from '@/stores/workspace';
import { ACCOUNT_MENU } from '../nav';

const JoinOrganisationModal = lazy(() => import('./JoinOrganisationModal'));

const MENU_ICONS: Partial<Record<string, typeof IconUserCircle>> = {
  my_account: IconUserCircle,
  getting_started: IconListCheck,
  refer: IconGift,
};

/** Where "Contact us" goes when the extension does not answer: the server's `client.support_url` with the greeting prefilled. */
export async function supportChatLink(greeting: string): Promise<string> {
  return linkWithText((await clientConfig()).support_url, greeting);
}

export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tn } = useTranslation('nav');
  const navigate = useNavigate();
  const me = useWorkspace((s) => s.me);
  const current = useWorkspace((s) => s.current);
  const switchTo = useWorkspace((s) => s.switchTo);
  // The join form's texts are the organisation screens' (loaded with the frame, not at sign-up).
  const joinReady = useNamespace('organization');
  const { t: to } = useTranslation('organization');
  const [joining, setJoining] = useState(false);
  // The organisations, then the personal workspace (001 §3: 'A synthetic Personal entry').
  const choices: Array<{ orgId: number | null; name: string }> = [
    ...(me?.callyzer_user_mappings ?? [])
      .filter((m) => m.org_id !== null)
      .map((m) => ({ orgId: m.org_id, name: m.callyzer_organization.org_name })),
    { orgId: null, name: t('personal') },
  ];
  const defaultOrgName = current?.callyzer_organization.org_name ?? t('personal');

  async function contactUs() {
    const greeting = t('support_greeting');
    const answered = await sendToExtension({ type: 'OPEN_SUPPORT_CHAT', text: greeting });
    if (!answered) window.open(await supportChatLink(greeting), '_blank', 'noopener');
  }

  return (
    <>
    {joining && (
      <Suspense fallback={null}>
        <JoinOrganisationModal opened={joining} onClose={() => setJoining(false)} />
      </Suspense>
    )}
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('account_menu')} data-testid="account-menu">
          <UserAvatar src={me?.profile_pic} person={me?.name ?? me?.email} radius="xl" size="sm" data-testid="top-bar-avatar" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar src={me?.profile_pic} person={me?.name ?? me?.email} radius="xl" size="md" />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {me?.name ?? me?.email}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {me?.email}
              </Text>
              <Text size="xs" c="dimmed" truncate data-testid="default-org-name">
                {defaultOrgName}
              </Text>
            </div>
          </Group>
        </Menu.Label>
        {ACCOUNT_MENU.map((item) => {
          const Icon = MENU_ICONS[item.icon] ?? IconUserCircle;
          return (
            <Menu.Item key={item.to} component={Link} to={item.to} leftSection={<Icon size={16} />}>
              {tn(item.key)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Label>{t('switch_account')}</Menu.Label>
        {choices.map((c) => {
          const active = c.orgId === (current?.org_id ?? null);
          return (
            <Menu.Item
              key={c.orgId ?? 'personal'}
              rightSection={active ? <IconCheck size={14} /> : null}
              disabled={active}
              onClick={() => void switchTo(c.orgId)}
            >
              {c.name}
            </Menu.Item>
          );
        })}
        <Menu.Item
          leftSection={<IconBuildingPlus size={16} />}
          onClick={() => navigate('/createorganization')}
        >
          {t('create_organisation')}
        </Menu.Item>
        {joinReady && (
          <Menu.Item leftSection={<IconUsersPlus size={16} />} onClick={() => setJoining(true)} data-testid="menu-join">
            {to('join.menu')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('support')}</Menu.Label>
        <Menu.Item leftSection={<IconHeadset size={16} />} onClick={() => void contactUs()}>
          {t('contact_us')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
    </>
  );
}
