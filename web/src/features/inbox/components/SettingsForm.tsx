// The inbox's settings (admins; issue #27 'Team work'): which members new conversations on the
// shared number go to and their shares (smooth weighted round-robin on the server), whether each
// takes new ones now, and the needs-reply clock — minutes a conversation may wait, then an alert
// or a reassignment — counted in the organisation's business hours (their own editor, shown below
// this form in the settings drawer).
import { Alert, Button, Group, Loader, NumberInput, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, InboxAgent, InboxSettings } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { memberName } from '../logic';

/** Every active member as an agent row: their saved share, else 1 and not taking new ones. */
export function agentRows(members: Employee[], saved: InboxAgent[]): InboxAgent[] {
  const byId = new Map(saved.map((a) => [a.user_id, a]));
  return members.filter((m) => m.user_status === 2).map((m) => byId.get(m.user_id) ?? { user_id: m.user_id, weight: 1, available: false });
}

export function SettingsForm({ orgId, admin, members }: { orgId: number; admin: boolean; members: Employee[] }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const [settings, setSettings] = useState<InboxSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    api.getSettings(orgId, ctl.signal).then(
      (s) => setSettings({ ...s, agents: agentRows(members, s.agents) }),
      () => setFailed(true),
    );
    return () => ctl.abort();
  }, [orgId, members]);

  if (failed) return <Alert color="red">{t('settings.load_failed')}</Alert>;
  if (!settings) return <Loader size="sm" aria-label={t('loading')} />;
  const names = new Map(members.map((m) => [m.user_id, memberName(m)]));
  const set = (patch: Partial<InboxSettings>) => setSettings((s) => (s ? { ...s, ...patch } : s));
  const setAgent = (id: number, patch: Partial<InboxAgent>) => set({ agents: settings.agents.map((a) => (a.user_id === id ? { ...a, ...patch } : a)) });

  async function save() {
    if (!settings) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await api.saveSettings(settings);
      setSettings({ ...saved, agents: agentRows(members, saved.agents) });
      toast.success(t('settings.saved'));
    } catch (e) {
      setError(codeOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" data-testid="inbox-settings">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('settings.agents')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.agents_hint')}
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.member')}</Table.Th>
              <Table.Th>{t('settings.weight')}</Table.Th>
              <Table.Th>{t('settings.available')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.agents.map((a) => (
              <Table.Tr key={a.user_id}>
                <Table.Td>{names.get(a.user_id) ?? `#${a.user_id}`}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" w={90} min={0} max={100} clampBehavior="strict" allowDecimal={false} value={a.weight} onChange={(v) => setAgent(a.user_id, { weight: typeof v === 'number' ? v : 0 })} disabled={!admin} aria-label={t('settings.weight_of', { name: names.get(a.user_id) ?? '' })} />
                </Table.Td>
                <Table.Td>
                  <Switch checked={a.available} onChange={(e) => setAgent(a.user_id, { available: e.currentTarget.checked })} disabled={!admin} aria-label={t('settings.available_of', { name: names.get(a.user_id) ?? '' })} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('settings.clock')}
        </Title>
        <Group gap="xs" align="flex-end">
          <NumberInput
            label={t('settings.reply_minutes')}
            description={t('settings.reply_minutes_hint')}
            min={1}
            max={10080}
            allowDecimal={false}
            clampBehavior="strict"
            value={settings.reply_minutes ?? ''}
            onChange={(v) => set({ reply_minutes: typeof v === 'number' ? v : null })}
            disabled={!admin}
            w={220}
          />
          <Select
            label={t('settings.escalation')}
            data={[
              { value: 'alert', label: t('settings.escalations.alert') },
              { value: 'reassign', label: t('settings.escalations.reassign') },
            ]}
            value={settings.escalation}
            onChange={(v) => v && set({ escalation: v })}
            allowDeselect={false}
            disabled={!admin}
            w={220}
          />
        </Group>
        <Text size="sm" c="dimmed" data-testid="clock-hours">
          {t('settings.clock_hours')}
        </Text>
      </Stack>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {codeText(error)}
        </Alert>
      )}
      {admin ? (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={busy} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('settings.admins_only')}
        </Text>
      )}
    </Stack>
  );
}
