// The shared number (issue #27 'Connect a shared number'): the organisation's WhatsApp gateway
// (a WAHA-compatible server it runs) connected with its address and API key; then the session's
// state as the spec names it (STARTING … WORKING, SCAN_QR_CODE, FAILED), the QR code to scan with
// the phone while it waits for one (read again as the gateway rotates it), reconnect, log out
// and disconnect. Only admins change it; others see the state. While the state is on its way
// somewhere the card reads it every few seconds; a `stamp` change (a live `state` event) reads
// it at once.
import { Alert, Badge, Button, Group, Image, Loader, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GatewayStatus } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';

/** How often the state and QR are read while the session is neither working nor stopped. */
export const POLL_MS = 3000;

const SETTLED = new Set(['WORKING', 'CONNECTED', 'STOPPED', 'FAILED']);
const STATE_COLOR: Record<string, string> = { WORKING: 'green', CONNECTED: 'green', SCAN_QR_CODE: 'yellow', FAILED: 'red', ERROR: 'red', STOPPED: 'gray' };

type Field = 'name' | 'base_url' | 'api_key' | 'general';

function ConnectForm({ orgId, current, onDone, onCancel }: { orgId: number; current: GatewayStatus | null; onDone: (s: GatewayStatus) => void; onCancel?: () => void }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const [name, setName] = useState(current?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(current?.base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    const missing: Partial<Record<Field, string>> = {};
    if (!name.trim()) missing.name = 'fields_required';
    if (!baseUrl.trim()) missing.base_url = 'fields_required';
    if (!apiKey.trim()) missing.api_key = 'fields_required';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const s = await api.connectGateway({ org_id: orgId, name: name.trim(), base_url: baseUrl.trim(), api_key: apiKey.trim() });
      toast.success(t('gateway.connected_toast'));
      onDone(s);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        const f = e.fields;
        setErrors({ name: f.name, base_url: f.base_url, api_key: f.api_key ?? (e.code === 'gateway_key_refused' ? e.code : undefined) });
      } else setErrors({ general: codeOf(e) });
    } finally {
      setBusy(false);
    }
  }
  const err = (f: Field) => (errors[f] ? codeText(errors[f], { fields_required: t('gateway.required') }) : undefined);

  return (
    <form
      noValidate
      aria-label={t('gateway.connect')}
      data-testid="gateway-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        {errors.general && (
          <Alert color="red" variant="light" role="alert">
            {err('general')}
          </Alert>
        )}
        <TextInput label={t('gateway.name')} placeholder={t('gateway.name_placeholder')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} data-testid="gateway-name" />
        <TextInput
          label={t('gateway.base_url')}
          description={t('gateway.base_url_hint')}
          placeholder="https://waha.example.com"
          required
          maxLength={2000}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
          error={err('base_url')}
          data-testid="gateway-url"
        />
        <PasswordInput
          label={t('gateway.api_key')}
          description={current?.connected ? t('gateway.api_key_again') : undefined}
          required
          maxLength={512}
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          error={err('api_key')}
          data-testid="gateway-key"
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy} leftSection={<IconPlugConnected size={16} aria-hidden />} data-testid="gateway-connect">
            {t('gateway.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Qr({ orgId, state }: { orgId: number; state: string }) {
  const { t } = useTranslation('inbox');
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (state !== 'SCAN_QR_CODE') {
      setQr(null);
      return;
    }
    const ctl = new AbortController();
    const read = () =>
      api.getQr(orgId, ctl.signal).then(
        (a) => setQr(a.qr),
        () => undefined,
      );
    void read();
    const timer = window.setInterval(() => void read(), POLL_MS * 2);
    return () => {
      ctl.abort();
      window.clearInterval(timer);
    };
  }, [orgId, state]);
  if (state !== 'SCAN_QR_CODE') return null;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{t('gateway.scan')}</Text>
      {qr ? <Image src={qr} alt={t('gateway.qr_alt')} w={220} h={220} data-testid="gateway-qr" /> : <Loader size="sm" aria-label={t('loading')} />}
    </Stack>
  );
}

export function GatewayCard({ orgId, admin, stamp = 0, onChange }: { orgId: number; admin: boolean; stamp?: number; onChange?: (s: GatewayStatus) => void }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const [status, setStatus] = useState<GatewayStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'restart' | 'logout' | 'disconnect' | null>(null);
  const [confirm, setConfirm] = useState(false);

  const take = useCallback(
    (s: GatewayStatus) => {
      setStatus(s);
      onChange?.(s);
    },
    [onChange],
  );

  const load = useCallback(async () => {
    try {
      take(await api.getGateway(orgId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [orgId, take]);

  useEffect(() => {
    void load();
  }, [load, stamp]);

  const state = status?.state ?? null;
  useEffect(() => {
    if (!status?.connected || (state && SETTLED.has(state))) return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [status?.connected, state, load]);

  async function act(kind: 'restart' | 'logout' | 'disconnect') {
    setBusy(kind);
    try {
      const s = kind === 'restart' ? await api.restartGateway(orgId) : kind === 'logout' ? await api.logoutGateway(orgId) : await api.disconnectGateway(orgId);
      take(s);
      setConfirm(false);
      toast.success(t(`gateway.${kind}_done`));
    } catch (e) {
      toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="gateway-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('gateway.title')}
          </Title>
          {state && (
            <Badge color={STATE_COLOR[state] ?? 'blue'} variant="light" data-testid="gateway-state">
              {state}
            </Badge>
          )}
        </Group>
        {failed && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('gateway.load_failed')}</Text>
              <Button size="xs" variant="subtle" onClick={() => void load()}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {status === null && !failed && <Loader size="sm" aria-label={t('loading')} />}
        {status && !status.connected && (admin ? <><Text size="sm" c="dimmed">{t('gateway.intro')}</Text><ConnectForm orgId={orgId} current={null} onDone={take} /></> : <Text size="sm">{t('gateway.ask_admin')}</Text>)}
        {status?.connected && !editing && (
          <Stack gap="xs">
            <Text size="sm">
              <b>{status.name}</b>
              {status.number ? ` · ${status.number}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`gateway.states.${state === 'WORKING' || state === 'CONNECTED' ? 'working' : state === 'SCAN_QR_CODE' ? 'scan' : state === 'FAILED' || state === 'ERROR' ? 'failed' : state === 'STOPPED' ? 'stopped' : 'starting'}`)}
            </Text>
            {status.waiting_replies > 0 && (
              <Text size="sm" c="orange" data-testid="gateway-waiting">
                {t('gateway.waiting', { count: status.waiting_replies })}
              </Text>
            )}
            {state && <Qr orgId={orgId} state={state} />}
            {admin && (
              <Group gap="xs">
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={busy === 'restart'} onClick={() => void act('restart')} data-testid="gateway-restart">
                  {t('gateway.restart')}
                </Button>
                <Button size="xs" variant="default" loading={busy === 'logout'} onClick={() => void act('logout')} data-testid="gateway-logout">
                  {t('gateway.logout')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                  {t('gateway.edit')}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setConfirm(true)} data-testid="gateway-disconnect">
                  {t('gateway.disconnect')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {status?.connected && editing && (
          <ConnectForm
            orgId={orgId}
            current={status}
            onDone={(s) => {
              take(s);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('gateway.disconnect_title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('gateway.disconnect_text')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={busy === 'disconnect'} onClick={() => void act('disconnect')} data-testid="gateway-disconnect-confirm">
              {t('gateway.disconnect')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
