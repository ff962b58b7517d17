// The person's settings (001 §2, §6): blur contact name and image, the AI button, the product's
// signature (always added on Free: the switch stays on, with the upgrade that frees it),
// notifications and their sound, and the language. Each switch saves as it is flipped and goes
// back if the server refuses.
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '@/components/LanguagePicker';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { useWorkspace } from '@/stores/workspace';
import { fetchSettings, saveSettings, type AccountSettings } from '../api';

type Flag = 'blur_contacts' | 'ai_button' | 'signature' | 'notifications_enabled' | 'notification_sound';

const FLAGS: Flag[] = ['blur_contacts', 'ai_button', 'signature', 'notifications_enabled', 'notification_sound'];

export function Preferences() {
  const { t } = useTranslation('settings');
  const codeText = useCodeText();
  const orgId = useWorkspace((s) => s.current?.org_id ?? null);
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [busy, setBusy] = useState<Flag | null>(null);

  const load = () => {
    setPhase('loading');
    fetchSettings(orgId).then(
      (s) => {
        setSettings(s);
        setPhase('ready');
      },
      () => setPhase('error'),
    );
  };
  useEffect(load, [orgId]);

  async function flip(flag: Flag, on: boolean) {
    if (!settings) return;
    const before = settings;
    const next = { ...settings, [flag]: on };
    setSettings(next);
    setBusy(flag);
    try {
      const { signature_required: _, ...change } = next;
      setSettings(await saveSettings(orgId, change));
      toast.success(t('preferences.saved'));
    } catch (e) {
      setSettings(before);
      toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="preferences-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="preferences-title">
          {t('preferences.title')}
        </Title>
        {phase === 'loading' && <Skeleton height={200} aria-label={t('preferences.loading')} />}
        {phase === 'error' && (
          <Alert color="red" title={t('preferences.load_failed')}>
            <Button size="xs" variant="light" onClick={load}>
              {t('extension.retry')}
            </Button>
          </Alert>
        )}
        {phase === 'ready' && settings && (
          <>
            {FLAGS.map((flag) => {
              const locked = flag === 'signature' && settings.signature_required;
              const muted = flag === 'notification_sound' && !settings.notifications_enabled;
              return (
                <Group key={flag} justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={500} id={`pref-${flag}`}>
                      {t(`preferences.${flag}`)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`preferences.${flag}_hint`)}
                    </Text>
                    {locked && (
                      <Text size="sm" mt={4} data-testid="signature-locked">
                        {t('preferences.signature_free')}{' '}
                        <Anchor component={Link} to="/settings/billing" td="underline">
                          {t('preferences.upgrade')}
                        </Anchor>
                      </Text>
                    )}
                  </div>
                  <Switch
                    aria-labelledby={`pref-${flag}`}
                    checked={settings[flag]}
                    disabled={locked || muted || busy !== null}
                    onChange={(e) => void flip(flag, e.currentTarget.checked)}
                    data-testid={`pref-${flag}`}
                  />
                </Group>
              );
            })}
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={500}>{t('preferences.language')}</Text>
                <Text size="sm" c="dimmed">
                  {t('preferences.language_hint')}
                </Text>
              </div>
              <LanguagePicker />
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
