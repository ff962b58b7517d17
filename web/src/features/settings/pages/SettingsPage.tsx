// /settings and /settings/:id (000 §2: My Account links here). The account's settings, one
// section per tab: My Account, the settings of 001 §2, Refer and Earn and the browser extension's
// access. The
// section is in the address (`/settings/preferences`), so it can be linked and survives a
// reload; an unknown one opens My Account.
import { Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useNamespace } from '@/lib/i18nLazy';
import { ExtensionAccess } from '../components/ExtensionAccess';
import { MyAccount } from '../components/MyAccount';
import { Preferences } from '../components/Preferences';
import { ReferAndEarn } from '../components/ReferAndEarn';

export const SETTINGS_SECTIONS = ['account', 'preferences', 'refer', 'extension'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function sectionOf(id: string | undefined): SettingsSection {
  return SETTINGS_SECTIONS.find((s) => s === id) ?? 'account';
}

export default function SettingsPage() {
  const { t } = useTranslation('pages');
  const { t: ts } = useTranslation('settings');
  const navigate = useNavigate();
  const section = sectionOf(useParams().id);
  // The settings' own texts come with this screen, not with the sign-up page's first load.
  const ready = useNamespace('settings');
  const title = t('settings');
  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {!ready && <Loader size="sm" aria-label={t('settings')} />}
        {ready && (
        <Tabs value={section} onChange={(v) => v && navigate(`/settings/${v}`)} keepMounted={false}>
          <Tabs.List mb="md">
            {SETTINGS_SECTIONS.map((s) => (
              <Tabs.Tab key={s} value={s} data-testid={`settings-tab-${s}`}>
                {ts(`sections.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="account">
            <MyAccount />
          </Tabs.Panel>
          <Tabs.Panel value="preferences">
            <Preferences />
          </Tabs.Panel>
          <Tabs.Panel value="refer">
            <ReferAndEarn />
          </Tabs.Panel>
          <Tabs.Panel value="extension">
            <ExtensionAccess />
          </Tabs.Panel>
        </Tabs>
        )}
      </Stack>
    </Container>
  );
}
