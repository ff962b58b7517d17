// 001 §4 'Notifications can be switched on or off, with sound on or off': the caller's settings,
// saved as soon as a switch moves ('Changes saved successfully'); a failed save puts it back.
import { Alert, Button, Card, Group, Loader, Switch, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '@/generated/contract';
import { errorCodeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { usePlannerCodeText } from './shared';

export function NotificationSwitches() {
  const { t } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSettings(await api.getNotifications());
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(next: NotificationSettings) {
    const before = settings;
    setSettings(next);
    setSaving(true);
    try {
      setSettings(await api.saveNotifications(next));
      toast.success(t('notifications.saved'));
    } catch (e) {
      setSettings(before);
      toast.error(codeText(errorCodeOf(e)));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="planner-notifications-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} id="planner-notifications-title">
          {t('notifications.title')}
        </Text>
        {failed ? (
          <Alert color="red" variant="light" p="xs" data-testid="notifications-failed">
            <Group gap="xs">
              <Text size="sm">{t('load_failed')}</Text>
              <Button size="compact-xs" variant="light" color="red" onClick={() => void load()}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        ) : settings === null ? (
          <Loader size="xs" aria-label={t('loading')} />
        ) : (
          <Group gap="lg">
            <Switch
              label={t('notifications.enabled')}
              checked={settings.enabled}
              disabled={saving}
              onChange={(e) => void save({ ...settings, enabled: e.currentTarget.checked })}
            />
            <Switch
              label={t('notifications.sound')}
              checked={settings.enabled && settings.sound}
              disabled={saving || !settings.enabled}
              onChange={(e) => void save({ ...settings, sound: e.currentTarget.checked })}
            />
          </Group>
        )}
      </Group>
    </Card>
  );
}
